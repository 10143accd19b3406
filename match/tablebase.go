package match

import (
	"strconv"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// tablebaseEnding ends the game when its position is in Config.Tablebases:
// the side to move wins or loses when the table says so and the
// conversion comes before the natural-move limit, else it is a draw (as
// TCEC adjudicates with its tables). The zero Termination when the
// position is not in the tables, or there are none.
func (gs *gameState) tablebaseEnding() engine.Termination {
	ts := gs.cfg.Tablebases
	if ts == nil {
		return engine.Termination{}
	}
	pos := gs.ref.Position()
	v, ok := pos.ProbeTB(ts)
	if !ok {
		return engine.Termination{}
	}
	left := 1 << 30
	if n := gs.cfg.NaturalLimit; n > 0 {
		left = n - pos.Rule60()
	}
	side := pos.SideToMove()
	n := strconv.Itoa(v.DTC())
	switch v.WDLWithin(left) {
	case 1:
		return engine.Termination{Outcome: engine.WinFor(side), Reason: engine.Tablebase,
			Detail: "tablebase: " + side.String() + " wins, conversion in " + n + " plies"}
	case -1:
		return engine.Termination{Outcome: engine.WinFor(side.Opponent()), Reason: engine.Tablebase,
			Detail: "tablebase: " + side.Opponent().String() + " wins, conversion in " + n + " plies"}
	}
	return engine.Termination{Outcome: engine.Draw, Reason: engine.Tablebase, Detail: "tablebase: " + drawDetail(v)}
}

// drawDetail says why a table value is a draw in a game.
func drawDetail(v tb.Value) string {
	if v.WDL() != 0 {
		return "a " + v.String() + " beyond the natural-move limit is a draw"
	}
	return "draw"
}
