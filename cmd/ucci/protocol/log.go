package protocol

import (
	"os"
	"time"

	"github.com/rs/zerolog"
)

// openLog returns a logger writing JSON lines to path (appending), or a
// disabled logger when path is empty or cannot be opened.
func openLog(path string) (zerolog.Logger, *os.File) {
	if path == "" {
		return zerolog.Nop(), nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return zerolog.Nop(), nil
	}
	zerolog.TimeFieldFormat = time.RFC3339Nano
	return zerolog.New(f).With().Timestamp().Logger().Level(zerolog.DebugLevel), f
}
