package reliability

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

// TestModelPositions checks the stress test's model of position commands.
func TestModelPositions(t *testing.T) {
	after := func(moves ...string) string {
		p := engine.StartPosition()
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.PlayGameMove(m)
		}
		return p.FEN()
	}
	cases := []struct{ line, fen string }{
		{"position startpos", engine.StartFEN},
		{"position startpos moves h2e2 h9g7", after("h2e2", "h9g7")},
		{"POSITION STARTPOS MOVES H2E2", after("h2e2")},
		{"position startpos moves h2e2 z9z9 h9g7", after("h2e2")},
		{"startpos moves h2e2", after("h2e2")},
		{"fen " + engine.StartFEN + " moves b2e2", after("b2e2")},
		{"position", ""},
		{"position moves h2e2", ""},
		{"position fen 9/9/9/9/9/9/9/9/9/9 w", ""},
	}
	for _, c := range cases {
		m := newModel()
		m.apply(c.line)
		got := ""
		if m.pos != nil {
			got = m.pos.FEN()
		}
		if got != c.fen {
			t.Errorf("%q: model %q, want %q", c.line, got, c.fen)
		}
	}
	m := newModel()
	m.apply("banmoves h2e2 z9z9 b2e2")
	if len(m.bans) != 2 {
		t.Errorf("bans %v", m.bans)
	}
	m.apply("position startpos")
	if len(m.bans) != 0 {
		t.Error("position kept the bans")
	}
}

// TestGoSpecCheck checks the answer checker on hand-made answers.
func TestGoSpecCheck(t *testing.T) {
	m := newModel()
	m.apply("banmoves h2e2")
	g := m.goExpectation("go depth 3 searchmoves b2e2 h2e2")
	for answer, ok := range map[string]bool{
		"bestmove b2e2":             true,
		"bestmove b2e2 ponder h9g7": true,
		"bestmove b2e2 ponder h2e2": false, // not Black's move
		"bestmove h2e2":             false, // banned
		"bestmove c3c4":             false, // outside searchmoves
		"bestmove h2h9":             false, // illegal
		"nobestmove":                false,
	} {
		if why := g.check(answer); (why == "") != ok {
			t.Errorf("%q: %q", answer, why)
		}
	}
	if why := m.goExpectation("go depth 0").check("nobestmove"); why != "" {
		t.Errorf("go depth 0: %s", why)
	}
	if m.goExpectation("go perft 2").answered {
		t.Error("go perft is answered")
	}
	m.apply("position fen " + mateFEN + " moves b0b9")
	if why := m.goExpectation("go").check("nobestmove"); why != "" {
		t.Errorf("mated: %s", why)
	}
	m.apply("position fen x")
	if why := m.goExpectation("go").check("bestmove h2e2"); why == "" {
		t.Error("a move without a position passed")
	}
}

// TestGenerator checks that the generator never writes what would end the
// run or change its rules, and writes every kind of command.
func TestGenerator(t *testing.T) {
	g := newGen(1, true)
	m := newModel()
	seen := map[string]int{}
	for range 10000 {
		l := g.next(m)
		m.apply(l)
		w := commandWord(l)
		seen[w]++
		lower := strings.ToLower(l)
		switch {
		case w == "quit" || w == "uci":
			t.Fatalf("generated %q", l)
		case w == "setoption" && (strings.Contains(lower, "debug") || strings.Contains(lower, "batch") ||
			strings.Contains(lower, "logfile") || strings.Contains(lower, "usemillisec false")):
			t.Fatalf("generated %q", l)
		case w == "go" && strings.Contains(lower, "perft") && !strings.HasSuffix(strings.TrimSpace(lower), "1") &&
			!strings.HasSuffix(strings.TrimSpace(lower), "2") && !strings.HasSuffix(strings.TrimSpace(lower), "3"):
			t.Fatalf("generated %q", l)
		case strings.Contains(l, "\n") || len(l) > 1<<20:
			t.Fatalf("generated a bad line of %d bytes", len(l))
		}
	}
	for _, w := range []string{"go", "stop", "ponderhit", "position", "isready", "banmoves", "setoption", "probe", "ucci", "", "fen", "startpos"} {
		if seen[w] == 0 {
			t.Errorf("no %q line in 10000", w)
		}
	}
	if echoText("a\x01b\r\r") != "a?b" || echoText(strings.Repeat("x", 300)) != strings.Repeat("x", 200)+"..." || echoText("中") != "?" {
		t.Error("echoText")
	}
}
