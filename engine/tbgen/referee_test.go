package tbgen

import (
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// TestTablesAgreeWithReferee: the losses in 0 are exactly the positions
// the referee ends by checkmate or stalemate, and a position the referee
// draws for insufficient material is a draw in the table (the tables of
// smallSet).
func TestTablesAgreeWithReferee(t *testing.T) {
	ts := buildTestTables(t)
	pos := new(engine.Position)
	for _, name := range smallSet {
		m, _ := tb.ParseMaterial(name)
		tab := ts.Table(m)
		for i := range tab.Layout().Size() {
			v := tab.At(i)
			if v == tb.Illegal {
				continue
			}
			if v != tb.Loss(0) && i%13 != 0 {
				continue // every loss in 0, a sample of the rest
			}
			if !setIndex(pos, tab.Layout(), i) {
				t.Fatalf("%s index %d: a legal value at no position", m, i)
			}
			g, err := engine.NewGame(pos.FEN(), engine.RulesCXA)
			if err != nil {
				t.Fatal(err)
			}
			verdict := g.Verdict()
			mated := verdict.Reason == engine.Checkmate || verdict.Reason == engine.Stalemate
			if mated != (v == tb.Loss(0)) {
				t.Errorf("%s %s: table %s, referee %s", m, pos.FEN(), v, verdict)
			}
			if verdict.Reason == engine.InsufficientMaterial && v != tb.Draw {
				t.Errorf("%s %s: table %s, referee %s", m, pos.FEN(), v, verdict)
			}
		}
	}
}
