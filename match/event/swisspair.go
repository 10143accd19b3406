package event

import (
	"errors"
	"fmt"
	"sort"
)

// The pairing of one Swiss round: a maximum-weight perfect matching over
// all the players still in the event (and a bye vertex when their number
// is odd), as the FIDE pairing programs build it, with the absolute rules
// as the edges that may be chosen and the criteria as the weights.

// swissRound is the pairing state of one round.
type swissRound struct {
	ranked []*swissPlayer // the players still in, best first
	n, v   int            // players; vertices (n, or n+1 with the bye vertex n)
	left   int            // rounds still to pair, this one included
	// level is the least number of meetings of two players still in, and
	// minByes the least number of byes: a pairing is fresh when it is at
	// that level (a bye when it goes to a player with the fewest byes).
	level, minByes int
	// group is each player's score group (0 the top), place his place in
	// it, size its size.
	group, place, size []int
	// halfPoints are the players' points in halves, state their colour
	// states.
	halfPoints []int
	state      []colourState
}

// Criteria of the weights, most important first; each edge has a penalty
// for each, and a perfect matching of least penalties, compared in this
// order, has the greatest weight.
const (
	critByeExcess   = iota // a bye to a player who had more than the fewest (only when nothing else pairs)
	critMeetExcess         // a pairing above the level (a rematch when fresh pairs run out)
	critBye                // the bye not to the lowest-ranked (of those with the fewest byes)
	critColourLimit        // a pair that no colour keeps within the limits
	critScoreSquare        // the square of the score difference (in half points)
	critFloat              // a pair across score groups
	critColourWish         // the colour wishes left unmet (2 strong, 1 mild)
	critRank               // the rank order: top half meets bottom half, floats from the bottom and to the top of a group
	critCount
)

// newSwissRound prepares the pairing of the ranked players.
func newSwissRound(ranked []*swissPlayer, left int) *swissRound {
	n := len(ranked)
	r := &swissRound{ranked: ranked, n: n, v: n + n%2, left: left}
	r.level, r.minByes = -1, -1
	for a, pa := range ranked {
		if r.minByes < 0 || pa.byes < r.minByes {
			r.minByes = pa.byes
		}
		for _, pb := range ranked[a+1:] {
			if m := pa.met[pb.player]; r.level < 0 || m < r.level {
				r.level = m
			}
		}
	}
	r.level = max(r.level, 0)
	r.group, r.place, r.size = make([]int, n), make([]int, n), make([]int, n)
	r.halfPoints = make([]int, n)
	g := 0
	for i := 0; i < n; {
		j := i
		for j < n && ranked[j].points == ranked[i].points {
			j++
		}
		for x := i; x < j; x++ {
			r.group[x], r.place[x], r.size[x] = g, x-i, j-i
		}
		g++
		i = j
	}
	r.state = make([]colourState, n)
	for i, p := range ranked {
		r.halfPoints[i] = int(2*p.points + 0.5)
		r.state[i] = p.colourState()
	}
	return r
}

// isBye tells whether vertex x is the bye.
func (r *swissRound) isBye(x int) bool { return x >= r.n }

// meetings returns how often players a and b met.
func (r *swissRound) meetings(a, b int) int { return r.ranked[a].met[r.ranked[b].player] }

// fresh tells whether a and b (vertices) may be paired without going
// above the level: players who met fewer times than any other pair, a
// bye to a player with the fewest byes.
func (r *swissRound) fresh(a, b int) bool {
	switch {
	case r.isBye(a):
		return r.ranked[b].byes == r.minByes
	case r.isBye(b):
		return r.ranked[a].byes == r.minByes
	}
	return r.meetings(a, b) == r.level
}

// freshGraph returns the graph of the fresh pairings.
func (r *swissRound) freshGraph() pairGraph {
	g := make(pairGraph, r.v)
	for a := 0; a < r.v; a++ {
		for b := a + 1; b < r.v; b++ {
			if r.fresh(a, b) {
				g[a] |= 1 << uint(b)
				g[b] |= 1 << uint(a)
			}
		}
	}
	return g
}

// colourCost returns the colour wishes a player in state p leaves unmet
// with colour c (+1 Red, -1 Black): 0, 1 mild, 2 strong, 3 a limit.
func colourCost(p colourState, c int8) int {
	w, s := p.wish()
	if w == 0 || w == c {
		return 0
	}
	return s
}

