package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runCapture(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := runCapture("perft", "3")
	if code != 0 || !regexp.MustCompile(`^nodes 79666 time \d+ nps \d+\n$`).MatchString(out) {
		t.Errorf("perft 3: code %d, output %q", code, out)
	}
	code, out, _ = runCapture("perft", "-divide", "-fen", "3k5/9/9/9/9/9/9/9/9/R3K4 b", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-1], "nodes ") {
		t.Errorf("perft -divide: code %d, output %q", code, out)
	}
	for _, l := range lines[:len(lines)-1] {
		if !regexp.MustCompile(`^[a-i]\d[a-i]\d \d+$`).MatchString(l) {
			t.Errorf("divide line %q", l)
		}
	}
	if code, _, _ := runCapture("perft", "-fen", "bad", "2"); code != 2 {
		t.Errorf("bad FEN: exit %d", code)
	}
	if code, _, _ := runCapture("perft", "x"); code != 2 {
		t.Errorf("bad depth: exit %d", code)
	}
}

func TestJudgeCommand(t *testing.T) {
	cases := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"judge"}, 0, "result * ongoing\n"},
		{[]string{"judge", "-moves", "h2e2 h9g7"}, 0, "result * ongoing\n"},
		{[]string{"judge", "-fen", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "-moves", "b0b9"}, 0, "result 1-0 checkmate\n"},
		{[]string{"judge", "-rules", "axf", "-fen", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
			"-moves", "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5"}, 0, "result 1/2-1/2 repetition\n"},
		{[]string{"judge", "-rules", "cxa", "-fen", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
			"-moves", "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5"}, 0, "result 0-1 perpetual-attack\n"},
		{[]string{"judge", "-moves", "h2e2 h2e2"}, 2, ""},
		{[]string{"judge", "-fen", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "-moves", "b0b9 d9e9"}, 0, "result 1-0 checkmate\n"},
		{[]string{"judge", "-fen", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "-moves", "1. R8+9"}, 0, "result 1-0 checkmate\n"},
		{[]string{"judge", "-moves", "1. 炮二平五 马８进７ 2. H2+3 R9.8 3. I0-H0"}, 0, "result * ongoing\n"},
		{[]string{"judge", "-moves", "h2e2 h9g7 -pgn"}, 2, ""},
		{[]string{"judge", "-pgn", "x.pgn", "-moves", "h2e2"}, 2, ""},
		{[]string{"judge", "-rules", "sky"}, 2, ""},
		{[]string{"judge", "-fen", "nonsense"}, 2, ""},
	}
	for _, c := range cases {
		code, out, errOut := runCapture(c.args...)
		if code != c.code || out != c.out {
			t.Errorf("%v: exit %d output %q (stderr %q), want %d %q", c.args, code, out, errOut, c.code, c.out)
		}
		if code == 2 && !strings.Contains(errOut, "judge:") {
			t.Errorf("%v: error not explained: %q", c.args, errOut)
		}
	}
	_, _, errOut := runCapture("judge", "-moves", "h2e2 h2e2")
	if !strings.Contains(errOut, `move 2 ("h2e2")`) {
		t.Errorf("illegal move not named: %q", errOut)
	}
}

// TestJudgeMovesAfterTheEnd: moves after the end of a game (after mate,
// after a repetition) give the verdict at the end, exit 0, and are
// reported on stderr.
func TestJudgeMovesAfterTheEnd(t *testing.T) {
	rep := "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5"
	cases := []struct {
		args   []string
		out    string
		ignore string
	}{
		{[]string{"judge", "-fen", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "-moves", "b0b9 d9e9 炮二平五"}, "result 1-0 checkmate\n",
			`the game ended after move 1 (1-0 checkmate); 2 later move(s) ignored: "d9e9" "炮二平五"`},
		{[]string{"judge", "-rules", "axf", "-fen", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1", "-moves", rep + " f4d4 f5d5"},
			"result 1/2-1/2 repetition\n", `after move 8 (1/2-1/2 repetition); 2 later move(s) ignored: "f4d4" "f5d5"`},
	}
	for _, c := range cases {
		code, out, errOut := runCapture(c.args...)
		if code != 0 || out != c.out || !strings.Contains(errOut, c.ignore) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", c.args, code, out, errOut)
		}
	}
}

// TestJudgePGN judges every game of a PGN file: one line per game, the
// recorded result beside the referee's, unreadable games named (exit 1).
func TestJudgePGN(t *testing.T) {
	dir := t.TempDir()
	games := `[Event "mate"]
[FEN "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"]
[Result "1-0"]

1. R8+9 1-0

[Event "perpetual check played on"]
[FEN "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1"]
[Result "*"]

1. f1e1 f2e2 2. e1f1 e2f2 3. f1e1 f2e2 4. e1f1 e2f2 5. f1e1 *

[Event "ongoing"]
[Result "1/2-1/2"]

1. 炮二平五 马８进７ 1/2-1/2

[Event "illegal"]

1. h2e2 h2e2 *
`
	path := filepath.Join(dir, "games.pgn")
	os.WriteFile(path, []byte(games), 0o644)
	code, out, errOut := runCapture("judge", "-pgn", path)
	want := "game 1 result 1-0 checkmate (recorded 1-0)\n" +
		"game 2 result 1-0 perpetual-check (recorded *)\n" +
		"game 3 result * ongoing (recorded 1/2-1/2)\n" +
		"game 4 error line 20 move 1... \"h2e2\": illegal move\n"
	if code != 1 || out != want || !strings.Contains(errOut, `game 2: the game ended after move 8 (1-0 perpetual-check); 1 later move(s) ignored: "f1e1"`) {
		t.Errorf("exit %d\nstdout %q\nwant   %q\nstderr %q", code, out, want, errOut)
	}
	clean := filepath.Join(dir, "clean.pgn")
	os.WriteFile(clean, []byte(games[:strings.Index(games, "[Event \"illegal")]), 0o644)
	if code, out, _ := runCapture("judge", "-pgn", clean); code != 0 || strings.Count(out, "\n") != 3 {
		t.Errorf("clean file: exit %d, %q", code, out)
	}
	if code, _, _ := runCapture("judge", "-pgn", filepath.Join(dir, "missing.pgn")); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
}

func TestBenchCommand(t *testing.T) {
	_, one, _ := runCapture("bench", "4")
	_, again, _ := runCapture("bench", "-threads", "1", "4")
	sig := regexp.MustCompile(`(?m)^Nodes searched: (\d+)\nNodes/second: \d+\n$`)
	m1, m2 := sig.FindStringSubmatch(one), sig.FindStringSubmatch(again)
	if m1 == nil || m2 == nil || m1[1] != m2[1] {
		t.Errorf("bench 4 twice: %q / %q", one, again)
	}
	if code, out, _ := runCapture("bench", "-threads", "2", "4"); code != 0 || !sig.MatchString(out) {
		t.Errorf("bench -threads 2: code %d, output %q", code, out)
	}
	for _, args := range [][]string{{"bench", "-threads", "0"}, {"bench", "x"}, {"bench", "3", "4"}, {"bench", "-threads", "300", "4"}} {
		if code, _, _ := runCapture(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}
