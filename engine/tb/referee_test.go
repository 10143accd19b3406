package tb

import (
	"testing"

	"github.com/goxq/ucci/engine"
)

// TestTablesAgreeWithReferee: the losses in 0 are exactly the positions
// the referee ends by checkmate or stalemate, and a position the referee
// draws for insufficient material is a draw in the table.
func TestTablesAgreeWithReferee(t *testing.T) {
	ts := buildTestTables(t)
	pos := new(engine.Position)
	var board [engine.NumSquares]engine.Piece
	for _, m := range ts.Materials() {
		tab := ts.byKey[m.key()]
		for i := range tab.lay.size {
			v := tab.at(i)
			side, ok := tab.lay.decode(i, &board)
			if !ok || v == Illegal {
				continue
			}
			if v != Loss(0) && i%13 != 0 {
				continue // every loss in 0, a sample of the rest
			}
			if err := pos.SetBoard(&board, side); err != nil {
				t.Fatal(err)
			}
			g, err := engine.NewGame(pos.FEN(), engine.RulesCXA)
			if err != nil {
				t.Fatal(err)
			}
			verdict := g.Verdict()
			mated := verdict.Reason == engine.Checkmate || verdict.Reason == engine.Stalemate
			if mated != (v == Loss(0)) {
				t.Errorf("%s %s: table %s, referee %s", m, pos.FEN(), v, verdict)
			}
			if verdict.Reason == engine.InsufficientMaterial && v != Draw {
				t.Errorf("%s %s: table %s, referee %s", m, pos.FEN(), v, verdict)
			}
		}
	}
}
