package engine

import "github.com/goxq/ucci/engine/tb"

// TBPlacement fills pl with the position's pieces and side to move, as the
// tablebase probe reads them (package tb numbers pieces and points as this
// package does). It does not allocate.
func (p *Position) TBPlacement(pl *tb.Placement) {
	for pc := Piece(1); pc < NumPieces; pc++ {
		bb := p.pieces[pc]
		n := 0
		for !bb.IsEmpty() && n < tb.MaxSameKind {
			pl.Square[pc][n] = uint8(bb.PopFirst())
			n++
		}
		pl.Count[pc] = uint8(n)
	}
	pl.Side = uint8(p.side)
}

// ProbeTB looks the position up in ts (see tb.Tables.Probe); it does not
// allocate.
func (p *Position) ProbeTB(ts *tb.Tables) (tb.Value, bool) {
	var pl tb.Placement
	p.TBPlacement(&pl)
	return ts.Probe(&pl)
}