// colours returns the best colour of a (+1 Red) against b: within the
// limits when some colour keeps them (ok), then with the fewest unmet
// wishes (cost); on a tie the stronger wish wins, then the higher-ranked
// player's (a is ranked above b), else a has Red on odd boards.
func colours(a, b colourState, board int) (ca int8, cost int, ok bool) {
	type option struct {
		c    int8
		ok   bool
		cost int
	}
	var opts [2]option
	for i, c := range [2]int8{1, -1} {
		opts[i] = option{c: c, ok: a.allows(c) && b.allows(-c), cost: colourCost(a, c) + colourCost(b, -c)}
	}
	better := func(x, y option) bool { // x before y
		if x.ok != y.ok {
			return x.ok
		}
		return x.cost < y.cost
	}
	switch {
	case better(opts[0], opts[1]):
		return opts[0].c, opts[0].cost, opts[0].ok
	case better(opts[1], opts[0]):
		return opts[1].c, opts[1].cost, opts[1].ok
	}
	wa, sa := a.wish()
	wb, sb := b.wish()
	c := int8(1)
	switch {
	case wa != 0 && sa >= sb:
		c = wa
	case wb != 0:
		c = -wb
	case board%2 == 0:
		c = -1
	}
	o := opts[0]
	if c == -1 {
		o = opts[1]
	}
	return o.c, o.cost, o.ok
}

