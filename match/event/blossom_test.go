package event

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the best (cardinality first when maxCard, then
// weight) matching's cardinality and weight by trying every matching.
func bruteMatching(n int, edges []wedge, maxCard bool) (int, int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		w[[2]int{min(e.i, e.j), max(e.i, e.j)}] = e.w
	}
	bestCard, bestW := 0, int64(0)
	used := make([]bool, n)
	var rec func(v, card int, sum int64)
	rec = func(v, card int, sum int64) {
		for v < n && used[v] {
			v++
		}
		if v >= n {
			if maxCard && (card > bestCard || card == bestCard && sum > bestW) || !maxCard && sum > bestW {
				bestCard, bestW = card, sum
			}
			return
		}
		used[v] = true
		rec(v+1, card, sum) // v single
		for u := v + 1; u < n; u++ {
			if x, ok := w[[2]int{v, u}]; ok && !used[u] {
				used[u] = true
				rec(v+1, card+1, sum+x)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestCard, bestW
}

// TestMaxWeightMatching compares the blossom algorithm with an exhaustive
// search on random graphs of up to 11 vertices, sparse and dense, with
// weights of few values (many ties) and of many.
func TestMaxWeightMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(11)
		density := rng.Float64()
		spread := []int64{3, 1000}[rng.IntN(2)]
		var edges []wedge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					edges = append(edges, wedge{i, j, 1 + rng.Int64N(spread)})
				}
			}
		}
		for _, maxCard := range []bool{false, true} {
			mate := maxWeightMatching(n, edges, maxCard)
			card, sum := 0, int64(0)
			w := map[[2]int]int64{}
			for _, e := range edges {
				w[[2]int{e.i, e.j}], w[[2]int{e.j, e.i}] = e.w, e.w
			}
			for v, u := range mate {
				if u < 0 {
					continue
				}
				x, ok := w[[2]int{v, u}]
				if !ok || mate[u] != v {
					t.Fatalf("trial %d: %d-%d is no edge, or not mutual: %v", trial, v, u, mate)
				}
				if v < u {
					card++
					sum += x
				}
			}
			wantCard, wantW := bruteMatching(n, edges, maxCard)
			if sum != wantW || maxCard && card != wantCard {
				t.Fatalf("trial %d (n %d, maxCard %v): cardinality %d weight %d, want %d %d\nedges %v", trial, n, maxCard, card, sum, wantCard, wantW, edges)
			}
		}
	}
}
