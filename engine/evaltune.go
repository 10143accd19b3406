package engine

// The evaluation as the tuner sees it: for each position, the coefficient
// of every weight (the weights themselves are in weights.go).

// MaxPhase is the game phase of a full board (all middle game).
const MaxPhase = maxPhase

// EvalFeatures writes into coef (length NumEvalParams) the coefficient of
// each weight in pos's evaluation, counted for Red minus Black, and returns
// the phase. For every position,
//
//	Evaluate() ≈ s * Σ coef[i]*(MG[i]*phase + EG[i]*(MaxPhase-phase)) / MaxPhase
//
// with s = +1 when Red is to move and -1 otherwise (up to rounding), MG and
// EG being DefaultWeights.
func EvalFeatures(pos *Position, coef []int32) (phase int) {
	var tr evalTrace
	pos.evaluate(&tr)
	copy(coef, tr.coef[:])
	return int(tr.phase)
}

// QuietLeaf runs a quiescence search from pos, sets leaf to the position at
// the end of its principal variation (pos itself when it is quiet; without
// history) and returns the quiescence score from pos's side to move. The
// tuner labels such quiet positions. It waits for a running search to end.
func (s *Searcher) QuietLeaf(pos, leaf *Position) int {
	s.waitPrepared()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop.Store(false)
	s.ttUsed = true
	w := s.workers[0]
	w.pos.positionState = pos.positionState // the history is not used
	w.pos.ResetHistory()
	w.netReset()
	w.stack[0].pvLen = 0
	// A fresh leaf search: no node count or completed depth of an earlier
	// search (which would let a Stop cut it short), and the static
	// evaluation as it is, without what searches taught the correction
	// tables.
	w.nodes, w.completedDepth, w.correct = 0, 0, false
	score := w.qsearch(-ScoreInfinite, ScoreInfinite, 0)
	leaf.positionState = pos.positionState
	leaf.ResetHistory()
	f := &w.stack[0]
	for _, m := range f.pv[:f.pvLen] {
		leaf.MakeMove(m)
	}
	leaf.ResetHistory()
	return score
}
