package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine/nnue"
)

// testNet returns a net of layout arch with random weights within the
// trainer's bounds.
func testNet(seed uint64, arch int) *nnue.Net {
	rng := rand.New(rand.NewPCG(seed, 17))
	n := nnue.NewNet(arch)
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(rng.IntN(161) - 80)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(rng.IntN(201))
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = int16(rng.IntN(255) - 127)
		}
	}
	return n
}

// TestNetIncrementalMatchesBoard walks random lines of moves and null
// moves, evaluating at random plies, and checks that the accumulators
// updated move by move give the evaluation computed from the board, in
// both layouts (in the general-bucket one every general move between
// buckets refreshes its side's view).
func TestNetIncrementalMatchesBoard(t *testing.T) {
	for _, arch := range []int{nnue.ArchPlain, nnue.ArchGeneral} {
		testNetIncrementalMatchesBoard(t, arch)
	}
}

func testNetIncrementalMatchesBoard(t *testing.T, arch int) {
	s := NewSearcher(1)
	net := testNet(1, arch)
	st := DefaultSettings()
	st.Net = net
	s.Configure(st)
	w := s.workers[0]
	rng := rand.New(rand.NewPCG(3, 3))
	generalMoves, evaluations := 0, 0
	for _, start := range randomPositions(t, 300) {
		w.prepare(start, nil)
		var line []Move
		for ply := 0; ply < 40; ply++ {
			if rng.IntN(3) == 0 {
				got := w.netEval(ply)
				if want := w.pos.EvaluateNet(net); got != want {
					t.Fatalf("arch %d, %s after %v: incremental %d, from the board %d", arch, start.FEN(), line, got, want)
				}
				evaluations++
			}
			var list MoveList
			w.pos.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Count)]
			if !w.pos.inCheck && rng.IntN(10) == 0 {
				m = NullMove
			}
			// Prefer general moves now and then, to cross the centre line.
			for i := range list.Count {
				if mv := list.Moves[i]; mv.Piece().Type() == King && rng.IntN(2) == 0 {
					m = mv
					generalMoves++
					break
				}
			}
			w.netPush(ply+1, m)
			if m == NullMove {
				w.pos.MakeNullMove()
			} else {
				w.pos.MakeMove(m)
			}
			line = append(line, m)
		}
	}
	if generalMoves < 100 || evaluations < 1000 {
		t.Fatalf("only %d general moves and %d evaluations", generalMoves, evaluations)
	}
}

// TestNetSearch: a search with a net plays legal moves, is deterministic
// on one thread, and allocates nothing per node, in both layouts.
func TestNetSearch(t *testing.T) {
	for _, arch := range []int{nnue.ArchPlain, nnue.ArchGeneral} {
		testNetSearch(t, arch)
	}
}

func testNetSearch(t *testing.T, arch int) {
	s := NewSearcher(16)
	st := DefaultSettings()
	st.Net = testNet(2, arch)
	s.Configure(st)
	p, _ := NewPosition("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var nodes [2]uint64
	var best [2]Move
	measure := func(i, depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			r := s.Search(p, Limits{Depth: depth}, nil)
			nodes[i], best[i] = r.Nodes, r.BestMove
		})
	}
	shallow := measure(0, 2)
	deep := measure(1, 10)
	if nodes[1] < 20*nodes[0] {
		t.Fatalf("deep search too small: %d vs %d nodes", nodes[1], nodes[0])
	}
	if deep > shallow {
		t.Errorf("a %d-node search allocates %.0f times, a %d-node one %.0f", nodes[1], deep, nodes[0], shallow)
	}
	if _, err := p.ParseMove(best[1].String()); err != nil {
		t.Errorf("best move %v: %v", best[1], err)
	}
	s.Clear()
	if again := s.Search(p, Limits{Depth: 10}, nil); again.Nodes != nodes[1] || again.BestMove != best[1] {
		t.Errorf("the same search gave %d nodes %v, then %d nodes %v", nodes[1], best[1], again.Nodes, again.BestMove)
	}
}

// TestDefaultNetKnowsXiangqi: the embedded net, unlike random weights,
// sees the start position as about level, symmetric for the two sides,
// and a missing chariot or cannon as a large loss for its owner.
func TestDefaultNetKnowsXiangqi(t *testing.T) {
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	eval := func(fen string) int {
		t.Helper()
		var p Position
		if err := p.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		return p.EvaluateNet(net)
	}
	start := eval(StartFEN)
	if start < -80 || start > 80 {
		t.Errorf("start position: %d, want within +-80", start)
	}
	cases := []struct {
		name, fen string
		loss      int // at least
	}{
		{"Red without a chariot", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w", 150},
		{"Red without a cannon", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR w", 75},
	}
	for _, c := range cases {
		red := eval(c.fen)
		black := -eval(c.fen[:len(c.fen)-1] + "b")
		if red > start-c.loss || black > start-c.loss {
			t.Errorf("%s: %d with Red to move, %d (Red's view) with Black to move; want at most %d", c.name, red, black, start-c.loss)
		}
	}
}

// TestChangingEvaluationClearsTable: entries a search stored with one
// evaluation are gone once another is configured; configuring the same
// one keeps them.
func TestChangingEvaluationClearsTable(t *testing.T) {
	s := NewSearcher(1)
	p := StartPosition()
	s.Search(p, Limits{Depth: 4}, nil)
	if _, hit := s.ProbeHash(p); !hit {
		t.Fatal("the root is not in the table after a search")
	}
	s.Configure(s.Settings())
	if _, hit := s.ProbeHash(p); !hit {
		t.Error("configuring the same evaluation cleared the table")
	}
	st := s.Settings()
	st.Net = testNet(3, nnue.ArchPlain)
	s.Configure(st)
	if _, hit := s.ProbeHash(p); hit {
		t.Error("the root's entry survived a change of evaluation")
	}
	s.Search(p, Limits{Depth: 4}, nil)
	st.Net = nil
	s.Configure(st)
	if _, hit := s.ProbeHash(p); hit {
		t.Error("the entry of the network's search survived the change back")
	}
}
