package protocol

import (
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/rs/zerolog"

	"github.com/goxq/ucci/internal/safefile"
)

// openLog returns a logger writing JSON lines to path (appending), or a
// disabled logger and the reason when path is empty or cannot be opened
// (only a regular file is, and never by waiting: safefile.OpenAppend).
func openLog(path string) (zerolog.Logger, *os.File, error) {
	if path == "" {
		return zerolog.Nop(), nil, nil
	}
	f, err := safefile.OpenAppend(path)
	if err != nil {
		return zerolog.Nop(), nil, err
	}
	zerolog.TimeFieldFormat = time.RFC3339Nano
	return zerolog.New(f).With().Timestamp().Logger().Level(zerolog.DebugLevel), f, nil
}

// unwrapPath drops the path of an *fs.PathError, for messages that name
// the file already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
