//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// testBookMove is the start move of the book testBookFile builds: the
// rook's step a0a1 (or its mirror image i0i1), which the built-in book
// does not play.
const testBookMove = `^bestmove (a0a1|i0i1)( |$)`

// testBookFile builds a one-move book in dir and returns its path.
func testBookFile(t *testing.T, dir string) string {
	t.Helper()
	games := filepath.Join(dir, "rook.pgn")
	if err := os.WriteFile(games, []byte("[Result \"1-0\"]\n1. i0i1 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "rook.xqb")
	if code, _, stderr := runBookCmd("build", "-out", out, "-min-games", "1", "-min-score", "0", games); code != 0 {
		t.Fatalf("building the test book: exit %d, %s", code, stderr)
	}
	return out
}

// hostileBookFiles returns files that must be refused as books at once: a
// FIFO without a writer, the engine's own stdin (a pipe), /dev/zero, a
// 40 GB sparse file, a directory.
func hostileBookFiles(t *testing.T, dir string) []string {
	t.Helper()
	fifo := filepath.Join(dir, "book.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.xqb")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 40<<30); err != nil {
		t.Fatal(err)
	}
	return []string{fifo, "/dev/stdin", "/dev/zero", huge, dir}
}

// A refused book file is reported at once, isready is still answered, and
// the previous book stays in use: UCCI.
func TestUCCIBookFileRefused(t *testing.T) {
	dir := t.TempDir()
	good := testBookFile(t, dir)
	e := enginetest.Start(t)
	e.Send("ucci", "setoption bookfiles "+good, "isready")
	e.Expect(`^readyok$`, wait)
	for _, bad := range hostileBookFiles(t, dir) {
		e.Send("setoption bookfiles "+bad, "isready")
		e.Expect(`^info message option bookfiles: .*(not a regular file|larger than).*the previous book stays$`, 2*time.Second)
		e.Expect(`^readyok$`, 2*time.Second)
		e.Send("position startpos", "go time 60000")
		e.Expect(testBookMove, wait)
	}
}

// The same in UCI, through the BookFile option.
func TestUCIBookFileRefused(t *testing.T) {
	dir := t.TempDir()
	good := testBookFile(t, dir)
	e := enginetest.Start(t)
	e.Send("uci", "setoption name BookFile value "+good, "isready")
	e.Expect(`^readyok$`, wait)
	for _, bad := range hostileBookFiles(t, dir) {
		e.Send("setoption name BookFile value "+bad, "isready")
		e.Expect(`^info string option BookFile: .*(not a regular file|larger than).*the previous book stays$`, 2*time.Second)
		e.Expect(`^readyok$`, 2*time.Second)
		e.Send("position startpos", "go wtime 60000 btime 60000")
		e.Expect(testBookMove, wait)
	}
}

// book probe -book refuses the same files with exit 1 and the reason
// (except /dev/stdin: the test's own input may be a regular file).
func TestBookProbeRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range hostileBookFiles(t, dir) {
		if bad == "/dev/stdin" {
			continue
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			code, _, stderr := runBookCmd("probe", "-book", bad)
			if code != 1 || !regexp.MustCompile(`^book probe: .*(not a regular file|larger than)`).MatchString(stderr) {
				t.Errorf("%s: exit %d, %q", bad, code, stderr)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("book probe -book %s still running after 5 s", bad)
		}
	}
}
