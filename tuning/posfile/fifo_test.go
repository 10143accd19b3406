//go:build unix

package posfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/safefile"
)

// TestReadFileRefusesFIFO: ReadFile checks before it opens: a FIFO with no
// writer is refused at once instead of blocking the open.
func TestReadFileRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "data.bin")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, safefile.ErrNotRegular) {
			t.Errorf("ReadFile of a FIFO: %v, want ErrNotRegular", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFile of a FIFO still blocked after 5 s")
	}
}
