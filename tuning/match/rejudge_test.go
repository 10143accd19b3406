package match

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// TestRejudgeAgreesWithTheRunner: every ending of games the runner played
// passes Rejudge; the endings off the board are the ones taken as
// reported.
func TestRejudgeAgreesWithTheRunner(t *testing.T) {
	start := engine.StartFEN
	cases := []struct {
		name       string
		fen        string
		red, black []string
		maxPlies   int
		resign     string
		reason     Reason
		reported   bool
	}{
		{"mate", mateFEN, []string{"-script", "b0b9"}, nil, 0, "", RulesReason(engine.Checkmate), false},
		{"stalemate", stalemateFEN, []string{"-script", "e7e8"}, nil, 0, "", RulesReason(engine.Stalemate), false},
		{"perpetual check", checkRepFEN, []string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"},
			[]string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"}, 0, "", RulesReason(engine.PerpetualCheck), false},
		{"ply limit", start, nil, nil, 7, "", Adjudication, false},
		{"score adjudication", start, []string{"-printscore", "-score", "900"}, []string{"-printscore", "-score", "-900"}, 0, "800,3", Adjudication, false},
		{"illegal move", start, []string{"-do", "illegal", "-move", "h2h8", "-at", "2"}, nil, 0, "", IllegalMove, true},
		{"crash", start, nil, []string{"-do", "crash", "-at", "3"}, 0, "", Crash, true},
		{"resign", start, []string{"-do", "resign", "-at", "2"}, nil, 0, "", Resignation, true},
		{"draw agreed", start, []string{"-do", "offer", "-at", "4"}, []string{"-accept"}, 0, "", Agreement, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, tc.fen, fake("red", tc.red...), fake("black", tc.black...))
			cfg.MaxPlies = tc.maxPlies
			if tc.resign != "" {
				if err := cfg.Adjudication.ParseResign(tc.resign); err != nil {
					t.Fatal(err)
				}
			}
			g := playOne(t, cfg)
			if g.Termination.Reason != tc.reason {
				t.Fatalf("the runner ended the game with %s (%s), want %s", g.Termination, g.Termination.Detail, tc.reason)
			}
			d, err := cfg.withDefaults()
			if err != nil {
				t.Fatal(err)
			}
			reported, err := Rejudge(&d, g)
			if err != nil || reported != tc.reported {
				t.Errorf("Rejudge: reported %v, %v; want %v", reported, err, tc.reported)
			}
		})
	}
}

// TestRejudgeRefusesFalseEndings: an ending the referee does not reach, a
// result other than the referee's, moves after the end, an ending off the
// board blamed on the side not to move, or a game not from its opening is
// refused.
func TestRejudgeRefusesFalseEndings(t *testing.T) {
	ctl, _ := timeman.Parse("5+0")
	mate, err := parseOpeningLine(mateFEN)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := parseOpeningLine(engine.StartFEN)
	cfg, err := Config{Engines: []EngineSpec{fake("a"), fake("b")}, Games: 1, Control: ctl, Openings: []Opening{start, mate}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	game := func(opening int, moves string, o engine.Outcome, r Reason) GameResult {
		g := GameResult{Number: 1, Opening: opening, StartFEN: cfg.Openings[opening].FEN, Termination: Termination{Outcome: o, Reason: r}}
		pos, _ := engine.NewPosition(g.StartFEN)
		for _, s := range strings.Fields(moves) {
			m, err := pos.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			pos.PlayGameMove(m)
			g.Moves = append(g.Moves, m)
			g.Notes = append(g.Notes, MoveNote{})
		}
		return g
	}
	checkmate := RulesReason(engine.Checkmate)
	if reported, err := Rejudge(&cfg, game(1, "b0b9", engine.RedWins, checkmate)); err != nil || reported {
		t.Fatalf("the real mate: reported %v, %v", reported, err)
	}
	if reported, err := Rejudge(&cfg, game(0, "h2e2 h9g7", engine.BlackWins, Resignation)); err != nil || !reported {
		t.Errorf("red resigns on its move: reported %v, %v", reported, err)
	}
	for _, c := range []struct {
		name string
		g    GameResult
		want string
	}{
		{"0-move checkmate", game(0, "", engine.RedWins, checkmate), "the referee sees it go on"},
		{"mate called a draw", game(1, "b0b9", engine.Draw, RulesReason(engine.Repetition)), "the referee 1-0 checkmate"},
		{"mate given to the other side", game(1, "b0b9", engine.BlackWins, checkmate), "the referee 1-0 checkmate"},
		{"mate called a resignation", game(1, "b0b9", engine.RedWins, Resignation), "the referee 1-0 checkmate"},
		{"moves after the mate", func() GameResult {
			g := game(1, "b0b9", engine.RedWins, checkmate)
			g.Moves = append(g.Moves, g.Moves[0])
			g.Notes = append(g.Notes, MoveNote{})
			return g
		}(), "goes on after its end"},
		{"black resigns on red's move", game(0, "h2e2 h9g7", engine.RedWins, Resignation), "with red to move"},
		{"red flags on black's move", game(0, "h2e2", engine.BlackWins, TimeForfeit), "with black to move"},
		{"agreement won", game(0, "h2e2 h9g7", engine.RedWins, Agreement), "reports 1-0 agreement"},
		{"ply limit not reached", game(0, "h2e2 h9g7", engine.Draw, Adjudication), "the referee sees it go on"},
		{"illegal move in the record", func() GameResult {
			g := game(0, "h2e2", engine.Draw, Agreement)
			g.Moves = append(g.Moves, g.Moves[0]) // the cannon is no longer on h2
			g.Notes = append(g.Notes, MoveNote{})
			return g
		}(), "ply 2"},
		{"another start", func() GameResult { g := game(0, "", engine.Draw, Agreement); g.Opening = 1; return g }(), "not played from its opening"},
		{"notes missing", func() GameResult { g := game(0, "h2e2", engine.BlackWins, Crash); g.Notes = nil; return g }(), "0 notes for 1 moves"},
	} {
		if _, err := Rejudge(&cfg, c.g); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}
