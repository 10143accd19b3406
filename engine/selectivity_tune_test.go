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

// benchNodes searches the first bench positions to depth with a fresh
// 16 MB table each and returns the nodes in all; every answer must be a
// legal move.
func benchNodes(t *testing.T, depth int) uint64 {
	t.Helper()
	var nodes uint64
	for _, fen := range BenchFENs[:12] {
		p, err := NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		r := NewSearcher(16).Search(p, Limits{Depth: depth}, nil)
		var legal MoveList
		p.GenerateLegalMoves(&legal)
		if !legal.Contains(r.BestMove) {
			t.Fatalf("%s: best move %v is not legal", fen, r.BestMove)
		}
		nodes += r.Nodes
	}
	return nodes
}

// TestSelectivityOptions: exchange pruning (SEEPruneMaxDepth) and probcut
// (ProbCut), both off by default, each change the fixed-depth searches of
// the bench positions when turned on (exchange pruning makes them
// smaller; probcut's own searches cost more than it cuts at this depth),
// still answering legal moves and without allocating per node.
func TestSelectivityOptions(t *testing.T) {
	base := benchNodes(t, 8)
	for _, c := range []struct {
		name  string
		value int
		fewer bool
	}{{"SEEPruneMaxDepth", 6, true}, {"ProbCut", 1, false}} {
		v := tunable(t, c.name)
		old := *v
		*v = c.value
		nodes := benchNodes(t, 8)
		s := NewSearcher(16)
		p, _ := NewPosition(BenchFENs[3])
		var shallow, deep uint64
		small := testing.AllocsPerRun(3, func() { s.Clear(); shallow = s.Search(p, Limits{Depth: 2}, nil).Nodes })
		large := testing.AllocsPerRun(3, func() { s.Clear(); deep = s.Search(p, Limits{Depth: 9}, nil).Nodes })
		*v = old
		if nodes == base || c.fewer && nodes > base {
			t.Errorf("%s=%d: %d nodes, %d without", c.name, c.value, nodes, base)
		}
		t.Logf("%s=%d: %d nodes, %d without", c.name, c.value, nodes, base)
		if deep < 50*shallow || large > small {
			t.Errorf("%s=%d: a %d-node search allocates %.0f times, a %d-node one %.0f", c.name, c.value, deep, large, shallow, small)
		}
	}
}
