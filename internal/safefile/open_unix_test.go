//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// within runs f and fails the test when it has not returned after limit.
func within(t *testing.T, what string, limit time.Duration, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("%s: still blocked after %v", what, limit)
		return nil
	}
}

// TestFIFORefusedAtOnce: a FIFO with no writer (nor reader) is refused at
// once by every way of opening, also when it replaces a regular file
// between the check and the open (the open itself does not block).
func TestFIFORefusedAtOnce(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	opens := map[string]func() error{
		"Open":       func() error { _, _, err := Open(fifo); return err },
		"ReadFile":   func() error { _, err := ReadFile(fifo, 1<<20); return err },
		"OpenAppend": func() error { _, err := OpenAppend(fifo); return err },
		"openChecked read": func() error {
			_, _, err := openChecked(fifo, os.O_RDONLY, 0)
			return err
		},
		"openChecked append": func() error {
			_, _, err := openChecked(fifo, os.O_WRONLY|os.O_APPEND, 0)
			return err
		},
		"Create": func() error { _, err := Create(fifo); return err },
	}
	for name, open := range opens {
		err := within(t, name, 5*time.Second, open)
		// A FIFO opened for writing with no reader fails with ENXIO
		// before it can be checked: refused all the same.
		if !errors.Is(err, ErrNotRegular) && !errors.Is(err, syscall.ENXIO) {
			t.Errorf("%s of a FIFO: %v, want ErrNotRegular", name, err)
		}
	}
}
