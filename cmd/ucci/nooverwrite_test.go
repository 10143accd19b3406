package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tuning/posfile"
)

// masterGames is a small PGN of master games.
const masterGames = "../../tuning/data/testdata/master24.pgn"

// copyFile copies src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writePositions writes a small position file to path.
func writePositions(t *testing.T, path string) {
	t.Helper()
	pos, err := engine.NewPosition(engine.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var recs []posfile.Record
	for i := range 64 {
		recs = append(recs, posfile.Encode(pos, i-32, posfile.Result(i%3), i))
	}
	if err := posfile.WriteFile(path, recs); err != nil {
		t.Fatal(err)
	}
}

// snapshot records the contents of files, to check later that none
// changed.
type snapshot map[string][]byte

func takeSnapshot(t *testing.T, paths ...string) snapshot {
	t.Helper()
	s := snapshot{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s[p] = data
	}
	return s
}

// changed lists the files whose contents differ from the snapshot, and
// writes them back.
func (s snapshot) changed() []string {
	var out []string
	for p, data := range s {
		if now, err := os.ReadFile(p); err != nil || !bytes.Equal(now, data) {
			out = append(out, filepath.Base(p))
			os.WriteFile(p, data, 0o644)
		}
	}
	return out
}

// TestNoOutputOverwritesAnInput runs the command lines of issue 29 that
// destroyed their input, and variants by a symbolic and a hard link: each
// is refused (exit 2, the reason naming both files) and every input is
// left as it was.
func TestNoOutputOverwritesAnInput(t *testing.T) {
	dir := t.TempDir()
	in := func(name string) string { return filepath.Join(dir, name) }
	copyFile(t, masterGames, in("g.pgn"))
	copyFile(t, masterGames, in("g2.pgn"))
	copyFile(t, masterGames, in("op.pgn"))
	copyFile(t, masterGames, in("op3.pgn"))
	os.Symlink(in("g.pgn"), in("link.pgn"))
	os.Link(in("g.pgn"), in("hard.pgn"))
	writePositions(t, in("in0.bin"))
	os.Mkdir(in("dg2"), 0o755)
	writePositions(t, in("dg2/chunk-0.bin"))
	writePositions(t, in("dg2/net.bin"))
	if code, _, stderr := runCapture("tune", "data", "-quiet", "-per-game", "20", "-out", in("td.txt"), masterGames); code != 0 {
		t.Fatalf("tune data: %s", stderr)
	}
	inputs := takeSnapshot(t, in("g.pgn"), in("g2.pgn"), in("op.pgn"), in("op3.pgn"), in("in0.bin"), in("td.txt"),
		in("dg2/chunk-0.bin"), in("dg2/net.bin"))
	for _, c := range []struct {
		args []string
		want string // in the message
	}{
		{[]string{"tune", "data", "-quiet", "-out", in("g.pgn"), in("g.pgn")}, "is the input"},
		{[]string{"tune", "data", "-quiet", "-out", in("link.pgn"), in("g.pgn")}, "is the input"},
		{[]string{"tune", "data", "-quiet", "-out", in("hard.pgn"), in("g.pgn")}, "is the input"},
		{[]string{"match", "-engine", "a", "-engine", "b", "-quiet", "-openings", in("op.pgn"), "-pgn", in("op.pgn")}, "is the input -openings"},
		{[]string{"match", "-engine", "a", "-engine", "b", "-quiet", "-openings", in("op.pgn"), "-log", in("op.pgn")}, "is the input -openings"},
		{[]string{"tune", "nnue", "-quiet", "-epochs", "1", "-valid", "0", "-out", in("in0.bin"), in("in0.bin")}, "is the input"},
		{[]string{"tune", "texel", "-quiet", "-epochs", "1", "-data", in("td.txt"), "-out", in("td.txt")}, "is the input -data"},
		{[]string{"tune", "wdl", "-quiet", "-depth", "1", "-positions", "30", "-save", in("g2.pgn"), in("g2.pgn")}, "is the input"},
		{[]string{"match", "openings", "-pgn", in("op3.pgn"), "-out", in("op3.pgn"), "-min-games", "1"}, "is the input -pgn"},
		{[]string{"tune", "nnue", "-quiet", "-epochs", "1", "-valid", "0", "-out", in("dg2/net.bin"), in("dg2")}, "inside the input directory"},
	} {
		done := make(chan struct{})
		var code int
		var stderr string
		go func() {
			defer close(done)
			code, _, stderr = runCapture(c.args...)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%q: still running after a minute", c.args)
		}
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
		if ch := inputs.changed(); len(ch) > 0 {
			t.Errorf("%q changed %v", c.args, ch)
		}
	}
}

// TestRefusedRunKeepsOldOutputs: an output is replaced only once the run
// has something to write: a match whose engines cannot start leaves its
// old PGN and log, and tune data whose input cannot be read its old sample
// file, as they were.
func TestRefusedRunKeepsOldOutputs(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	for _, name := range []string{"old.pgn", "old.log", "old.tsv"} {
		if err := os.WriteFile(path(name), []byte("precious "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := takeSnapshot(t, path("old.pgn"), path("old.log"), path("old.tsv"))
	for _, args := range [][]string{
		{"match", "-engine", filepath.Join(dir, "missing-engine"), "-engine", "b", "-quiet", "-pgn", path("old.pgn"), "-log", path("old.log")},
		{"tune", "data", "-quiet", "-out", path("old.tsv"), t.TempDir()},
	} {
		if code, _, stderr := runCapture(args...); code != 1 {
			t.Errorf("%q: exit %d (%s), want 1", args, code, stderr)
		}
		if ch := old.changed(); len(ch) > 0 {
			t.Errorf("%q changed %v", args, ch)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("left in the directory: %v", entries)
	}
}
