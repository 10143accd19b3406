package match

import (
	"fmt"
	"sort"
)

// swissEvent is a Swiss event (积分编排制) of a fixed number of rounds.
//
// The pairing rules, round by round:
//
//  1. The players still in the event are ranked by points, then by entry
//     order (the seed). Withdrawn players are not paired again (20.4:
//     what they played counts, the rest is lost).
//  2. When their number is odd, the lowest-ranked player who has not had
//     a bye gets it (a win's point; not a game won for the wins
//     tie-break, and no opponent for the opponents' score). The next lowest takes it
//     when the rest cannot be paired otherwise.
//  3. Top down, the highest-ranked unpaired player meets, of the unpaired
//     players he has not met, the one nearest in points (a score group
//     first, a float to the nearest group when it cannot be paired
//     inside); within the group the one whose colour wish fits his own;
//     then the one at his place in the other half of the group (top half
//     meets bottom half: in a group of m, place i meets place i + m/2).
//  4. No player gets a colour three times in a row, and no player's Red
//     and Black games differ by more than two. These are hard limits,
//     like the ban on rematches: the pairing backtracks until every
//     player is paired within them, and drops the colour limits only
//     when no pairing keeps them. Late in a small event (7 players, 6
//     rounds) no pairing may avoid a rematch: only then are rematches
//     allowed, so that the event still ends.
//  5. Colours: a player whose colours differ by two or who had one
//     colour twice in a row must get the other; else a player with more
//     of one colour gets the other; else one alternates from his last
//     game. When both wish the same colour, the stronger wish wins, and
//     the higher-ranked player on a tie. In the first round the
//     higher-ranked player of a pair is Red on odd boards and Black on
//     even ones.
//
// Colours count played games only (not byes or forfeits).
type swissEvent struct {
	stage     string
	players   []int // entry order = seeds
	rounds    int
	cur       int
	withdrawn map[int]bool
	games     []played // byes have black = -1
	byePoints float64  // what a bye is worth: 1 (a won game; 2 match points in team events)
}

// newSwissEvent returns a Swiss of rounds rounds.
func newSwissEvent(stage string, players []int, rounds int) (*swissEvent, error) {
	limit := len(players) - 1 + len(players)%2
	if rounds < 1 || rounds > limit {
		return nil, fmt.Errorf("a Swiss of %d players has 1 to %d rounds, not %d", len(players), limit, rounds)
	}
	return &swissEvent{stage: stage, players: players, rounds: rounds, withdrawn: map[int]bool{}, byePoints: 1}, nil
}

// swissPlayer is the pairing state of one player.
type swissPlayer struct {
	player  int
	seed    int
	points  float64
	met     map[int]bool
	colours []int8 // +1 Red, -1 Black, in order of the played games
	byes    int
}

// diff returns Reds minus Blacks.
func (p *swissPlayer) diff() int {
	d := 0
	for _, c := range p.colours {
		d += int(c)
	}
	return d
}

// allows tells whether colour c (+1 Red, -1 Black) keeps the player within
// the limits: not three times in a row, a difference of at most two.
func (p *swissPlayer) allows(c int8) bool {
	if d := p.diff() + int(c); d > 2 || d < -2 {
		return false
	}
	n := len(p.colours)
	return n < 2 || p.colours[n-1] != c || p.colours[n-2] != c
}

// wish returns the colour the player wants (+1, -1, 0 for none) and how
// strongly: 3 must, 2 strong (an unequal count), 1 mild (alternation).
func (p *swissPlayer) wish() (int8, int) {
	n := len(p.colours)
	if n == 0 {
		return 0, 0
	}
	d := p.diff()
	last := p.colours[n-1]
	switch {
	case d >= 2 || (n >= 2 && last == 1 && p.colours[n-2] == 1):
		return -1, 3
	case d <= -2 || (n >= 2 && last == -1 && p.colours[n-2] == -1):
		return 1, 3
	case d > 0:
		return -1, 2
	case d < 0:
		return 1, 2
	}
	return -last, 1
}

