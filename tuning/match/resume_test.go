package match

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// bergerPGN plays a round robin of four fake engines (three rounds of two
// games, all drawn at the ply limit) and returns its configuration and
// PGN.
func bergerPGN(t *testing.T) (Config, string) {
	t.Helper()
	var out bytes.Buffer
	cfg := eventConfig(t, Berger, fakes("a", "b", "c", "d")...)
	cfg.PGN = &out
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.PGN = nil
	return cfg, out.String()
}

// pgnGames splits an event PGN into its games' text.
func pgnGames(text string) []string {
	parts := strings.SplitAfter(text, "\n\n[Game ")
	games := make([]string, len(parts))
	for i, p := range parts {
		if i > 0 {
			p = "[Game " + p
		}
		games[i] = strings.TrimSuffix(p, "[Game ")
	}
	return games
}

// editGame returns text with game n (from 1) edited by replacing old with
// new.
func editGame(t *testing.T, text string, n int, old, new string) string {
	t.Helper()
	games := pgnGames(text)
	if !strings.Contains(games[n-1], old) {
		t.Fatalf("game %d has no %q:\n%s", n, old, games[n-1])
	}
	games[n-1] = strings.Replace(games[n-1], old, new, 1)
	return strings.Join(games, "")
}

// TestReadResumeRefuses: a PGN that is not an event's whole record is
// refused with the game and the reason.
func TestReadResumeRefuses(t *testing.T) {
	_, text := bergerPGN(t)
	games := pgnGames(text)
	if len(games) != 6 || strings.Join(games, "") != text {
		t.Fatalf("%d games", len(games))
	}
	noise := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.UintN(256))
	}
	last := games[5]
	cases := []struct {
		name string
		text string
		game int
		want string
	}{
		{"text", "these are not\nthe games you are looking for\n", 0, "not PGN: there is no game in it"},
		{"random bytes", string(noise), -1, ""},
		{"cut in the movetext", text[:strings.LastIndex(text, " 2. ")], 6, "round robin round 3 board"},
		{"cut before the result", strings.TrimSuffix(text, "1/2-1/2\n\n"), 6, "is cut short"},
		{"cut in the tags", text[:len(text)-len(last)+40], 6, "the game is cut short"},
		{"cut in a comment", text[:strings.LastIndex(text, "{0s}")+2], 6, "is cut short"},
		{"illegal move", editGame(t, text, 2, "1. ", "1. A0-A5 "), 2, `move 1. "A0-A5": illegal move`},
		{"no place", editGame(t, text, 3, "[Stage \"round robin\"]\n", ""), 3, "not a game of an event"},
		{"twice", text + games[0], 7, "is the place of game 1 too"},
		{"unknown ending", editGame(t, text, 4, `[Termination "adjudication"]`, `[Termination "won"]`), 4, `[Termination "won"] is no ending`},
		{"unfinished", editGame(t, editGame(t, text, 4, `[Result "1/2-1/2"]`, `[Result "*"]`), 4, "1/2-1/2\n", "*\n"), 4, "has no result (*)"},
		{"result and marker", editGame(t, text, 5, `[Result "1/2-1/2"]`, `[Result "1-0"]`), 5, `[Result "1-0"] but the movetext ends with 1/2-1/2`},
		{"ply count", editGame(t, text, 1, `[PlyCount "4"]`, `[PlyCount "5"]`), 1, `[PlyCount "5"] but the movetext has 4 plies`},
	}
	for _, c := range cases {
		_, err := ReadResume(strings.NewReader(c.text), "event.pgn")
		var re *ResumeError
		if !errors.As(err, &re) || c.game >= 0 && re.Game != c.game || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want game %d: %q", c.name, err, c.game, c.want)
		}
	}
	for _, empty := range []string{"", "\n \r\n\t\n"} {
		if r, err := ReadResume(strings.NewReader(empty), "event.pgn"); err != nil || r.Len() != 0 {
			t.Errorf("%q: %v %v", empty, r, err)
		}
	}
	if r, err := ReadResume(strings.NewReader(text), "event.pgn"); err != nil || r.Len() != 6 {
		t.Errorf("the whole record: %v %v", r, err)
	}
}

// TestResumeRejudged: the games of a record are replayed through the
// referee and placed in the event before anything is played: an edited
// result or ending, or a game at a place the event does not have, stops
// the resume (CheckResume and Run alike).
func TestResumeRejudged(t *testing.T) {
	cfg, text := bergerPGN(t)
	cases := []struct {
		name string
		text string
		game int
		want string
	}{
		{"a draw made a win", editGame(t, editGame(t, text, 2, `[Result "1/2-1/2"]`, `[Result "1-0"]`), 2, "1/2-1/2\n", "1-0\n"), 2,
			"the game reached the ply limit (4), which draws it"},
		{"another ending", editGame(t, text, 3, `[Termination "adjudication"]`, `[Termination "checkmate"]`), 3,
			"it records 1/2-1/2 checkmate"},
		{"a round the event does not have", editGame(t, text, 1, `[Round "1"]`, `[Round "4"]`), 1, "this event has no such game (its next game to play is round robin round 1 board"},
		{"a stage the event does not have", editGame(t, text, 6, `[Stage "round robin"]`, `[Stage "final"]`), 6, "final round 3 board"},
		{"a board the event does not have", editGame(t, text, 6, `[Board "`, `[Board "3`), 6, "this event has no such game"},
	}
	for _, c := range cases {
		r, err := ReadResume(strings.NewReader(c.text), "event.pgn")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		resumed := cfg
		resumed.EventOptions.Resume = r
		for _, run := range []func() error{
			func() error { return CheckResume(resumed) },
			func() error { _, err := Run(context.Background(), resumed); return err },
		} {
			var re *ResumeError
			if err := run(); !errors.As(err, &re) || re.Game != c.game || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want game %d: %q", c.name, err, c.game, c.want)
			}
		}
	}
	r, _ := ReadResume(strings.NewReader(text), "event.pgn")
	cfg.EventOptions.Resume = r
	if err := CheckResume(cfg); err != nil {
		t.Errorf("the record as written: %v", err)
	}
}
