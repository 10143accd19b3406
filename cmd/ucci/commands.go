package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/goxq/ucci/cmd/ucci/tunecmd"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

// command is one entry of the command table: a subcommand with its action,
// or a group of subcommands (which may have an action of its own, as
// `ucci match` has). Every action parses its flags with the standard flag
// package and prints its usage and flags on -h.
type command struct {
	name    string
	summary string // one line for the command lists
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	subs    []*command
}

// withoutInput adapts a command that reads no standard input.
func withoutInput(f func(args []string, stdout, stderr io.Writer) int) func([]string, io.Reader, io.Writer, io.Writer) int {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int { return f(args, stdout, stderr) }
}

// commands is the command table. A new subcommand is one entry here (or in
// the subs of its group); help, -h and the usage on errors follow from it.
var commands = []*command{
	{name: "perft", summary: "count the legal move tree of a position", run: withoutInput(runPerft)},
	{name: "judge", summary: "referee a game: the result of a move list or of every game of a PGN file", run: withoutInput(runJudge)},
	{name: "bench", summary: "the search signature: nodes searched over the bench positions", run: withoutInput(runBench)},
	{name: "book", summary: "build and probe opening books", subs: []*command{
		{name: "build", summary: "build a book from PGN files", run: withoutInput(runBookBuild)},
		{name: "probe", summary: "show the book moves of a position", run: withoutInput(runBookProbe)},
	}},
	{name: "match", summary: "play engines against each other", run: runMatch, subs: []*command{
		{name: "openings", summary: "choose balanced opening positions from master games", run: withoutInput(runMatchOpenings)},
		{name: "endgames", summary: "choose endgame start positions from master games", run: withoutInput(runMatchEndgames)},
		{name: "status", summary: "show the matches run on a NATS broker (ucci match -broker)", run: withoutInput(runMatchStatus)},
	}},
	{name: "tb", summary: "endgame tablebases: build, probe, verify and check against the search", subs: []*command{
		{name: "build", summary: "build tables by retrograde analysis", run: withoutInput(runTBBuild)},
		{name: "probe", summary: "the exact value of a position and of each of its moves", run: withoutInput(runTBProbe)},
		{name: "verify", summary: "check every table against the rules and itself", run: withoutInput(runTBVerify)},
		{name: "check", summary: "compare random table positions with the engine's own search", run: withoutInput(runTBCheck)},
	}},
	{name: "serve", summary: "a board in the browser: play, analyse and read records", run: withoutInput(runServe)},
	{name: "tune", summary: "tune the evaluation and the search", subs: []*command{
		{name: "data", summary: "labelled quiet positions from games", run: withoutInput(tunecmd.Data)},
		{name: "texel", summary: "fit the evaluation weights to labelled positions", run: withoutInput(tunecmd.Texel)},
		{name: "spsa", summary: "tune the search parameters by matches (tuning builds)", run: withoutInput(tuneSPSA)},
		{name: "datagen", summary: "training positions for the neural network (self-play or relabelled games)", run: withoutInput(tuneDatagen)},
		{name: "nnue", summary: "train the neural network evaluation", run: withoutInput(tunecmd.NNUE)},
		{name: "wdl", summary: "fit the win/draw/loss model of UCI_ShowWDL to game results", run: withoutInput(tunecmd.WDL)},
	}},
	{name: "worker", summary: "play the games of matches run on a NATS broker (ucci match -broker)", run: withoutInput(runWorker)},
	{name: "key", summary: "create the key that signs a coordinator's work and print its public key", run: withoutInput(runKey)},
	{name: "version", summary: "print the version", run: withoutInput(runVersion)},
}

// dispatch runs the subcommand that args name. `help CMD [SUB]` and -h,
// -help or --help anywhere among a command's arguments print its help on
// stdout (exit 0); an unknown command or subcommand prints the usage on
// stderr (exit 2).
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if args[0] == "help" {
		chain, rest, err := resolve(args[1:])
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "ucci help: %v\n", err)
			writeUsage(stderr, chain)
			return 2
		case len(rest) > 0:
			fmt.Fprintf(stderr, "ucci help: unexpected argument %s\n", quote.Input(rest[0]))
			writeUsage(stderr, chain)
			return 2
		}
		writeHelp(stdout, chain)
		return 0
	}
	chain, rest, err := resolve(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		writeUsage(stderr, chain)
		return 2
	}
	if wantsHelp(rest) {
		writeHelp(stdout, chain)
		return 0
	}
	cmd := chain[len(chain)-1]
	if cmd.run == nil {
		if len(rest) == 0 {
			fmt.Fprintf(stderr, "%s: a command is needed\n", pathOf(chain))
		} else {
			fmt.Fprintf(stderr, "%s: unknown flag %s\n", pathOf(chain), quote.Input(rest[0]))
		}
		writeUsage(stderr, chain)
		return 2
	}
	return cmd.run(rest, stdin, stdout, stderr)
}

