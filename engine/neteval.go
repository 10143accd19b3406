package engine

import "github.com/goxq/ucci/engine/nnue"

// The neural network evaluation in the search. Each worker keeps, per ply
// of its search path, the accumulators of both perspectives and the move
// that led there. An accumulator is brought up to date only when a node
// needs its evaluation: from the nearest ancestor whose accumulator is
// computed, move by move, or from the board when a general's move on the
// way changes how that side sees the board (its view: the mirroring and,
// in the general-bucket layout, the general's place).

// netFrame is the network state at one ply of a worker's search path.
type netFrame struct {
	acc      nnue.Accumulator
	computed [2]bool
	view     [2]int // each side's nnue.View
	move     Move   // the move from the ply before (NullMove for a null move)
}

// netPush records that the position at ply was reached by m.
func (w *worker) netPush(ply int, m Move) {
	f := &w.netStack[ply]
	f.move = m
	f.computed = [2]bool{}
}

// netReset computes the accumulators of the position at ply 0.
func (w *worker) netReset() {
	f := &w.netStack[0]
	f.move = NoMove
	f.computed = [2]bool{}
	if w.s.cfg.Net == nil {
		return
	}
	for side := Red; side <= Black; side++ {
		w.netRefresh(0, side)
	}
}

// netEval returns the network's evaluation of the position at ply, from
// the side to move.
func (w *worker) netEval(ply int) int {
	f := &w.netStack[ply]
	for side := Red; side <= Black; side++ {
		if !f.computed[side] {
			w.netUpdate(ply, side)
		}
	}
	p := &w.pos
	stm := p.side
	return w.s.cfg.Net.Evaluate(&f.acc.V[stm], &f.acc.V[stm^1], p.occupied[Red].Count()+p.occupied[Black].Count())
}

// netUpdate brings side's accumulator at ply up to date.
func (w *worker) netUpdate(ply int, side Color) {
	j := ply
	for !w.netStack[j].computed[side] {
		if w.changesView(w.netStack[j].move, side) {
			w.netRefresh(ply, side)
			return
		}
		j--
	}
	for k := j + 1; k <= ply; k++ {
		w.netApply(k, side)
	}
}

// changesView tells whether m moves side's general to where side sees the
// board otherwise (across the centre file's edge, or to another bucket).
func (w *worker) changesView(m Move, side Color) bool {
	return m != NullMove && m.Piece() == MakePiece(side, King) &&
		w.s.cfg.Net.View(int(side), int(m.From())) != w.s.cfg.Net.View(int(side), int(m.To()))
}

// netApply computes side's accumulator at ply from the one before.
func (w *worker) netApply(ply int, side Color) {
	prev, f := &w.netStack[ply-1], &w.netStack[ply]
	src, dst := &prev.acc.V[side], &f.acc.V[side]
	view := prev.view[side]
	f.view[side] = view
	f.computed[side] = true
	m := f.move
	if m == NullMove {
		*dst = *src
		return
	}
	s, pc := int(side), int(m.Piece())
	add := nnue.FeatureOf(s, view, pc, int(m.To()))
	sub := nnue.FeatureOf(s, view, pc, int(m.From()))
	if m.IsCapture() {
		w.s.cfg.Net.Capture(dst, src, add, sub, nnue.FeatureOf(s, view, int(m.Captured()), int(m.To())))
		return
	}
	w.s.cfg.Net.Move(dst, src, add, sub)
}

// netRefresh computes side's accumulator at ply from the board.
func (w *worker) netRefresh(ply int, side Color) {
	f := &w.netStack[ply]
	var feats [32]uint16
	net := w.s.cfg.Net
	n := w.pos.netFeatures(net, side, &feats)
	f.view[side] = net.View(int(side), int(w.pos.kings[side]))
	net.Refresh(&f.acc.V[side], feats[:n])
	f.computed[side] = true
}

// netFeatures writes net's inputs of the position seen by side and returns
// their number.
func (p *Position) netFeatures(net *nnue.Net, side Color, feats *[32]uint16) int {
	view := net.View(int(side), int(p.kings[side]))
	n := 0
	for pc := RedKing; pc <= BlackPawn; pc++ {
		for b := p.pieces[pc]; !b.IsEmpty() && n < len(feats); {
			feats[n] = uint16(nnue.FeatureOf(int(side), view, int(pc), int(b.PopFirst())))
			n++
		}
	}
	return n
}

// EvaluateNet returns the evaluation of net for the position from the side
// to move, computed from the board (for tools; the search updates its
// accumulators move by move).
func (p *Position) EvaluateNet(net *nnue.Net) int {
	var acc nnue.Accumulator
	var feats [32]uint16
	for side := Red; side <= Black; side++ {
		n := p.netFeatures(net, side, &feats)
		net.Refresh(&acc.V[side], feats[:n])
	}
	return net.Evaluate(&acc.V[p.side], &acc.V[p.side^1], p.occupied[Red].Count()+p.occupied[Black].Count())
}
