//go:build tune

package engine

import "testing"

// tunable returns the variable behind a tuning build's parameter.
func tunable(t *testing.T, name string) *int {
	t.Helper()
	for _, tp := range TunableParams {
		if tp.Name == name {
			return tp.Value
		}
	}
	t.Fatalf("no parameter %s", name)
	return nil
}

// TestExchangePruning: turned on (SEEPruneMaxDepth, off by default), the
// exchange pruning makes fixed-depth searches of the bench positions
// smaller, each still answering a legal move, without allocating per node.
func TestExchangePruning(t *testing.T) {
	maxDepth := tunable(t, "SEEPruneMaxDepth")
	defer func(v int) { *maxDepth = v }(*maxDepth)
	var nodes [2]uint64
	for i, d := range []int{0, 6} {
		*maxDepth = d
		for _, fen := range BenchFENs[:12] {
			p, err := NewPosition(fen)
			if err != nil {
				t.Fatal(err)
			}
			r := NewSearcher(16).Search(p, Limits{Depth: 8}, nil)
			var legal MoveList
			p.GenerateLegalMoves(&legal)
			if !legal.Contains(r.BestMove) {
				t.Fatalf("SEEPruneMaxDepth %d, %s: best move %v is not legal", d, fen, r.BestMove)
			}
			nodes[i] += r.Nodes
		}
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("%d nodes with exchange pruning, %d without", nodes[1], nodes[0])
	}
	t.Logf("%d nodes with exchange pruning, %d without", nodes[1], nodes[0])
	s := NewSearcher(16)
	p, _ := NewPosition(BenchFENs[3])
	var shallow, deep uint64
	small := testing.AllocsPerRun(3, func() { s.Clear(); shallow = s.Search(p, Limits{Depth: 2}, nil).Nodes })
	large := testing.AllocsPerRun(3, func() { s.Clear(); deep = s.Search(p, Limits{Depth: 9}, nil).Nodes })
	if deep < 50*shallow || large > small {
		t.Errorf("a %d-node search allocates %.0f times, a %d-node one %.0f", deep, large, shallow, small)
	}
}
