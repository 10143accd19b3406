package engine

import "testing"

// TestFirstIterationAbandoned: a first iteration that goes on for
// firstIterationGrace nodes after the stop is abandoned, and the search
// still answers with a legal move, at depth 0 and with a finite score.
// With the grace at 0, a node limit of 1 stops the first iteration of a
// position whose depth-1 search needs more than the 1,024 nodes between
// two checks of the limits; with the usual grace the same search completes
// its first iteration.
func TestFirstIterationAbandoned(t *testing.T) {
	const fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
	pos, err := NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	full := NewSearcher(1).Search(pos, Limits{Depth: 1}, nil)
	if full.Nodes <= 1024 {
		t.Fatalf("the depth-1 search takes %d nodes: the test needs more than 1,024", full.Nodes)
	}
	if r := NewSearcher(1).Search(pos, Limits{Nodes: 1}, nil); r.Depth != 1 {
		t.Errorf("with the usual grace, a 1-node limit gave depth %d, want the first iteration completed", r.Depth)
	}

	defer func(g uint64) { firstIterationGrace = g }(firstIterationGrace)
	firstIterationGrace = 0
	r := NewSearcher(1).Search(pos, Limits{Nodes: 1}, nil)
	if r.Depth != 0 {
		t.Errorf("1 thread: depth %d, want 0 (the first iteration abandoned)", r.Depth)
	}
	if r.Nodes >= full.Nodes {
		t.Errorf("1 thread: %d nodes, as many as the whole first iteration (%d)", r.Nodes, full.Nodes)
	}
	checkAnswer(t, "1 thread", pos, r)

	// With a helper, the depth reached is not fixed: the helper runs until
	// the main thread's first check of the limits, and when the scheduler
	// lets it run ahead its table entries can let the main thread finish
	// an iteration or two within those 1,024 nodes (a CI run saw depth 2).
	// Whatever the interleaving, the search ends and answers soundly.
	s := NewSearcher(1)
	s.SetThreads(2)
	checkAnswer(t, "2 threads", pos, s.Search(pos, Limits{Nodes: 1}, nil))
}

// checkAnswer fails unless r plays a legal move with a finite score.
func checkAnswer(t *testing.T, what string, pos *Position, r Result) {
	t.Helper()
	if !pos.IsLegal(r.BestMove) {
		t.Errorf("%s: best move %v is not legal", what, r.BestMove)
	}
	if r.Score <= -ScoreInfinite || r.Score >= ScoreInfinite {
		t.Errorf("%s: score %d", what, r.Score)
	}
}
