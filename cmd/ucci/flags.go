package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/goxq/ucci/internal/safefile"
)

// Ranges shared by the commands that take these flags.
const (
	maxNaturalLimit = 1000 // plies, as the engine's naturallimit option
	minFolds        = 2
	maxFolds        = 10
)

// newFlagSet returns the flag set of a subcommand: errors and usage go to
// stderr; the usage is the synopsis followed by the flags.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
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

// parseFlags parses args into fs. When they cannot be parsed (the flag
// package has printed why, and the usage) it returns exit status 2 and
// false.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		return 2, false
	}
	return 0, true
}

// badArg reports a bad flag value or argument on the command's error
// output and returns exit status 2.
func badArg(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "ucci %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fmt.Fprintf(fs.Output(), "Run 'ucci %s -h' for the flags.\n", fs.Name())
	return 2
}

// intIn checks that the integer flag name lies in [lo, hi].
func intIn(name string, v, lo, hi int) error {
	switch {
	case v >= lo && v <= hi:
		return nil
	case hi == maxInt:
		return fmt.Errorf("-%s %d: out of range (want %d or more)", name, v, lo)
	}
	return fmt.Errorf("-%s %d: out of range (want %d to %d)", name, v, lo, hi)
}

// maxInt stands for "no upper bound" in intIn.
const maxInt = int(^uint(0) >> 1)

// durationAbove checks that the duration flag name is above lo.
func durationAbove(name string, v, lo time.Duration) error {
	if v > lo {
		return nil
	}
	return fmt.Errorf("-%s %v: out of range (want more than %v)", name, v, lo)
}

// writableFile checks that a file can be created at path: its directory
// exists and is a directory, and an existing file there is a regular file
// (a directory, a FIFO or a device is never written). The file itself is
// not created.
func writableFile(flagName, path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("-%s %s: %w", flagName, path, unwrapPathError(err))
	case !st.IsDir():
		return fmt.Errorf("-%s %s: %s is not a directory", flagName, path, dir)
	}
	if err := safefile.CheckFile(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("-%s %s: %w", flagName, path, unwrapPathError(err))
	}
	return nil
}

// existingDir checks that path names a directory.
func existingDir(flagName, path string) error {
	if path == "" {
		return nil
	}
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return fmt.Errorf("-%s %s: %w", flagName, path, unwrapPathError(err))
	case !st.IsDir():
		return fmt.Errorf("-%s %s: not a directory", flagName, path)
	}
	return nil
}

// unwrapPathError drops the path from an *os.PathError (the caller names
// it already).
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// errOneProfile rejects two profiles at once.
var errOneProfile = errors.New("-cpuprofile and -memprofile cannot be used together")

// floatIn checks that the number flag name lies in [lo, hi] (NaN does not).
func floatIn(name string, v, lo, hi float64) error {
	if v >= lo && v <= hi {
		return nil
	}
	return fmt.Errorf("-%s %g: out of range (want %g to %g)", name, v, lo, hi)
}

// firstError returns the first non-nil error.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// readableFile checks that path names an existing regular file.
func readableFile(flagName, path string) error {
	if err := safefile.CheckFile(path); err != nil {
		return fmt.Errorf("-%s %s: %w", flagName, path, unwrapPathError(err))
	}
	return nil
}

// flagGiven tells whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// stringList collects a repeated string flag.
type stringList []string

func (l *stringList) String() string { return fmt.Sprint([]string(*l)) }

func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}