// state builds the pairing state from the games so far.
func (e *swissEvent) state() map[int]*swissPlayer {
	st := map[int]*swissPlayer{}
	for i, p := range e.players {
		st[p] = &swissPlayer{player: p, seed: i, met: map[int]bool{}}
	}
	for _, g := range e.games {
		if g.isBye() {
			st[g.red].points += g.points[0]
			st[g.red].byes++
			continue
		}
		r, b := st[g.red], st[g.black]
		r.points += g.points[0]
		b.points += g.points[1]
		r.met[g.black], b.met[g.red] = true, true
		if !g.forfeit {
			r.colours = append(r.colours, 1)
			b.colours = append(b.colours, -1)
		}
	}
	return st
}

// swissBudget bounds the pairing search (nodes) before the colour limits
// are dropped or the round is declared unpairable.
const swissBudget = 200_000

func (e *swissEvent) next() ([]fixture, error) {
	if e.cur >= e.rounds {
		return nil, nil
	}
	st := e.state()
	var ranked []*swissPlayer
	for _, p := range e.players {
		if !e.withdrawn[p] {
			ranked = append(ranked, st[p])
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		if ranked[i].points != ranked[j].points {
			return ranked[i].points > ranked[j].points
		}
		return ranked[i].seed < ranked[j].seed
	})
	if len(ranked) < 2 {
		return nil, nil
	}
	pairs, bye, err := pairSwissRound(ranked)
	if err != nil {
		return nil, fmt.Errorf("%s round %d: %w", e.stage, e.cur+1, err)
	}
	e.cur++
	var out []fixture
	for b, pr := range pairs {
		out = append(out, fixture{red: pr[0], black: pr[1], stage: e.stage, round: e.cur, board: b + 1})
	}
	if bye >= 0 {
		// The bye is recorded here: it is no game for the runner.
		e.games = append(e.games, played{fixture: fixture{red: bye, black: -1, stage: e.stage, round: e.cur}, points: [2]float64{e.byePoints, 0}})
	}
	return out, nil
}

func (e *swissEvent) record(games []played) { e.games = append(e.games, games...) }

func (e *swissEvent) withdraw(p int) { e.withdrawn[p] = true }

// standings returns the table by the tie-breaks of 15.2.
func (e *swissEvent) standings(names []string) []EventStanding {
	return rankPlayers(e.players, names, e.games, tbSwiss, e.withdrawn, nil)
}

// pairSwissRound pairs the ranked players (best first): the pairs with Red
// first, ordered by their higher-ranked player, and the player with the
// bye (-1 for none).
func pairSwissRound(ranked []*swissPlayer) ([][2]int, int, error) {
	var byeOrder []int // indices into ranked: bye candidates, lowest first
	if len(ranked)%2 == 1 {
		least := ranked[0].byes
		for _, p := range ranked {
			least = min(least, p.byes)
		}
		for i := len(ranked) - 1; i >= 0; i-- {
			if ranked[i].byes == least {
				byeOrder = append(byeOrder, i)
			}
		}
	} else {
		byeOrder = []int{-1}
	}
	for _, level := range []struct{ strict, rematch bool }{{true, false}, {false, false}, {false, true}} {
		for _, bye := range byeOrder {
			s := &swissSearch{ranked: ranked, strict: level.strict, rematch: level.rematch, budget: swissBudget, partner: make([]int, len(ranked))}
			for i := range s.partner {
				s.partner[i] = -1
			}
			if bye >= 0 {
				s.partner[bye] = bye
			}
			s.groups()
			if s.solve() {
				return s.result(bye)
			}
		}
	}
	return nil, -1, fmt.Errorf("no pairing of %d players", len(ranked))
}

// swissSearch is the backtracking search of one round's pairing.
type swissSearch struct {
	ranked  []*swissPlayer
	strict  bool  // keep the colour limits
	rematch bool  // allow rematches (the last resort)
	budget  int   // nodes left
	partner []int // index of the partner, the own index for the bye, -1 unpaired
	place   []int // place of each player in its score group
	size    []int // size of each player's score group
}

