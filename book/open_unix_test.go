//go:build unix

package book

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO without a writer, /dev/zero and /dev/stdin are refused at once:
// the open must not wait for a writer, nor a read for an end of file that
// never comes.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "book.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, "/dev/zero", "/dev/null"} {
		if _, err := openWithin(t, p, 5*time.Second); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v, want ErrNotRegular", p, err)
		}
	}
	// As part of a set, the whole set is refused.
	if _, err := openWithin(t, fifo+";/dev/zero", 5*time.Second); !errors.Is(err, ErrNotRegular) {
		t.Errorf("set with a FIFO: %v, want ErrNotRegular", err)
	}
}
