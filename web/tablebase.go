package web

import (
	"strconv"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// tablebaseView is the endgame tables' verdict on a position for the side
// to move: "win", "draw" or "loss", the plies to conversion (a capture or
// the mate; the mate alone when a side has its general alone), and the
// verdict in words.
type tablebaseView struct {
	Result string `json:"result"`
	Plies  int    `json:"plies"`
	Mate   bool   `json:"mate"`
	Text   string `json:"text"`
}

// tablebaseOf probes pos in ts; nil when there are no tables or the
// position is not in them. A win or loss whose conversion comes after the
// natural-move limit (the default 120 plies) is a draw.
func tablebaseOf(ts *tb.Tables, pos *engine.Position) *tablebaseView {
	if ts == nil {
		return nil
	}
	v, ok := pos.ProbeTB(ts)
	if !ok {
		return nil
	}
	side := colorWord(pos.SideToMove())
	tv := &tablebaseView{Result: "draw", Plies: v.DTC(), Mate: bareGeneral(pos)}
	what := "conversion"
	if tv.Mate {
		what = "mate"
	}
	switch v.WDLWithin(engine.DefaultNaturalLimit - pos.Rule60()) {
	case 1:
		tv.Result = "win"
		tv.Text = "Tablebase: " + side + " to move wins, " + what + " in " + strconv.Itoa(tv.Plies) + " plies"
	case -1:
		tv.Result = "loss"
		tv.Text = "Tablebase: " + side + " to move loses, " + what + " in " + strconv.Itoa(tv.Plies) + " plies"
	default:
		tv.Text = "Tablebase: draw"
		if v.WDL() != 0 {
			tv.Text += " (a " + v.String() + " plies beyond the natural-move limit)"
		}
		tv.Plies = 0
	}
	return tv
}

// bareGeneral tells whether a side has its general alone.
func bareGeneral(pos *engine.Position) bool {
	for c := engine.Red; c <= engine.Black; c++ {
		alone := true
		for t := engine.Advisor; t <= engine.Pawn; t++ {
			if pos.Count(engine.MakePiece(c, t)) > 0 {
				alone = false
			}
		}
		if alone {
			return true
		}
	}
	return false
}
