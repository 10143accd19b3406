package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/book"
)

// book build refuses an output that is one of its inputs, by whatever
// path, or an existing file that is not a book: exit 2, the file untouched.
func TestBookBuildRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(bookGames), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("not a book\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink(games, link); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.xqb")
	if err := os.Link(games, hard); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, out string
		inputs    []string
		want      string
	}{
		{"same path", games, []string{games}, "is the input"},
		{"another path", filepath.Join(sub, "..", "games.pgn"), []string{games}, "is the input"},
		{"symlink", link, []string{games}, "is the input"},
		{"hard link", hard, []string{games}, "is the input"},
		{"an input inside an input directory", games, []string{dir}, "is the input"},
		{"inside an input directory", filepath.Join(sub, "new.xqb"), []string{dir}, "inside the input directory"},
		{"not a book", notes, []string{games}, "not a book"},
		{"directory", sub, []string{games}, "not a regular file"},
	} {
		code, stdout, stderr := runBookCmd(append([]string{"build", "-out", c.out, "-min-games", "1"}, c.inputs...)...)
		if code != 2 || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.name, code, stdout, stderr, c.want)
		}
	}
	if data, err := os.ReadFile(games); err != nil || string(data) != bookGames {
		t.Errorf("the input changed: %q %v", data, err)
	}
	if data, err := os.ReadFile(notes); err != nil || string(data) != "not a book\n" {
		t.Errorf("the non-book file changed: %q %v", data, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink changed: %v %v", fi, err)
	}
	assertNoTempFiles(t, dir)
}

// An existing book is replaced through a temporary file in its directory,
// keeping its mode; through a symlink the target is replaced and the link
// stays.
func TestBookBuildReplacesABook(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(bookGames), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "old.xqb")
	if code, _, stderr := runBookCmd("build", "-out", out, "-plies", "1", "-min-games", "1", games); code != 0 {
		t.Fatalf("first build: exit %d, %s", code, stderr)
	}
	if err := os.Chmod(out, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.xqb")
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{out, link} {
		if code, _, stderr := runBookCmd("build", "-out", target, "-plies", "6", "-min-games", "1", games); code != 0 {
			t.Fatalf("rebuilding %s: exit %d, %s", target, code, stderr)
		}
	}
	src, err := book.Open(out)
	if b, ok := src.(*book.Book); err != nil || !ok || b.Plies() != 6 {
		t.Errorf("the book was not replaced: %T %v", src, err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode of the replaced book: %v %v", fi, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v %v", fi, err)
	}
	assertNoTempFiles(t, dir)
}

// assertNoTempFiles fails when a build left a temporary file in dir.
func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	left, err := filepath.Glob(filepath.Join(dir, "*.tmp"))
	if err != nil || len(left) != 0 {
		t.Errorf("temporary files left: %v %v", left, err)
	}
}

// book build refuses a -min-score outside 0-1 (a share of the points)
// with exit 2 and writes nothing.
func TestBookBuildMinScoreRange(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(bookGames), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.xqb")
	for _, v := range []string{"-0.1", "1.5", "NaN", "+Inf"} {
		var stdout, stderr strings.Builder
		if code := runBookBuild([]string{"-out", out, "-quiet", "-min-score", v, games}, &stdout, &stderr); code != 2 {
			t.Errorf("-min-score %s: exit %d, want 2", v, code)
		}
		if !strings.Contains(stderr.String(), "-min-score") {
			t.Errorf("-min-score %s: message %q does not name the flag", v, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("-min-score %s: the book was written", v)
		}
	}
	var stdout, stderr strings.Builder
	if code := runBookBuild([]string{"-out", out, "-quiet", "-min-score", "1", games}, &stdout, &stderr); code != 0 {
		t.Errorf("-min-score 1: exit %d (%s)", code, stderr.String())
	}
}
