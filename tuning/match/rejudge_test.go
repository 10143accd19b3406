package match

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

// rejudgeTampered checks the referee's replay of a game the runner
// played: the game as played is accepted; with another result, or with a
// rules ending it did not have (or without the one it had), it is refused.
func rejudgeTampered(t *testing.T, cfg Config, g GameResult) {
	t.Helper()
	cfg, err := cfg.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.rejudge(g.Opening, g); err != nil {
		t.Errorf("the game as played (%s) is refused: %v", g.Termination, err)
	}
	other := map[engine.Outcome]engine.Outcome{engine.RedWins: engine.BlackWins, engine.BlackWins: engine.Draw, engine.Draw: engine.RedWins}
	edited := g
	edited.Termination.Outcome = other[g.Termination.Outcome]
	if err := cfg.rejudge(g.Opening, edited); err == nil {
		t.Errorf("%s recorded as %s is accepted", g.Termination, edited.Termination)
	}
	edited = g
	if _, rules := g.Termination.Reason.Rules(); rules {
		edited.Termination.Reason = Resignation
	} else {
		edited.Termination.Reason = RulesReason(engine.Checkmate)
	}
	if err := cfg.rejudge(g.Opening, edited); err == nil {
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
		term  Termination
		edit  func(*Config)
		want  string // "" for accepted
	}{
		{"mate", mateFEN, []engine.Move{mate}, Termination{Outcome: engine.RedWins, Reason: RulesReason(engine.Checkmate)}, nil, ""},
		{"mate recorded as a forfeit", mateFEN, []engine.Move{mate}, Termination{Outcome: engine.RedWins, Reason: TimeForfeit}, nil,
			"the referee ends it 1-0 checkmate"},
		{"a move after mate", mateFEN, []engine.Move{mate, mustMove(t, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8")}, Termination{Outcome: engine.RedWins, Reason: RulesReason(engine.Checkmate)}, nil,
			"ply 2 d9d8 comes after the end of the game (1-0 checkmate at ply 1)"},
		{"mate not on the board", mateFEN, nil, Termination{Outcome: engine.RedWins, Reason: RulesReason(engine.Checkmate)}, nil,
			"the referee sees no ending"},
		{"red to move loses on time", mateFEN, nil, Termination{Outcome: engine.BlackWins, Reason: TimeForfeit}, nil, ""},
		{"black cannot lose on time on red's turn", mateFEN, nil, Termination{Outcome: engine.RedWins, Reason: TimeForfeit}, nil,
			"black loses by time-forfeit only on its own turn, and red is to move"},
		{"agreement won", mateFEN, nil, Termination{Outcome: engine.RedWins, Reason: Agreement}, nil, "an agreement is a draw"},
		{"adjudication without score rules", mateFEN, nil, Termination{Outcome: engine.RedWins, Reason: Adjudication}, nil, "no resign rule is on"},
		{"resign rule", mateFEN, nil, Termination{Outcome: engine.BlackWins, Reason: Adjudication},
			func(c *Config) { c.Adjudication.ParseResign("500,3") }, ""},
		{"draw without a draw rule", mateFEN, nil, Termination{Outcome: engine.Draw, Reason: Adjudication}, nil, "no draw rule is on"},
		{"ply limit", engine.StartFEN, []engine.Move{mustMove(t, engine.StartFEN, "h2e2")}, Termination{Outcome: engine.Draw, Reason: Adjudication},
			func(c *Config) { c.MaxPlies = 1 }, ""},
		{"ply limit won", engine.StartFEN, []engine.Move{mustMove(t, engine.StartFEN, "h2e2")}, Termination{Outcome: engine.RedWins, Reason: Adjudication},
			func(c *Config) { c.MaxPlies = 1 }, "which draws it"},
		{"illegal move", engine.StartFEN, []engine.Move{mustMove(t, mateFEN, "b0b9")}, Termination{Outcome: engine.Draw, Reason: Agreement}, nil,
			"ply 1 b0b9: illegal move"},
		{"crash on red's turn", engine.StartFEN, nil, Termination{Outcome: engine.BlackWins, Reason: Crash}, nil, ""},
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
		err = cfg.rejudge(0, GameResult{StartFEN: c.fen, Moves: c.moves, Termination: c.term})
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A game that does not start from its opening.
	cfg, _ := testConfig(t, mateFEN, fake("a"), fake("b")).withDefaults()
	if err := cfg.rejudge(0, GameResult{StartFEN: engine.StartFEN, Termination: Termination{Outcome: engine.BlackWins, Reason: Crash}}); err == nil ||
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