// resolve walks the leading words of args down the command table and
// returns the commands named (outermost first) and the remaining
// arguments. A word that names no command is an error ("ucci book: unknown
// command ..."); chain then holds the commands named before it.
func resolve(args []string) (chain []*command, rest []string, err error) {
	list := commands
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") && (len(chain) == 0 || len(list) > 0) {
		next := find(list, args[0])
		if next == nil {
			return chain, args, fmt.Errorf("%s: unknown command %s", pathOf(chain), quote.Input(args[0]))
		}
		chain = append(chain, next)
		list, args = next.subs, args[1:]
	}
	return chain, args, nil
}

// find returns the command of list with the given name, nil if none.
func find(list []*command, name string) *command {
	for _, c := range list {
		if c.name == name {
			return c
		}
	}
	return nil
}

// wantsHelp tells whether a help flag comes before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// pathOf returns "ucci book build" for a chain of commands.
func pathOf(chain []*command) string {
	names := []string{"ucci"}
	for _, c := range chain {
		names = append(names, c.name)
	}
	return strings.Join(names, " ")
}

// writeHelp prints the help of the last command of chain: its own usage
// and flags when it has an action, then its subcommands; the list of all
// commands and the engine's flags for an empty chain.
func writeHelp(w io.Writer, chain []*command) {
	if len(chain) == 0 {
		writeTopHelp(w)
		return
	}
	cmd := chain[len(chain)-1]
	if cmd.run != nil {
		// The action prints its usage and flags on -h (to its stderr).
		cmd.run([]string{"-h"}, strings.NewReader(""), w, w)
	}
	if len(cmd.subs) > 0 {
		if cmd.run == nil {
			fmt.Fprintf(w, "usage: %s COMMAND [flags] [arguments]\n", pathOf(chain))
		}
		writeList(w, pathOf(chain), cmd.subs)
		fmt.Fprintf(w, "Run '%s COMMAND -h' for the flags of a command.\n", pathOf(chain))
	}
}

// writeUsage prints the usage for an error: the top-level commands, the
// subcommands of a group, or a command's own usage and flags.
func writeUsage(w io.Writer, chain []*command) {
	if len(chain) == 0 {
		fmt.Fprintln(w, "usage: ucci [-log FILE] [-cpuprofile DIR] [-memprofile DIR]   (the engine, on stdin/stdout)")
		fmt.Fprintln(w, "       ucci COMMAND [flags] [arguments]")
		writeList(w, "ucci", commands)
		fmt.Fprintln(w, "Run 'ucci help' for more, 'ucci COMMAND -h' for the flags of a command.")
		return
	}
	cmd := chain[len(chain)-1]
	if len(cmd.subs) == 0 {
		writeHelp(w, chain)
		return
	}
	fmt.Fprintf(w, "usage: %s COMMAND [flags] [arguments]\n", pathOf(chain))
	writeList(w, pathOf(chain), cmd.subs)
	fmt.Fprintf(w, "Run '%s COMMAND -h' for the flags of a command.\n", pathOf(chain))
}

// writeList prints one line per command of list: its full name and summary.
func writeList(w io.Writer, prefix string, list []*command) {
	width := 0
	for _, c := range list {
		width = max(width, len(prefix)+1+len(c.name))
	}
	for _, c := range list {
		fmt.Fprintf(w, "  %-*s  %s\n", width, prefix+" "+c.name, c.summary)
	}
}

// writeTopHelp prints what `ucci help` shows: how to start the engine, its
// flags and the commands.
func writeTopHelp(w io.Writer) {
	fmt.Fprintf(w, "ucci %s: a xiangqi engine that speaks UCCI and UCI on stdin/stdout.\n\n", version)
	fmt.Fprintln(w, "usage: ucci [-log FILE] [-cpuprofile DIR] [-memprofile DIR]")
	fmt.Fprintln(w, "  starts the engine; a GUI sends ucci or uci first. Flags:")
	fs, _ := engineFlagSet(w)
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nusage: ucci COMMAND [flags] [arguments]")
	writeList(w, "ucci", commands)
	fmt.Fprintln(w, "  ucci help COMMAND [SUBCOMMAND]   the flags of a command (also: ucci COMMAND -h)")
}

// runVersion implements `ucci version`.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("version", "usage: ucci version\n  prints the version stamped at build time", stderr)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return cliflags.Bad(fs, "unexpected argument %q", fs.Arg(0))
	}
	fmt.Fprintf(stdout, "ucci %s\n", version)
	return 0
}
