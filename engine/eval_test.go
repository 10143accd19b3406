package engine

import (
	"math/rand/v2"
	"testing"
)

// randomPositions plays random legal games from the perft positions.
func randomPositions(t *testing.T, n int) []*Position {
	rng := rand.New(rand.NewPCG(7, 7))
	var out []*Position
	cases := loadPerftCases(t)
	for len(out) < n {
		p, _ := NewPosition(cases[rng.IntN(len(cases))].fen)
		for ply := rng.IntN(40); ply > 0; ply-- {
			var list MoveList
			p.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			p.MakeMove(list.Moves[rng.IntN(list.Count)])
		}
		q, _ := NewPosition(p.FEN())
		out = append(out, q)
	}
	return out
}

func TestEvaluationSymmetry(t *testing.T) {
	for _, p := range randomPositions(t, 500) {
		v := p.Evaluate()
		flipped := p.ColourFlipped()
		if fv := flipped.Evaluate(); fv != v {
			t.Errorf("%s: %d, colour-flipped %s: %d", p.FEN(), v, flipped.FEN(), fv)
		}
		if mv := p.Mirrored().Evaluate(); mv != v {
			t.Errorf("%s: %d, mirrored: %d", p.FEN(), v, mv)
		}
	}
}

// TestEvaluationTraceIsLinear checks that the trace reproduces the score:
// the tuner relies on the evaluation being linear in its weights.
func TestEvaluationTraceIsLinear(t *testing.T) {
	for _, p := range randomPositions(t, 200) {
		var tr evalTrace
		v := p.evaluate(&tr)
		var mg, eg int64
		for i, c := range tr.coef {
			mg += int64(c) * int64(evalParams[i].mg)
			eg += int64(c) * int64(evalParams[i].eg)
		}
		ph := int64(tr.phase)
		mix := (mg*ph + eg*(maxPhase-ph)) / maxPhase
		if p.SideToMove() == Black {
			mix = -mix
		}
		if d := int64(v) - mix; d < -2 || d > 2 {
			t.Errorf("%s: evaluate %d, trace %d", p.FEN(), v, mix)
		}
	}
}

func TestEvaluationIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	p := StartPosition()
	for ply := 0; ply < 2000; ply++ {
		var list MoveList
		p.GenerateLegalMoves(&list)
		if list.Count == 0 {
			p = StartPosition()
			continue
		}
		p.PlayGameMove(list.Moves[rng.IntN(list.Count)])
		fresh, _ := NewPosition(p.FEN())
		if fresh.eval != p.eval {
			t.Fatalf("%s: incremental terms %+v, from scratch %+v", p.FEN(), p.eval, fresh.eval)
		}
	}
	p = StartPosition()
	if v := p.Evaluate(); v < 0 || v > 50 {
		t.Errorf("start position evaluates to %d", v)
	}
}

func TestEvalFeaturesMatchEvaluate(t *testing.T) {
	coef := make([]int32, NumEvalParams)
	params := DefaultWeights()
	for _, p := range randomPositions(t, 100) {
		phase := EvalFeatures(p, coef)
		var mg, eg int64
		for i, c := range coef {
			mg += int64(c) * int64(params[i].MG)
			eg += int64(c) * int64(params[i].EG)
		}
		v := (mg*int64(phase) + eg*int64(MaxPhase-phase)) / MaxPhase
		if p.SideToMove() == Black {
			v = -v
		}
		if d := v - int64(p.Evaluate()); d < -2 || d > 2 {
			t.Errorf("%s: features give %d, Evaluate %d", p.FEN(), v, p.Evaluate())
		}
	}
}

func TestQuietLeaf(t *testing.T) {
	s := NewSearcher(1)
	// Red's cannon can take a horse at once: the leaf is after the exchange.
	p := StartPosition()
	var leaf, q Position
	score := s.QuietLeaf(p, &leaf)
	if leaf.Key() == p.Key() && score != p.Evaluate() {
		t.Errorf("quiet start position: score %d, eval %d", score, p.Evaluate())
	}
	s.QuietLeaf(&leaf, &q)
	if q.Key() != leaf.Key() {
		t.Errorf("the leaf %s is not quiet", leaf.FEN())
	}
}
