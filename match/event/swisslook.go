package event

import "math/bits"

// The completability look-ahead of the Swiss pairing: whether a graph of
// allowed pairings (the pairs that may still meet without a rematch, and
// the bye as a vertex of its own) holds a number of edge-disjoint perfect
// matchings, one for each round still to pair; with colours, whether the
// games of those rounds can also be given colours within the limits.

// pairGraph is an undirected graph on at most 64 vertices, as adjacency
// bit sets.
type pairGraph []uint64

// degree returns the number of neighbours of v.
func (g pairGraph) degree(v int) int { return bits.OnesCount64(g[v]) }

// has tells whether u and v are joined.
func (g pairGraph) has(u, v int) bool { return g[u]&(1<<uint(v)) != 0 }

// without returns g less the edges of the matching mate (mate[v] = -1:
// v unmatched).
func (g pairGraph) without(mate []int) pairGraph {
	out := append(pairGraph(nil), g...)
	for v, u := range mate {
		if u >= 0 {
			out[v] &^= 1 << uint(u)
		}
	}
	return out
}

// key returns the graph, the rounds asked and the colour states as a map
// key.
func (g pairGraph) key(h int, cs []colourState) string {
	b := make([]byte, 0, 8*len(g)+3*len(cs)+1)
	b = append(b, byte(h))
	for _, x := range g {
		for i := 0; i < 8; i++ {
			b = append(b, byte(x>>(8*i)))
		}
	}
	for _, c := range cs {
		b = append(b, byte(c.diff), byte(c.last), byte(c.prev))
	}
	return string(b)
}

// lookahead searches for disjoint perfect matchings, within a budget of
// search nodes shared by all its calls; it remembers the graphs it found
// wanting.
type lookahead struct {
	// players is the number of vertices that are players (a vertex after
	// them is the bye, which takes no colour).
	players int
	budget  int
	failed  map[string]bool
	// plan holds the first matching of the last successful search (not
	// when a sufficient condition answered without one).
	plan []int
}

// lookaheadBudget bounds the nodes of the searches of one round. The
// property tests (4 to 16 players, every number of rounds) stay below it.
const lookaheadBudget = 1_000_000

func newLookahead(players int) *lookahead {
	return &lookahead{players: players, budget: lookaheadBudget, failed: map[string]bool{}}
}

// exhausted tells whether the budget ran out: the answers are then
// optimistic.
func (l *lookahead) exhausted() bool { return l.budget <= 0 }

// holds tells whether g holds h edge-disjoint perfect matchings; with
// colour states cs (nil: colours not looked at), whether their games can
// also be given colours within the limits. It answers true once the
// budget has run out.
func (l *lookahead) holds(g pairGraph, cs []colourState, h int) bool {
	l.plan = nil
	return l.search(g, cs, h, true) || l.exhausted()
}

// coloured returns the colours of the matching mate's games (+1 for the
// vertex with Red) that keep the limits and leave h more rounds to g and
// the colour states after them, each game's preferred colour (prefer: u's
// colour against v) first; nil when none does.
func (l *lookahead) coloured(g pairGraph, cs []colourState, mate []int, h int, prefer func(u, v int) int8) []int8 {
	got := make([]int8, len(mate))
	states := append([]colourState(nil), cs...)
	rest := g.without(mate)
	var pairs [][2]int
	for u, v := range mate {
		if u < v && v < l.players {
			pairs = append(pairs, [2]int{u, v})
		}
	}
	var try func(i int) bool
	try = func(i int) bool {
		if l.budget--; l.budget <= 0 {
			return true
		}
		if i == len(pairs) {
			return l.search(rest, states, h, false)
		}
		u, v := pairs[i][0], pairs[i][1]
		su, sv := states[u], states[v]
		opts := colourOptions(su, sv)
		if len(opts) == 2 && opts[0] != prefer(u, v) {
			opts[0], opts[1] = opts[1], opts[0]
		}
		for _, c := range opts {
			states[u], states[v] = su.add(c), sv.add(-c)
			got[u], got[v] = c, -c
			if try(i + 1) {
				return true
			}
		}
		states[u], states[v] = su, sv
		return false
	}
	if !try(0) {
		return nil
	}
	return got
}

// colourOptions returns the colours of u (+1 Red) against v that keep
// both within the limits, the one with fewer unmet wishes first.
func colourOptions(u, v colourState) []int8 {
	var out []int8
	for _, c := range [2]int8{1, -1} {
		if u.allows(c) && v.allows(-c) {
			out = append(out, c)
		}
	}
	if len(out) == 2 && colourCost(u, -1)+colourCost(v, 1) < colourCost(u, 1)+colourCost(v, -1) {
		out[0], out[1] = -1, 1
	}
	return out
}

// search looks for h disjoint perfect matchings of g (and their colours,
// with cs); top marks the first level, whose matching is kept as plan.
func (l *lookahead) search(g pairGraph, cs []colourState, h int, top bool) bool {
	if h == 0 {
		return true
	}
	n := len(g)
	least := n
	for v := range g {
		least = min(least, g.degree(v))
	}
	if least < h {
		return false
	}
	// Dirac: a graph whose every degree is at least half its order has a
	// Hamiltonian cycle, hence a perfect matching (even order); taking one
	// away lowers every degree by one. So h matchings can be peeled off
	// one by one when the least degree is n/2 + h - 1. (Colours are not
	// in this.)
	if cs == nil && n >= 2 && least >= n/2+h-1 {
		return true
	}
	key := g.key(h, cs)
	if l.failed[key] {
		return false
	}
	states := append([]colourState(nil), cs...)
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	free := uint64(1)<<uint(n) - 1
	if n == 64 {
		free = ^uint64(0)
	}
	found := false
	var match func(free uint64) bool
	match = func(free uint64) bool {
		if l.budget--; l.budget <= 0 {
			return true // give up: the caller sees the budget spent
		}
		if free == 0 {
			var next []colourState
			if cs != nil {
				next = states
			}
			if l.search(g.without(mate), next, h-1, false) {
				if top {
					l.plan = append([]int(nil), mate...)
				}
				found = true
				return true
			}
			return false
		}
		// The free vertex with the fewest free neighbours first.
		u, best := -1, n+1
		for x := free; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			if d := bits.OnesCount64(g[v] & free); d < best {
				u, best = v, d
			}
		}
		if best == 0 {
			return false
		}
		// Its neighbours with the fewest free neighbours first.
		var order []int
		for x := g[u] & free; x != 0; x &= x - 1 {
			order = append(order, bits.TrailingZeros64(x))
		}
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && bits.OnesCount64(g[order[j]]&free) < bits.OnesCount64(g[order[j-1]]&free); j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		rest := func(v int) bool {
			mate[u], mate[v] = v, u
			defer func() { mate[u], mate[v] = -1, -1 }()
			return match(free &^ (1<<uint(u) | 1<<uint(v)))
		}
		for _, v := range order {
			if cs == nil || u >= l.players || v >= l.players {
				if rest(v) {
					return true
				}
				continue
			}
			su, sv := states[u], states[v]
			for _, c := range colourOptions(su, sv) {
				states[u], states[v] = su.add(c), sv.add(-c)
				ok := rest(v)
				states[u], states[v] = su, sv
				if ok {
					return true
				}
			}
		}
		return false
	}
	match(free)
	if !found && l.budget > 0 {
		l.failed[key] = true
	}
	return found
}