// penalties returns the penalties of pairing vertices a < b.
func (r *swissRound) penalties(a, b int) [critCount]int64 {
	var p [critCount]int64
	if r.isBye(b) {
		p[critByeExcess] = int64(r.ranked[a].byes - r.minByes)
		p[critBye] = int64(r.n - 1 - a)
		return p
	}
	if m := r.meetings(a, b) - r.level; m > 0 {
		p[critMeetExcess] = int64(m * m)
	}
	_, cost, ok := colours(r.state[a], r.state[b], 1)
	if !ok {
		p[critColourLimit] = 1
	}
	p[critColourWish] = int64(cost)
	d := int64(r.halfPoints[a] - r.halfPoints[b])
	p[critScoreSquare] = d * d
	if d != 0 {
		p[critFloat] = 1
	}
	if r.group[a] == r.group[b] {
		p[critRank] = int64(abs(r.place[b] - r.place[a] - r.size[a]/2))
	} else {
		// The lowest of the higher group floats down to the highest of the
		// lower one.
		p[critRank] = int64(r.size[a] - 1 - r.place[a] + r.place[b])
	}
	return p
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// errSwissWeights is a round too large for the weights' 63 bits.
var errSwissWeights = errors.New("too many players for the pairing weights")

// weighted returns the edges allowed by allow, weighted so that a
// heavier perfect matching has smaller penalties, compared criterion by
// criterion.
func (r *swissRound) weighted(allow func(a, b int) bool) ([]wedge, error) {
	type cand struct {
		a, b int
		p    [critCount]int64
	}
	var cs []cand
	var most [critCount]int64
	for a := 0; a < r.v; a++ {
		for b := a + 1; b < r.v; b++ {
			if !allow(a, b) {
				continue
			}
			c := cand{a: a, b: b, p: r.penalties(a, b)}
			for i, x := range c.p {
				most[i] = max(most[i], x)
			}
			cs = append(cs, c)
		}
	}
	// mult[i] exceeds what the criteria after i can add up to in a
	// matching of v/2 edges.
	var mult [critCount]int64
	const limit = int64(1) << 60
	m := int64(1)
	pairs := int64(r.v / 2)
	for i := critCount - 1; i >= 0; i-- {
		mult[i] = m
		span := pairs*most[i] + 1
		if m > limit/span {
			return nil, errSwissWeights
		}
		m *= span
	}
	edges := make([]wedge, len(cs))
	for k, c := range cs {
		w := int64(1)
		for i := range c.p {
			w += (most[i] - c.p[i]) * mult[i]
		}
		edges[k] = wedge{c.a, c.b, w}
	}
	return edges, nil
}

// murtyBudget bounds the matchings a round tries against the look-ahead
// before it takes the first round of the plan the look-ahead found.
const murtyBudget = 3000

// pair pairs the round: the pairs (player indices, Red first, by board)
// and the player with the bye (-1 for none).
func (r *swissRound) pair() ([][2]int, int, error) {
	if r.n < 2 {
		return nil, -1, fmt.Errorf("no pairing of %d players", r.n)
	}
	fresh := r.freshGraph()
	look := newLookahead(r.n)
	// h: the most rounds, up to the rounds left, that fresh pairings can
	// still fill; this round must leave the others h-1 of them.
	h := r.left
	for v := range fresh {
		h = min(h, fresh.degree(v))
	}
	for ; h > 0; h-- {
		if look.holds(fresh, nil, h) {
			break
		}
	}
	if h > 0 {
		plan := look.plan
		mate, cs, err := r.best(fresh, h, look)
		if err != nil {
			return nil, -1, err
		}
		if mate == nil {
			mate = plan
		}
		if mate != nil {
			return r.result(mate, cs)
		}
	}
	// No fresh pairing fills the round (players withdrew): pair above the
	// level, as little as can be, the bye by its rule if it can.
	edges, err := r.weighted(func(int, int) bool { return true })
	if err != nil {
		return nil, -1, err
	}
	return r.result(maxWeightMatching(r.v, edges, true), nil)
}

// best returns the heaviest perfect matching of fresh pairings that
// leaves h-1 fresh rounds whose games, and its own, can keep the colour
// limits, with those colours; else the heaviest that leaves h-1 fresh
// rounds (colours then by colours()); nil when the budget runs out first.
func (r *swissRound) best(fresh pairGraph, h int, look *lookahead) ([]int, []int8, error) {
	edges, err := r.weighted(func(a, b int) bool { return fresh.has(a, b) })
	if err != nil {
		return nil, nil, err
	}
	states := make([]colourState, r.v)
	copy(states, r.state)
	tried := 0
	var agnostic []int // the first matching that passes without colours
	for ranking := newMurty(r.v, edges); tried < murtyBudget; tried++ {
		mate := ranking.next()
		if mate == nil {
			break
		}
		if !look.holds(fresh.without(mate), nil, h-1) {
			continue
		}
		if agnostic == nil {
			agnostic = mate
		}
		if cs := look.coloured(fresh, states, mate, h-1, r.preferred(mate)); cs != nil {
			return mate, cs, nil
		}
	}
	return agnostic, nil, nil
}

// boards returns the pairs of the matching (vertices, the higher-ranked
// first) by board: the pairs with the most points first, then the higher
// rank; bye is the player vertex with the bye (-1: none).
func (r *swissRound) boards(mate []int) (pairs [][2]int, bye int, err error) {
	bye = -1
	for a := 0; a < r.n; a++ {
		b := mate[a]
		switch {
		case b < 0:
			return nil, -1, fmt.Errorf("no pairing of %d players", r.n)
		case r.isBye(b):
			bye = a
		case a < b:
			pairs = append(pairs, [2]int{a, b})
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		pi, pj := pairs[i], pairs[j]
		hi, hj := max(r.halfPoints[pi[0]], r.halfPoints[pi[1]]), max(r.halfPoints[pj[0]], r.halfPoints[pj[1]])
		if hi != hj {
			return hi > hj
		}
		return pi[0] < pj[0]
	})
	return pairs, bye, nil
}

// preferred returns, for the games of the matching, the colour of u
// against v that colours() gives on its board.
func (r *swissRound) preferred(mate []int) func(u, v int) int8 {
	pairs, _, _ := r.boards(mate)
	board := map[[2]int]int{}
	for i, p := range pairs {
		board[p] = i + 1
	}
	return func(u, v int) int8 {
		a, b := min(u, v), max(u, v)
		c, _, _ := colours(r.state[a], r.state[b], board[[2]int{a, b}])
		if u != a {
			c = -c
		}
		return c
	}
}

// result turns the matching into the round's pairs with their colours
// (cs, +1 for the vertex with Red; nil: by colours()), by board: the
// pairs with the most points first, then the higher rank.
func (r *swissRound) result(mate []int, cs []int8) ([][2]int, int, error) {
	pairs, bye, err := r.boards(mate)
	if err != nil {
		return nil, -1, err
	}
	out := make([][2]int, len(pairs))
	for i, p := range pairs {
		c, _, _ := colours(r.state[p[0]], r.state[p[1]], i+1)
		if cs != nil {
			c = cs[p[0]]
		}
		out[i] = [2]int{r.ranked[p[0]].player, r.ranked[p[1]].player}
		if c == -1 {
			out[i] = [2]int{r.ranked[p[1]].player, r.ranked[p[0]].player}
		}
	}
	byePlayer := -1
	if bye >= 0 {
		byePlayer = r.ranked[bye].player
	}
	return out, byePlayer, nil
}
