package engine

import "github.com/goxq/ucci/engine/tb"

// Tablebase probes inside the tree. At a node whose material is in the
// loaded tables (a piece count no larger than the largest table's is the
// cheap test first) the table's verdict ends the node:
//
//   - a win scores ScoreTBWin-ply-d, d the plies to conversion; a loss the
//     negation; both in their own band between the evaluations and the
//     decisive bands (see ScoreTBWin), so that the search steers to the
//     shortest conversion and the loser delays it;
//   - right after a capture the position was just converted: d counts as
//     0, so that the capture scores as the table before it says (a win in
//     1) and a shorter conversion within one table is never traded for a
//     longer one in the next;
//   - where one side is a bare general, the only conversion is the mate,
//     so d is a mate distance and the score a mate score, as a loss in 0
//     (checkmate or stalemate) is anywhere;
//   - the natural-move limit: a win or loss whose conversion lies beyond
//     the plies left before the limit is a draw (tb.Value.WDLWithin).
//
// Draws score 0.

// tbProbe returns the tablebase score of the worker's position at ply;
// ok is false when the position is not in the tables.
func (w *worker) tbProbe(ply int) (int, bool) {
	ts := w.s.cfg.Tablebases
	if ts == nil {
		return 0, false
	}
	p := &w.pos
	if !p.tbCandidate(ts) {
		return 0, false
	}
	var pl tb.Placement
	p.TBPlacement(&pl)
	v, ok := ts.Probe(&pl)
	if !ok {
		return 0, false
	}
	w.tbHits++
	converted := p.histLen > 0 && p.history[p.histLen-1].move.IsCapture()
	return tbScore(v, ply, w.pliesToLimit(), converted, p.bareGeneral()), true
}

// tbScore is the score at ply of a table value v with pliesLeft plies
// before the natural limit; converted tells that the move into the
// position was a capture, mate that every conversion is a mate.
func tbScore(v tb.Value, ply, pliesLeft int, converted, mate bool) int {
	wdl := v.WDLWithin(pliesLeft)
	if wdl == 0 {
		return 0
	}
	d := min(v.DTC(), MaxTBDistance)
	var score int
	switch {
	case d == 0 || mate && ply+d < MaxPly:
		score = ScoreMate - ply - d
	case converted:
		score = ScoreTBWin - ply
	default:
		score = ScoreTBWin - ply - d
	}
	return wdl * score
}

// tbCandidate is the cheap test before a probe: no more pieces than the
// largest table has, and one side without attacking pieces (the tables
// hold only such endings).
func (p *Position) tbCandidate(ts *tb.Tables) bool {
	if p.occupied[Red].Count()+p.occupied[Black].Count() > ts.MaxPieces() {
		return false
	}
	return !p.hasAttackers(Red) || !p.hasAttackers(Black)
}

// hasAttackers tells whether side c has a chariot, horse, cannon or soldier.
func (p *Position) hasAttackers(c Color) bool {
	return p.counts[MakePiece(c, Rook)]|p.counts[MakePiece(c, Horse)]|p.counts[MakePiece(c, Cannon)]|p.counts[MakePiece(c, Pawn)] != 0
}

// bareGeneral tells whether a side has its general alone.
func (p *Position) bareGeneral() bool {
	return p.occupied[Red].Count() == 1 || p.occupied[Black].Count() == 1
}
