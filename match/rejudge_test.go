package match

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
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
		reason     engine.Reason
		reported   bool
	}{
		{"mate", mateFEN, []string{"-script", "b0b9"}, nil, 0, "", engine.Checkmate, false},
		{"stalemate", stalemateFEN, []string{"-script", "e7e8"}, nil, 0, "", engine.Stalemate, false},
		{"perpetual check", checkRepFEN, []string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"},
			[]string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"}, 0, "", engine.PerpetualCheck, false},
		{"ply limit", start, nil, nil, 7, "", engine.Adjudication, false},
		{"score adjudication", start, []string{"-printscore", "-score", "900"}, []string{"-printscore", "-score", "-900"}, 0, "800,3", engine.Adjudication, false},
		{"illegal move", start, []string{"-do", "illegal", "-move", "h2h8", "-at", "2"}, nil, 0, "", engine.IllegalMove, true},
		{"crash", start, nil, []string{"-do", "crash", "-at", "3"}, 0, "", engine.Crash, true},
		{"resign", start, []string{"-do", "resign", "-at", "2"}, nil, 0, "", engine.Resignation, true},
		{"draw agreed", start, []string{"-do", "offer", "-at", "4"}, []string{"-accept"}, 0, "", engine.Agreement, true},
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
			reported, err := Rejudge(&d, g, true)
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
	cfg, err := Config{Engines: []engineproc.EngineSpec{fake("a"), fake("b")}, Games: 1, Control: ctl, Openings: []Opening{start, mate}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	game := func(opening int, moves string, o engine.Outcome, r engine.Reason) GameResult {
		g := GameResult{Number: 1, Opening: opening, StartFEN: cfg.Openings[opening].FEN, Termination: engine.Termination{Outcome: o, Reason: r}}
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
	checkmate := engine.Checkmate
	if reported, err := Rejudge(&cfg, game(1, "b0b9", engine.RedWins, checkmate), true); err != nil || reported {
		t.Fatalf("the real mate: reported %v, %v", reported, err)
	}
	if reported, err := Rejudge(&cfg, game(0, "h2e2 h9g7", engine.BlackWins, engine.Resignation), true); err != nil || !reported {
		t.Errorf("red resigns on its move: reported %v, %v", reported, err)
	}
	for _, c := range []struct {
		name string
		g    GameResult
		want string
	}{
		{"0-move checkmate", game(0, "", engine.RedWins, checkmate), "the referee sees no ending"},
		{"mate called a draw", game(1, "b0b9", engine.Draw, engine.Repetition), "the referee ends it 1-0 checkmate"},
		{"mate given to the other side", game(1, "b0b9", engine.BlackWins, checkmate), "the referee ends it 1-0 checkmate"},
		{"mate called a resignation", game(1, "b0b9", engine.RedWins, engine.Resignation), "the referee ends it 1-0 checkmate"},
		{"moves after the mate", func() GameResult {
			g := game(1, "b0b9", engine.RedWins, checkmate)
			g.Moves = append(g.Moves, g.Moves[0])
			g.Notes = append(g.Notes, MoveNote{})
			return g
		}(), "comes after the end of the game"},
		{"black resigns on red's move", game(0, "h2e2 h9g7", engine.RedWins, engine.Resignation), "and red is to move"},
		{"red flags on black's move", game(0, "h2e2", engine.BlackWins, engine.TimeForfeit), "and black is to move"},
		{"agreement won", game(0, "h2e2 h9g7", engine.RedWins, engine.Agreement), "an agreement is a draw"},
		{"ply limit not reached", game(0, "h2e2 h9g7", engine.Draw, engine.Adjudication), "scores never met the adjudication rules"},
		{"illegal move in the record", func() GameResult {
			g := game(0, "h2e2", engine.Draw, engine.Agreement)
			g.Moves = append(g.Moves, g.Moves[0]) // the cannon is no longer on h2
			g.Notes = append(g.Notes, MoveNote{})
			return g
		}(), "ply 2"},
		{"another start", func() GameResult { g := game(0, "", engine.Draw, engine.Agreement); g.Opening = 1; return g }(), "does not start with opening 2"},
		{"notes missing", func() GameResult { g := game(0, "h2e2", engine.BlackWins, engine.Crash); g.Notes = nil; return g }(), "0 notes for 1 moves"},
	} {
		if _, err := Rejudge(&cfg, c.g, true); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// rejudgeTampered checks the referee's replay of a game the runner
// played: the game as played is accepted; with another result, or with a
// rules ending it did not have (or without the one it had), it is refused.
func rejudgeTampered(t *testing.T, cfg Config, g GameResult) {
	t.Helper()
	cfg, err := cfg.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if err := rejudgeErr(&cfg, g); err != nil {
		t.Errorf("the game as played (%s) is refused: %v", g.Termination, err)
	}
	other := map[engine.Outcome]engine.Outcome{engine.RedWins: engine.BlackWins, engine.BlackWins: engine.Draw, engine.Draw: engine.RedWins}
	edited := g
	edited.Termination.Outcome = other[g.Termination.Outcome]
	if err := rejudgeErr(&cfg, edited); err == nil {
		t.Errorf("%s recorded as %s is accepted", g.Termination, edited.Termination)
	}
	edited = g
	if g.Termination.Reason.Rules() {
		edited.Termination.Reason = engine.Resignation
	} else {
		edited.Termination.Reason = engine.Checkmate
	}
	if err := rejudgeErr(&cfg, edited); err == nil {
		t.Errorf("%s recorded as %s is accepted", g.Termination, edited.Termination)
	}
}

// TestRejudge: records the runner could not have written are refused,
// with the reason.
func TestRejudge(t *testing.T) {
	mate := mustMove(t, mateFEN, "b0b9")
	cases := []struct {
		name  string
		fen   string
		moves []engine.Move
		term  engine.Termination
		edit  func(*Config)
		want  string // "" for accepted
	}{
		{"mate", mateFEN, []engine.Move{mate}, engine.Termination{Outcome: engine.RedWins, Reason: engine.Checkmate}, nil, ""},
		{"mate recorded as a forfeit", mateFEN, []engine.Move{mate}, engine.Termination{Outcome: engine.RedWins, Reason: engine.TimeForfeit}, nil,
			"the referee ends it 1-0 checkmate"},
		{"a move after mate", mateFEN, []engine.Move{mate, mustMove(t, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8")}, engine.Termination{Outcome: engine.RedWins, Reason: engine.Checkmate}, nil,
			"ply 2 d9d8 comes after the end of the game (1-0 checkmate at ply 1)"},
		{"mate not on the board", mateFEN, nil, engine.Termination{Outcome: engine.RedWins, Reason: engine.Checkmate}, nil,
			"the referee sees no ending"},
		{"red to move loses on time", mateFEN, nil, engine.Termination{Outcome: engine.BlackWins, Reason: engine.TimeForfeit}, nil, ""},
		{"black cannot lose on time on red's turn", mateFEN, nil, engine.Termination{Outcome: engine.RedWins, Reason: engine.TimeForfeit}, nil,
			"black loses by time-forfeit only on its own turn, and red is to move"},
		{"agreement won", mateFEN, nil, engine.Termination{Outcome: engine.RedWins, Reason: engine.Agreement}, nil, "an agreement is a draw"},
		{"adjudication without score rules", mateFEN, nil, engine.Termination{Outcome: engine.RedWins, Reason: engine.Adjudication}, nil, "no resign rule is on"},
		{"resign rule", mateFEN, nil, engine.Termination{Outcome: engine.BlackWins, Reason: engine.Adjudication},
			func(c *Config) { c.Adjudication.ParseResign("500,3") }, ""},
		{"draw without a draw rule", mateFEN, nil, engine.Termination{Outcome: engine.Draw, Reason: engine.Adjudication}, nil, "no draw rule is on"},
		{"ply limit", engine.StartFEN, []engine.Move{mustMove(t, engine.StartFEN, "h2e2")}, engine.Termination{Outcome: engine.Draw, Reason: engine.Adjudication},
			func(c *Config) { c.MaxPlies = 1 }, ""},
		{"ply limit won", engine.StartFEN, []engine.Move{mustMove(t, engine.StartFEN, "h2e2")}, engine.Termination{Outcome: engine.RedWins, Reason: engine.Adjudication},
			func(c *Config) { c.MaxPlies = 1 }, "which draws it"},
		{"illegal move", engine.StartFEN, []engine.Move{mustMove(t, mateFEN, "b0b9")}, engine.Termination{Outcome: engine.Draw, Reason: engine.Agreement}, nil,
			"ply 1 b0b9: illegal move"},
		{"crash on red's turn", engine.StartFEN, nil, engine.Termination{Outcome: engine.BlackWins, Reason: engine.Crash}, nil, ""},
	}
	for _, c := range cases {
		cfg := testConfig(t, c.fen, fake("a"), fake("b"))
		if c.edit != nil {
			c.edit(&cfg)
		}
		cfg, err := cfg.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		err = rejudgeErr(&cfg, GameResult{StartFEN: c.fen, Moves: c.moves, Termination: c.term})
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A game that does not start from its opening.
	cfg, _ := testConfig(t, mateFEN, fake("a"), fake("b")).withDefaults()
	if err := rejudgeErr(&cfg, GameResult{StartFEN: engine.StartFEN, Termination: engine.Termination{Outcome: engine.BlackWins, Reason: engine.Crash}}); err == nil ||
		!strings.Contains(err.Error(), "does not start with opening 1") {
		t.Errorf("another start: %v", err)
	}
}

// mustMove reads an ICCS move in the position of fen.
func mustMove(t *testing.T, fen, iccs string) engine.Move {
	t.Helper()
	pos, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseMove(iccs)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// rejudgeErr is Rejudge's error alone.
func rejudgeErr(cfg *Config, g GameResult) error {
	_, err := Rejudge(cfg, g, false)
	return err
}
