//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// makeFIFO makes a FIFO that nothing writes to nor reads from: opening it
// the ordinary way blocks for ever.
func makeFIFO(t *testing.T) string {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "named.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return fifo
}

// TestOptionFIFORefused: a FIFO named by the EvalFile or the log file
// option is refused at once with a message naming it, isready is still
// answered, and quit ends the engine promptly.
func TestOptionFIFORefused(t *testing.T) {
	fifo := makeFIFO(t)
	for _, c := range []struct{ hello, set, prefix string }{
		{"uci", "setoption name EvalFile value ", "info string "},
		{"ucci", "setoption evalfile ", "info message "},
		{"uci", "setoption name Debug Log File value ", "info string "},
		{"ucci", "setoption logfile ", "info message "},
	} {
		e := enginetest.Start(t)
		e.Send(c.hello, "isready")
		e.Expect(`^readyok$`, wait)
		e.Send(c.set+fifo, "isready")
		_, before := e.Expect(`^readyok$`, 2*time.Second)
		if len(before) != 1 || !strings.HasPrefix(before[0], c.prefix) || !strings.Contains(before[0], "named.fifo") ||
			!strings.Contains(before[0], "not a regular file (a FIFO)") {
			t.Errorf("%s: %q before readyok, want one message refusing the FIFO", c.set, before)
		}
		start := time.Now()
		e.Send("quit")
		select {
		case <-e.Exited():
		case <-time.After(2 * time.Second):
			t.Fatalf("%s: quit did not end the engine within 2 s", c.set)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: quit took %v", c.set, d)
		}
	}
}

// TestCommandsRefuseFIFO: every command that reads or writes a file a flag
// or an argument names refuses a FIFO at once (exit 1 or 2, the reason on
// stderr) instead of waiting for ever for a writer or a reader.
func TestCommandsRefuseFIFO(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"-log", "FIFO"},
		{"bench", "-evalfile", "FIFO", "1"},
		{"judge", "-pgn", "FIFO"},
		{"book", "build", "-out", out("b.xqb"), "FIFO"},
		{"match", "-engine", "a", "-engine", "b", "-openings", "FIFO", "-quiet"},
		{"match", "-engine", "a", "-engine", "b", "-pgn", "FIFO", "-quiet"},
		{"match", "-engine", "a", "-engine", "b", "-log", "FIFO", "-quiet"},
		{"match", "openings", "-pgn", "FIFO", "-out", out("op.txt")},
		{"serve", "-addr", "127.0.0.1:0", "-log", "FIFO"},
		{"tune", "data", "-quiet", "-out", out("d.tsv"), "FIFO"},
		{"tune", "texel", "-quiet", "-data", "FIFO"},
		{"tune", "wdl", "-quiet", "FIFO"},
		{"tune", "wdl", "-quiet", "-load", "FIFO"},
		{"tune", "nnue", "-quiet", "-out", out("n.nnue"), "FIFO"},
		{"tune", "datagen", "-quiet", "-out", out("dg"), "FIFO"},
		{"tune", "datagen", "-quiet", "-out", out("dg2"), "-evalfile", "FIFO", "-games", "1"},
	} {
		// Each case has a FIFO of its own: a case left blocked must not
		// open the other end of the next one's.
		fifo := makeFIFO(t)
		for i, a := range args {
			if a == "FIFO" {
				args[i] = fifo
			}
		}
		done := make(chan struct{})
		var code int
		var stderr string
		go func() {
			defer close(done)
			code, _, stderr = runCapture(args...)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Errorf("%q: still running after 5 s", args)
			continue
		}
		if code == 0 || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("%q: exit %d, stderr %q; want a refusal of the FIFO", args, code, stderr)
		}
	}
}
