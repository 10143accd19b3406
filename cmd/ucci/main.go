// Command ucci is a xiangqi engine that speaks UCCI and UCI on stdin/stdout,
// with subcommands for perft, the referee, bench, books, matches and
// tuning (see commands.go; `ucci help` lists them).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run starts the protocol loop when there are no arguments or only engine
// flags, and dispatches a subcommand otherwise.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		return runEngine(nil, stdin, stdout, stderr)
	case args[0] == "-version" || args[0] == "--version":
		return runVersion(args[1:], stdout, stderr)
	case strings.HasPrefix(args[0], "-") && wantsHelp(args):
		writeTopHelp(stdout)
		return 0
	case strings.HasPrefix(args[0], "-"):
		return runEngine(args, stdin, stdout, stderr)
	}
	return dispatch(args, stdin, stdout, stderr)
}

// fail prints "PROG: message" on w (PROG such as "ucci judge") and returns
// exit status code.
func fail(w io.Writer, prog string, code int, format string, a ...any) int {
	fmt.Fprintf(w, "%s: %s\n", prog, fmt.Sprintf(format, a...))
	return code
}
