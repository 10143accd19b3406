package event

import (
	"fmt"
	"sort"
)

// swissEvent is a Swiss event (积分编排制) of a fixed number of rounds.
//
// Each round is paired as a whole (swisspair.go): a maximum-weight perfect
// matching over the players still in the event, with a bye vertex when
// their number is odd, in the manner of the FIDE pairing programs
// (bbpPairings, JaVaFo). The absolute rules are the edges it may use:
//
//  1. No rematch, and the round must leave the rest of the event
//     completable without one: the pairs are the players who met fewer
//     times than any other pair (none, until every pair has met), and the
//     round is one of as many disjoint such rounds as the rounds left
//     allow (the look-ahead, swisslook.go). With rounds up to players - 1
//     no rematch ever happens; beyond, every pair meets once before any
//     pair meets twice, and so on.
//  2. The bye goes to the lowest-ranked player of those with the fewest
//     byes: no second bye while anyone has none. It is worth a win's
//     point, but is no game won for the wins tie-break and has no
//     opponent for the opponents' score.
//  3. No player gets one colour three times in a row, and no player's Red
//     and Black games differ by more than two, unless no pairing within
//     rules 1 and 2 keeps these limits.
//
// Then, as weights, in this order: the smallest score differences (the
// sum of their squares, so that one long float never stands in for two
// short ones), the fewest pairs across score groups; the colour wishes (a
// player with more of one colour wants the other, strongly; else the
// alternation, mildly); the rank order (points, then entry order: the top
// half of a score group meets the bottom half, place i place i + m/2; the
// lowest of a group floats down to the highest of the next). Colours go to
// the stronger wish, then to the higher-ranked player's; in the first
// round the higher-ranked player has Red on odd boards. Withdrawn players
// are not paired again (20.4: what they played counts, the rest is lost).
// Colours count played games only (not byes or forfeits).
type swissEvent struct {
	stage     string
	players   []int // entry order = seeds
	rounds    int
	cur       int
	withdrawn map[int]bool
	games     []Played // byes have black = -1
	byePoints float64  // what a bye is worth: 1 (a won game; 2 match points in team events)
}

// maxSwissPlayers is the most players a Swiss pairs (the look-ahead's
// graphs are 64-bit sets, the bye a vertex of its own).
const maxSwissPlayers = 64

// maxSwissRounds bounds the rounds of a Swiss.
const maxSwissRounds = 1000

// newSwissEvent returns a Swiss of rounds rounds.
func newSwissEvent(stage string, players []int, rounds int) (*swissEvent, error) {
	if n := len(players); n+n%2 > maxSwissPlayers {
		return nil, fmt.Errorf("a Swiss pairs at most %d players, not %d", maxSwissPlayers, n)
	}
	if rounds < 1 || rounds > maxSwissRounds {
		return nil, fmt.Errorf("a Swiss has 1 to %d rounds, not %d", maxSwissRounds, rounds)
	}
	return &swissEvent{stage: stage, players: players, rounds: rounds, withdrawn: map[int]bool{}, byePoints: 1}, nil
}

// swissPlayer is the pairing state of one player.
type swissPlayer struct {
	player  int
	seed    int
	points  float64
	met     map[int]int // games against each opponent (forfeits too)
	colours []int8      // +1 Red, -1 Black, in order of the played games
	byes    int
}

// colourState is what the colour rules see of a player's games: the
// difference of Reds and Blacks, and the colours of the last two games
// (0 for none).
type colourState struct {
	diff       int8
	last, prev int8
}

// colourState returns the player's colour state.
func (p *swissPlayer) colourState() colourState {
	var s colourState
	for _, c := range p.colours {
		s = s.add(c)
	}
	return s
}

// add returns the state after a game with colour c (+1 Red, -1 Black).
func (s colourState) add(c int8) colourState {
	return colourState{diff: s.diff + c, last: c, prev: s.last}
}

// allows tells whether colour c (+1 Red, -1 Black) keeps the player within
// the limits: not three times in a row, a difference of at most two.
func (s colourState) allows(c int8) bool {
	if d := s.diff + c; d > 2 || d < -2 {
		return false
	}
	return s.last != c || s.prev != c
}

// wish returns the colour the player wants (+1, -1, 0 for none) and how
// strongly: 3 must (a limit), 2 strong (an unequal count), 1 mild
// (alternation).
func (s colourState) wish() (int8, int) {
	switch {
	case s.last == 0:
		return 0, 0
	case s.diff >= 2 || s.last == 1 && s.prev == 1:
		return -1, 3
	case s.diff <= -2 || s.last == -1 && s.prev == -1:
		return 1, 3
	case s.diff > 0:
		return -1, 2
	case s.diff < 0:
		return 1, 2
	}
	return -s.last, 1
}

// state builds the pairing state from the games so far.
func (e *swissEvent) state() map[int]*swissPlayer {
	st := map[int]*swissPlayer{}
	for i, p := range e.players {
		st[p] = &swissPlayer{player: p, seed: i, met: map[int]int{}}
	}
	for _, g := range e.games {
		if g.isBye() {
			st[g.Red].points += g.Points[0]
			st[g.Red].byes++
			continue
		}
		r, b := st[g.Red], st[g.Black]
		r.points += g.Points[0]
		b.points += g.Points[1]
		r.met[g.Black]++
		b.met[g.Red]++
		if !g.Forfeit {
			r.colours = append(r.colours, 1)
			b.colours = append(b.colours, -1)
		}
	}
	return st
}

func (e *swissEvent) next() ([]Fixture, error) {
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
	pairs, bye, err := newSwissRound(ranked, e.rounds-e.cur).pair()
	if err != nil {
		return nil, fmt.Errorf("%s round %d: %w", e.stage, e.cur+1, err)
	}
	e.cur++
	var out []Fixture
	for b, pr := range pairs {
		out = append(out, Fixture{Red: pr[0], Black: pr[1], Stage: e.stage, Round: e.cur, Board: b + 1})
	}
	if bye >= 0 {
		// The bye is recorded here: it is no game for the runner.
		e.games = append(e.games, Played{Fixture: Fixture{Red: bye, Black: -1, Stage: e.stage, Round: e.cur}, Points: [2]float64{e.byePoints, 0}})
	}
	return out, nil
}

func (e *swissEvent) record(games []Played) { e.games = append(e.games, games...) }

func (e *swissEvent) withdraw(p int) { e.withdrawn[p] = true }

// standings returns the table by the tie-breaks of 15.2.
func (e *swissEvent) standings(names []string) []Standing {
	return rankPlayers(e.players, names, e.games, tbSwiss, e.withdrawn, nil)
}
