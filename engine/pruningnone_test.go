package engine

import "testing"

// plainSearch is a reference full-width alpha-beta search with the
// engine's quiescence rules spelt out: every legal move to the depth (plus
// the engine's check extension), then stand pat and every capture (every
// evasion in check). It uses the worker only for its position, evaluation
// and rule scores, none of the searcher's selectivity.
func (w *worker) plainSearch(alpha, beta, depth, ply, rootDepth int) int {
	if depth <= 0 {
		return w.plainQuiescence(alpha, beta, ply)
	}
	p := &w.pos
	if ply > 0 {
		if score, ok := w.ruleScore(ply); ok {
			return score
		}
	}
	var list MoveList
	p.GenerateLegalMoves(&list)
	if list.Count == 0 {
		return -ScoreMate + ply
	}
	best := -ScoreInfinite
	for _, m := range list.Slice() {
		p.MakeMove(m)
		newDepth := depth - 1
		if p.inCheck && ply < 2*rootDepth {
			newDepth++
		}
		score := -w.plainSearch(-beta, -alpha, newDepth, ply+1, rootDepth)
		p.UnmakeMove(m)
		best = max(best, score)
		alpha = max(alpha, score)
		if alpha >= beta {
			break
		}
	}
	return best
}

// plainQuiescence is the reference quiescence search.
func (w *worker) plainQuiescence(alpha, beta, ply int) int {
	p := &w.pos
	if score, ok := w.ruleScore(ply); ok {
		return score
	}
	if ply >= MaxPly-4 {
		return w.evaluate(ply)
	}
	best := -ScoreInfinite
	if !p.inCheck {
		best = w.evaluate(ply)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	var list MoveList
	p.GenerateLegalMoves(&list)
	moves := 0
	for _, m := range list.Slice() {
		if !p.inCheck && !m.IsCapture() {
			continue
		}
		moves++
		p.MakeMove(m)
		score := -w.plainQuiescence(-beta, -alpha, ply+1)
		p.UnmakeMove(m)
		best = max(best, score)
		alpha = max(alpha, score)
		if alpha >= beta {
			break
		}
	}
	if p.inCheck && moves == 0 {
		return -ScoreMate + ply
	}
	return best
}

// TestPruningNoneIsPlainAlphaBeta: with pruning none the search is exact
// alpha-beta: at every depth its score is the full-width minimax value of
// the reference search, while the full search (pruning large) differs in
// some of these positions. Any reduction, pruning or selective extension
// left on at level none makes the scores differ.
func TestPruningNoneIsPlainAlphaBeta(t *testing.T) {
	positions := []string{
		StartFEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
		"r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
		"2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1",
		"4ka3/4a4/N8/p8/C8/9/9/8B/3p2ppc/4K4 w - - 0 1",
	}
	maxDepth := 4
	if testing.Short() {
		maxDepth = 3
	}
	differs := 0
	for _, fen := range positions {
		pos, err := NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= maxDepth; depth++ {
			s := NewSearcher(16)
			st := DefaultSettings()
			st.Pruning, st.NaturalLimit = LevelNone, 0
			s.Configure(st)
			got := s.Search(pos, Limits{Depth: depth}, nil)
			ref := NewSearcher(1)
			ref.Configure(st)
			w := ref.workers[0]
			w.prepare(pos, nil)
			w.rootDepth = depth
			want := w.plainSearch(-ScoreInfinite, ScoreInfinite, depth, 0, depth)
			if got.Score != want {
				t.Errorf("%s depth %d: pruning none scores %d, plain alpha-beta %d", fen, depth, got.Score, want)
			}
			full := NewSearcher(16)
			full.Configure(DefaultSettings())
			if full.Search(pos, Limits{Depth: depth}, nil).Score != want {
				differs++
			}
		}
	}
	if differs == 0 {
		t.Error("the full search agrees with plain alpha-beta everywhere: the test cannot tell them apart")
	}
}
