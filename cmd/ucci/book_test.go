package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runBookCmd runs `ucci book ARGS...` and captures its output.
func runBookCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"book"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

const bookGames = `[Result "1-0"]
1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0

[Result "0-1"]
1. h2e2 h9g7 2. h2h8 0-1

[Result "1/2-1/2"]
1. C2.5 H8+7 2. H2+3 R9.8 1/2-1/2
`

func TestBookBuildAndProbe(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(bookGames), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "test.xqb") // not in the input directory
	code, stdout, stderr := runBookCmd("build", "-out", out, "-plies", "6", "-min-games", "1", "-min-score", "0", dir)
	if code != 0 {
		t.Fatalf("build: exit %d, %s", code, stderr)
	}
	if !strings.Contains(stdout, "games read 3, used 2, skipped 1 (illegal move 1)") ||
		!strings.Contains(stdout, "4 positions, 5 moves") {
		t.Errorf("build summary: %q", stdout)
	}
	if !strings.Contains(stderr, `games.pgn: game 2 (line 5): move 2. "h2h8": illegal move`) {
		t.Errorf("bad game report: %q", stderr)
	}

	code, stdout, stderr = runBookCmd("probe", "-book", out, "-moves", "h2e2 马8进7")
	if code != 0 || !strings.Contains(stdout, "h0g2        3 100.0%       2      1      1      0  75.0%") {
		t.Errorf("probe: exit %d, %q %q", code, stdout, stderr)
	}
	code, stdout, _ = runBookCmd("probe", "-book", out, "-fen", "3k5/9/9/9/9/9/9/9/9/4K4 w")
	if code != 0 || !strings.Contains(stdout, "no book moves") {
		t.Errorf("probe unknown position: exit %d, %q", code, stdout)
	}
}

func TestBookProbeDefault(t *testing.T) {
	code, stdout, stderr := runBookCmd("probe")
	if code != 0 || !strings.Contains(stdout, "\nh2e2 ") || !strings.Contains(stdout, "\nb2e2 ") {
		t.Errorf("default book: exit %d, %q %q", code, stdout, stderr)
	}
}

func TestBookCommandErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
	}{
		{nil, 2},
		{[]string{"shuffle"}, 2},
		{[]string{"build"}, 2},
		{[]string{"build", "-out", filepath.Join(dir, "x.xqb")}, 2},
		{[]string{"build", "-out", filepath.Join(dir, "x.xqb"), "-plies", "0", "g.pgn"}, 2},
		{[]string{"build", "-out", filepath.Join(dir, "x.xqb"), filepath.Join(dir, "missing.pgn")}, 1},
		{[]string{"probe", "-fen", "bad"}, 2},
		{[]string{"probe", "-moves", "h2h8"}, 2},
		{[]string{"probe", "-book", filepath.Join(dir, "missing.xqb")}, 1},
		{[]string{"probe", "extra"}, 2},
	} {
		if code, _, _ := runBookCmd(c.args...); code != c.code {
			t.Errorf("book %v: exit %d, want %d", c.args, code, c.code)
		}
	}
}

// TestBookUsages: book build -h and book probe -h each print (on stdout,
// exit 0, as every -h) their own synopsis, what the command does and their flags, and nothing of the
// other's.
func TestBookUsages(t *testing.T) {
	for _, c := range []struct {
		sub, want, flag, other string
	}{
		{"build", "builds an opening book from PGN files", "-min-games", "ucci book probe"},
		{"probe", "prints the book moves of a position", "-moves", "ucci book build"},
	} {
		code, stdout, stderr := runBookCmd(c.sub, "-h")
		if code != 0 || !strings.HasPrefix(stdout, "usage: ucci book "+c.sub+" ") || !strings.Contains(stdout, c.want) ||
			!strings.Contains(stdout, c.flag) || strings.Contains(stdout, c.other) || stderr != "" {
			t.Errorf("book %s -h: exit %d, stdout %q, stderr %q", c.sub, code, stdout, stderr)
		}
	}
}
