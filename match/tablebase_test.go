package match

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tbgen"
)

// TestTablebaseEnding: a position in the tables ends the game with their
// result, a win beyond the natural-move limit is a draw, and the tables
// are an event setting only when they are used.
func TestTablebaseEnding(t *testing.T) {
	ts, err := tbgen.BuildNamed(t.TempDir(), []string{"KNK"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	const fen = "9/4k4/9/9/9/9/9/4N4/9/3K5 w - - %d 1" // KNK, a win in more than 2 plies
	cases := []struct {
		rule60  int
		outcome engine.Outcome
	}{
		{0, engine.RedWins},
		{119, engine.Draw}, // one ply before the limit
	}
	for _, c := range cases {
		cfg := &Config{Rules: engine.RulesCXA, NaturalLimit: 120, Folds: 3, Tablebases: ts}
		f := fmt.Sprintf(fen, c.rule60)
		gs, err := newGameState(cfg, Opening{FEN: f})
		if err != nil {
			t.Fatal(err)
		}
		term := gs.tablebaseEnding()
		if term.Outcome != c.outcome || term.Reason != engine.Tablebase || !strings.HasPrefix(term.Detail, "tablebase: ") {
			t.Errorf("%s: %+v, want %v by tablebase", f, term, c.outcome)
		}
	}
	cfg := &Config{Tablebases: ts}
	has := func() bool {
		for _, s := range cfg.eventSettings(nil) {
			if s.tag == "EventTablebases" && strings.HasPrefix(s.value, "1 tables (sha256 ") {
				return true
			}
		}
		return false
	}
	if !has() {
		t.Error("no [EventTablebases] with -tb")
	}
	cfg.Tablebases = nil
	if has() {
		t.Error("[EventTablebases] without -tb")
	}
}