// groups computes the score groups (by points) of the players to pair.
func (s *swissSearch) groups() {
	n := len(s.ranked)
	s.place, s.size = make([]int, n), make([]int, n)
	for i := 0; i < n; {
		j := i
		for j < n && s.ranked[j].points == s.ranked[i].points {
			j++
		}
		k := 0
		for x := i; x < j; x++ {
			if s.partner[x] == x {
				continue // the bye is not in its group
			}
			s.place[x] = k
			k++
		}
		for x := i; x < j; x++ {
			s.size[x] = k
		}
		i = j
	}
}

// compatible tells whether a and b (indices) may meet.
func (s *swissSearch) compatible(a, b int) bool {
	pa, pb := s.ranked[a], s.ranked[b]
	if pa.met[pb.player] && !s.rematch {
		return false
	}
	if !s.strict {
		return true
	}
	return (pa.allows(1) && pb.allows(-1)) || (pa.allows(-1) && pb.allows(1))
}

// solve pairs the first unpaired player and recurses.
func (s *swissSearch) solve() bool {
	a := -1
	for i, p := range s.partner {
		if p < 0 {
			a = i
			break
		}
	}
	if a < 0 {
		return true
	}
	if s.budget--; s.budget < 0 {
		return false
	}
	for _, b := range s.candidates(a) {
		s.partner[a], s.partner[b] = b, a
		if s.solve() {
			return true
		}
		s.partner[a], s.partner[b] = -1, -1
		if s.budget < 0 {
			return false
		}
	}
	return false
}

// candidates lists the possible opponents of a, best first (rule 3).
func (s *swissSearch) candidates(a int) []int {
	type cand struct {
		b     int
		gap   float64
		clash int
		dist  int
	}
	pa := s.ranked[a]
	wa, _ := pa.wish()
	ideal := s.place[a] + s.size[a]/2
	var cs []cand
	for b := range s.ranked {
		if b == a || s.partner[b] >= 0 || !s.compatible(a, b) {
			continue
		}
		pb := s.ranked[b]
		c := cand{b: b, gap: pa.points - pb.points}
		if c.gap < 0 {
			c.gap = -c.gap
		}
		if wb, _ := pb.wish(); wa != 0 && wa == wb {
			c.clash = 1
		}
		if pb.points == pa.points {
			c.dist = s.place[b] - ideal
			if c.dist < 0 {
				c.dist = -c.dist
			}
		}
		cs = append(cs, c)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		x, y := cs[i], cs[j]
		switch {
		case x.gap != y.gap:
			return x.gap < y.gap
		case x.clash != y.clash:
			return x.clash < y.clash
		case x.dist != y.dist:
			return x.dist < y.dist
		}
		return x.b < y.b
	})
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.b
	}
	return out
}

// result turns the partners into ordered pairs with colours (rule 5).
func (s *swissSearch) result(bye int) ([][2]int, int, error) {
	var pairs [][2]int
	board := 0
	for a, b := range s.partner {
		if b <= a {
			continue // the bye (b == a), or the pair seen from its higher player
		}
		board++
		pa, pb := s.ranked[a], s.ranked[b]
		red := s.colourFor(pa, pb, board)
		if red {
			pairs = append(pairs, [2]int{pa.player, pb.player})
		} else {
			pairs = append(pairs, [2]int{pb.player, pa.player})
		}
	}
	byePlayer := -1
	if bye >= 0 {
		byePlayer = s.ranked[bye].player
	}
	return pairs, byePlayer, nil
}

// colourFor tells whether the higher-ranked pa gets Red against pb on the
// board.
func (s *swissSearch) colourFor(pa, pb *swissPlayer, board int) bool {
	wa, sa := pa.wish()
	wb, sb := pb.wish()
	var red bool
	switch {
	case sa == 0 && sb == 0:
		red = board%2 == 1
	case wa != 0 && wa == -wb, sa >= sb && wa != 0:
		red = wa == 1
	case wb != 0:
		red = wb == -1
	default:
		red = board%2 == 1
	}
	if s.strict && !(pa.allows(colourSign(red)) && pb.allows(-colourSign(red))) {
		red = !red
	}
	return red
}

// colourSign returns +1 for Red, -1 for Black.
func colourSign(red bool) int8 {
	if red {
		return 1
	}
	return -1
}
