package book

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/goxq/ucci/engine"
)

// writeFile writes data to dir/name and returns the path.
func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpenFormatsAndSets(t *testing.T) {
	dir := t.TempDir()
	ours := writeFile(t, dir, "test.xqb", buildTest(t, 4, BuildOptions{MinGames: 1}).data)
	// An ElephantEye book that knows only the position after c3c4 c6c5.
	after := positionAfter(t, "c3c4 c6c5")
	lock, _ := eeLock1(after)
	eeFile := writeFile(t, dir, "BOOK.DAT", eeImage(t, lock, "b0c2", 9))

	src, err := Open(ours)
	if _, ok := src.(*Book); err != nil || !ok {
		t.Fatalf("our format: %T %v", src, err)
	}
	src, err = Open(eeFile)
	if _, ok := src.(*EleEye); err != nil || !ok {
		t.Fatalf("BOOK.DAT: %T %v", src, err)
	}
	set, err := Open(" " + ours + " ; " + eeFile + ";")
	if _, ok := set.(Set); err != nil || !ok {
		t.Fatalf("two books: %T %v", set, err)
	}
	// The first book answers where it knows the position, the second elsewhere.
	if got := entriesString(set.Probe(engine.StartPosition(), nil)); got != "b2e2:3 h2e2:3 c3c4:2 g3g4:2" {
		t.Errorf("start: %s", got)
	}
	if got := entriesString(set.Probe(after, nil)); got != "b0c2:9" {
		t.Errorf("after c3c4 c6c5: %s", got)
	}
	if got := set.Probe(positionAfter(t, "h2h9"), nil); len(got) != 0 {
		t.Errorf("unknown position: %v", got)
	}

	src, err = Open("")
	if def, _ := Default(); err != nil || src != Source(def) {
		t.Errorf("empty path: %T %v", src, err)
	}
	if _, err := Open(filepath.Join(dir, "missing.xqb")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	junk := writeFile(t, dir, "junk.bin", []byte("hello"))
	if _, err := Open(junk); !errors.Is(err, ErrFormat) {
		t.Errorf("junk: %v", err)
	}
}

// A relative path is found in the working directory, but a file of that
// name beside the executable wins.
func TestOpenRelativePaths(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	name := "relative-test-book.xqb"
	writeFile(t, work, name, buildTest(t, 4, BuildOptions{MinGames: 1}).data)
	src, err := Open(name)
	if err != nil {
		t.Fatalf("working directory: %v", err)
	}
	if b, ok := src.(*Book); !ok || b.Plies() != 4 {
		t.Fatalf("working directory: %T", src)
	}

	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no executable path: %v", err)
	}
	besideExe := filepath.Join(filepath.Dir(exe), name)
	if err := os.WriteFile(besideExe, buildTest(t, 2, BuildOptions{MinGames: 1}).data, 0o644); err != nil {
		t.Skipf("cannot write beside the test binary: %v", err)
	}
	defer os.Remove(besideExe)
	src, err = Open(name)
	if b, ok := src.(*Book); err != nil || !ok || b.Plies() != 2 {
		t.Errorf("beside the executable: %T %v", src, err)
	}
}
