package match

import (
	"bytes"
	"regexp"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

func TestMoveNoteComment(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		n    MoveNote
		want string
	}{
		{MoveNote{Book: true, HasScore: true, Depth: 3, Time: 5 * ms}, "book"},
		{MoveNote{Score: 35, Depth: 12, HasScore: true, Time: 1234 * ms}, "+0.35/12 1.2s"},
		{MoveNote{Score: -20, Depth: 11, HasScore: true, Time: 950 * ms}, "-0.20/11 0.95s"},
		{MoveNote{Score: 0, Depth: 7, HasScore: true, Time: 12 * ms}, "0.00/7 0.012s"},
		{MoveNote{Score: engine.ScoreMate - 9, Depth: 30, HasScore: true, Time: 12345 * ms}, "+M9/30 12s"},
		{MoveNote{Score: -engine.ScoreMate + 8, Depth: 20, HasScore: true}, "-M8/20 0s"},
		{MoveNote{Score: 8990, Depth: 20, HasScore: true, Time: 100 * ms}, "+89.90/20 0.10s"},
		{MoveNote{Score: 50, HasScore: true, Time: 2 * ms}, "0.002s"},
		{MoveNote{Time: 0}, "0s"},
	}
	for _, c := range cases {
		if got := c.n.Comment(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.n, got, c.want)
		}
	}
}

// TestPGNComments plays a game whose PGN carries a comment after every
// move: book for the opening's moves and for the book moves a UCCI engine
// announces, score/depth and time for searched moves, mates in plies as
// cutechess writes them; each notation reads back.
func TestPGNComments(t *testing.T) {
	o, err := parseOpeningLine("startpos moves h2e2 h9g7")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		red, black []string
		want       []string
	}{
		{[]string{"-printscore", "-score", "35"}, []string{"-proto", "uci", "-printscore", "-mate", "3"},
			[]string{`^book$`, `^book$`, `^\+0\.35/5 \d\.\d+s$`, `^\+M5/5 \d\.\d+s$`, `^\+0\.35/5 `, `^\+M5/5 `}},
		{[]string{"-book"}, []string{"-printscore", "-mate", "-2"},
			[]string{`^book$`, `^book$`, `^book$`, `^-M4/5 \d\.\d+s$`, `^book$`, `^-M4/5 `}},
		{nil, []string{"-printscore", "-score", "-7"}, []string{`^book$`, `^book$`, `^\d\.\d+s$`, `^-0\.07/5 `, `^\d\.\d+s$`, `^-0\.07/5 `}},
	}
	for i, c := range cases {
		for _, n := range []pgn.Notation{pgn.ICCS, pgn.WXF, pgn.Chinese} {
			var out bytes.Buffer
			// A few milliseconds per move, so that the times are not 0.
			red := fake("red", append([]string{"-delay", "3ms"}, c.red...)...)
			black := fake("black", append([]string{"-delay", "3ms"}, c.black...)...)
			cfg := testConfig(t, engine.StartFEN, red, black)
			cfg.Openings, cfg.MaxPlies = []Opening{o}, 6
			cfg.PGN, cfg.PGNOptions = &out, pgn.WriteOptions{Notation: n, GBK: n == pgn.Chinese}
			g := playOne(t, cfg)
			games, bad, err := readPGN(out.String())
			if err != nil || len(bad) > 0 || len(games) != 1 {
				t.Fatalf("case %d %s: %d games, bad %v, err %v\n%s", i, n, len(games), bad, err, out.String())
			}
			back := games[0]
			if moveList(back.Moves) != moveList(g.Moves) || len(back.Comments) != len(c.want) {
				t.Fatalf("case %d %s: moves %s, comments %q", i, n, moveList(back.Moves), back.Comments)
			}
			for j, w := range c.want {
				if !regexp.MustCompile(w).MatchString(back.Comments[j]) {
					t.Errorf("case %d %s: comment %d %q does not match %s", i, n, j+1, back.Comments[j], w)
				}
			}
		}
	}
}
