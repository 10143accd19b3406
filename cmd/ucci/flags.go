package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/goxq/ucci/internal/safefile"
)

// Ranges shared by the commands that take these flags.
const (
	maxNaturalLimit = 1000 // plies, as the engine's naturallimit option
	minFolds        = 2
	maxFolds        = 10
)

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

// readableFile checks that path names an existing regular file.
func readableFile(flagName, path string) error {
	if err := safefile.CheckFile(path); err != nil {
		return fmt.Errorf("-%s %s: %w", flagName, path, unwrapPathError(err))
	}
	return nil
}

// stringList collects a repeated string flag.
type stringList []string

func (l *stringList) String() string { return fmt.Sprint([]string(*l)) }

func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}
