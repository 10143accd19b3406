// Command ucci is a xiangqi engine that speaks UCCI and UCI on stdin/stdout,
// with subcommands for perft, the referee, bench, books and matches.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand; with none it starts the protocol loop.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' && args[0] != "-version" && args[0] != "--version" {
		return runEngine(args, stdin, stdout, stderr)
	}
	switch args[0] {
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "book":
		return runBook(args[1:], stdout, stderr)
	case "judge":
		return runJudge(args[1:], stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "match":
		return runMatch(args[1:], stdin, stdout, stderr)
	case "tune":
		return runTune(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintf(stdout, "ucci %s\n", version)
		return 0
	}
	fmt.Fprintf(stderr, "ucci: unknown command %q\n", args[0])
	return 2
}
