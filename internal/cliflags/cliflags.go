// Package cliflags is the flag prologue of ucci's subcommands (cmd/ucci and
// cmd/ucci/tunecmd), in one place: the flag set of a command (errors and
// usage to the command's error output, the usage being the synopsis then
// the flags), parsing (exit status 2 on a flag that cannot be parsed), the
// answer to a bad value (naming the flag, exit status 2), the range checks,
// and the flags that several commands declare alike (-workers, -quiet).
//
// -h, -help and --help never reach a flag set as an error: cmd/ucci's
// dispatch prints the command's help on standard output with exit status 0
// (it runs the command with -h and its output on standard output).
package cliflags

import (
	"flag"
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/quote"
)

// New returns the flag set of the subcommand name (as typed after ucci,
// e.g. "tune data"): errors and usage go to stderr; the usage is the
// synopsis followed by the flags.
func New(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), synopsis)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(fs.Output(), "flags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// Parse parses args into fs. When they cannot be parsed (the flag package
// has printed why, and the usage) it returns exit status 2 and false.
func Parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		return 2, false
	}
	return 0, true
}

// Bad reports a bad flag value or argument on the command's error output
// and returns exit status 2.
func Bad(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "ucci %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fmt.Fprintf(fs.Output(), "Run 'ucci %s -h' for the flags.\n", fs.Name())
	return 2
}

// Given tells whether the flag name was set on the command line.
func Given(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// Workers declares -workers, the goroutines of a command (0: one per core),
// with what they do (e.g. "goroutines", "games played at once").
func Workers(fs *flag.FlagSet, what string) *int {
	return fs.Int("workers", 0, what+" (0: one per core)")
}

// Quiet declares -quiet, which turns the progress bar off.
func Quiet(fs *flag.FlagSet) *bool {
	return fs.Bool("quiet", false, "no progress bar")
}

// Row is one flag of a command bound to its setting: the flag's name, the
// setting (an *int, *uint64, *float64, *string or *bool, whose value when
// Define is called is the default) and the usage.
type Row struct {
	Name  string
	Value any
	Usage string
}

// Define declares the flags of rows on fs. A row of another type panics:
// it is a mistake in the program, which every run of the command finds.
func Define(fs *flag.FlagSet, rows ...Row) {
	for _, r := range rows {
		switch p := r.Value.(type) {
		case *int:
			fs.IntVar(p, r.Name, *p, r.Usage)
		case *uint64:
			fs.Uint64Var(p, r.Name, *p, r.Usage)
		case *float64:
			fs.Float64Var(p, r.Name, *p, r.Usage)
		case *string:
			fs.StringVar(p, r.Name, *p, r.Usage)
		case *bool:
			fs.BoolVar(p, r.Name, *p, r.Usage)
		default:
			panic(fmt.Sprintf("cliflags: flag -%s bound to a %T", r.Name, r.Value))
		}
	}
}

// Args checks that fs was left between lo and hi arguments (MaxInt: no
// bound); what names them in the answer, e.g. "PGN files".
func Args(fs *flag.FlagSet, lo, hi int, what string) error {
	switch n := fs.NArg(); {
	case n < lo:
		return fmt.Errorf("no %s given", what)
	case n > hi:
		return fmt.Errorf("unexpected argument %s", quote.Input(fs.Arg(hi)))
	}
	return nil
}
