package event

import (
	"errors"
	"fmt"
)

// Team is a team of engines for a team event (articles 12, 14.2): its
// engines play on boards 1, 2, ... in the order given.
type Team struct {
	Name string
	// Engines are indices into the event's players (match.Config.Engines),
	// board 1 first (then the reserves, TeamReserves).
	Engines []int
}

// TeamSystem is how a team event sets its boards (article 12).
type TeamSystem uint8

const (
	// TeamFixed (12.1): every team has as many engines as boards, on the
	// boards in the order given.
	TeamFixed TeamSystem = iota
	// TeamReserves (12.2): a team may list more engines than boards (the
	// reserves); each match fields the first engines still in the event,
	// in the listed order, which is never inverted.
	TeamReserves
	// TeamLineup (12.3): each team's board order is set before each match,
	// here by lot (from the seed), among its engines still in.
	TeamLineup
	// TeamAllPlay (12.4): in a match every engine of one team plays every
	// engine of the other (boards x boards games).
	TeamAllPlay
	// TeamTotal (12.5): no team matches; the engines play the individual
	// event and each team is ranked by its members' places (15.5).
	TeamTotal
)

var teamSystemWords = [...]string{"fixed", "reserves", "lineup", "allplay", "total"}

// String returns fixed, reserves, lineup, allplay or total.
func (s TeamSystem) String() string {
	if int(s) < len(teamSystemWords) {
		return teamSystemWords[s]
	}
	return "unknown"
}

// ParseTeamSystem reads fixed, reserves, lineup, allplay or total.
func ParseTeamSystem(w string) (TeamSystem, error) {
	for i, x := range teamSystemWords {
		if x == w {
			return TeamSystem(i), nil
		}
	}
	return 0, fmt.Errorf("team system %q: want fixed, reserves, lineup, allplay or total", w)
}

// teamMatch is one round's meeting of two teams: the first-listed team has
// Red on the odd boards (12). A bye has second = -1.
type teamMatch struct {
	round, match  int
	first, second int        // team indices
	games         [2]float64 // game points (局分)
	points        [2]float64 // match points (场分): 2 win, 1 draw, 0 loss
	boards        int        // board results recorded
	won           [2]int     // games won (胜局)
	fouls         [2]int     // games lost by a foul (犯规)
	// forfeit marks a match not played because a team had withdrawn
	// (20.3: "+" for the team present, all its boards won).
	forfeit bool
	// pairing is the inner format's fixture of the match (the teams as Red
	// and Black): its result goes back to it.
	pairing Fixture
}

// teamEvent is a team round robin (Berger table over the teams) or a team
// Swiss (the Swiss pairing over the teams by match points, the
// first-listed place playing the part of the colour).
type teamEvent struct {
	stage   string
	teams   []Team
	boards  int
	system  TeamSystem
	seed    uint64      // the lots of TeamLineup
	inner   eventFormat // pairs team indices
	sw      *swissEvent
	ko      *knockoutEvent
	matches []*teamMatch
	// gone marks the withdrawn engines, out the teams that withdrew: a
	// team withdraws when it can no longer fill half of its boards.
	gone, out map[int]bool
}

// teamOptions are the settings of a team event.
type teamOptions struct {
	swiss  bool // a Swiss of rounds rounds, else a round robin of rounds cycles
	rounds int
	// knockout, when set, pairs the teams in a knockout (13.4: the
	// first-listed team of a match, by lot, has Red on the odd boards).
	knockout *knockoutOptions
	// numbers are the team indices in the order of their numbers in a
	// round robin's table (nil: entry order).
	numbers []int
	system  TeamSystem
	boards  int    // boards of a match (TeamReserves, TeamLineup; 0: the team size)
	seed    uint64 // the lots of TeamLineup
}

// newTeamEvent checks the teams (two or more, of distinct names, the same
// number of boards, every engine in one team) and prepares the team
// pairing.
func newTeamEvent(teams []Team, engines int, o teamOptions) (*teamEvent, error) {
	swiss, rounds := o.swiss, o.rounds
	if len(teams) < 2 {
		return nil, errors.New("a team event needs at least two teams")
	}
	boards := len(teams[0].Engines)
	reserves := o.system == TeamReserves || o.system == TeamLineup
	if reserves && o.boards > 0 {
		boards = o.boards
	}
	seen := map[int]string{}
	named := map[string]bool{}
	for _, t := range teams {
		if named[t.Name] {
			return nil, fmt.Errorf("two teams are named %q", t.Name)
		}
		named[t.Name] = true
		switch {
		case boards == 0 || len(t.Engines) == 0:
			return nil, fmt.Errorf("team %s has no engine", t.Name)
		case reserves && len(t.Engines) < boards:
			return nil, fmt.Errorf("team %s has %d engines for %d boards", t.Name, len(t.Engines), boards)
		case !reserves && len(t.Engines) != boards:
			return nil, fmt.Errorf("team %s has %d boards, team %s %d: every team needs the same number", t.Name, len(t.Engines), teams[0].Name, boards)
		}
		for _, e := range t.Engines {
			if e < 0 || e >= engines {
				return nil, fmt.Errorf("team %s: no engine %d", t.Name, e+1)
			}
			if o, ok := seen[e]; ok {
				return nil, fmt.Errorf("engine %d is in teams %s and %s", e+1, o, t.Name)
			}
			seen[e] = t.Name
		}
	}
	if len(seen) != engines {
		return nil, fmt.Errorf("%d engines are in no team", engines-len(seen))
	}
	ids := seeds(len(teams))
	e := &teamEvent{teams: teams, boards: boards, system: o.system, seed: o.seed, gone: map[int]bool{}, out: map[int]bool{}}
	if o.knockout != nil {
		ko, err := newKnockoutEvent(ids, *o.knockout)
		if err != nil {
			return nil, err
		}
		e.stage, e.inner, e.ko = "knockout", ko, ko
		return e, nil
	}
	if swiss {
		sw, err := newSwissEvent("swiss", ids, rounds)
		if err != nil {
			return nil, err
		}
		sw.byePoints = 2
		e.stage, e.inner, e.sw = "swiss", sw, sw
	} else {
		if o.numbers != nil {
			ids = o.numbers
		}
		e.stage, e.inner = "round robin", newRoundRobinEvent("round robin", ids, max(rounds, 1))
	}
	return e, nil
}

// seeds returns 0..n-1.
func seeds(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// next returns the board games of the next round's matches. A match
// with a team that withdrew is not played: it is recorded at once as a
// forfeit (a round of such matches only is passed over).
func (e *teamEvent) next() ([]Fixture, error) {
	for {
		before := 0
		if e.sw != nil {
			before = len(e.sw.games)
		}
		pairs, err := e.inner.next()
		if err != nil || pairs == nil {
			return nil, err
		}
		if e.sw != nil {
			for _, g := range e.sw.games[before:] { // a bye
				e.matches = append(e.matches, &teamMatch{round: g.Round, first: g.Red, second: -1, points: [2]float64{2, 0}, games: [2]float64{float64(e.perMatch()), 0}})
			}
		}
		var out []Fixture
		var forfeits []Played
		for m, p := range pairs {
			tm := &teamMatch{round: p.Round, match: m + 1, first: p.Red, second: p.Black, pairing: p}
			e.matches = append(e.matches, tm)
			if e.out[p.Red] || e.out[p.Black] {
				forfeits = append(forfeits, e.forfeitMatch(tm))
				continue
			}
			out = append(out, e.boardGames(tm, p)...)
		}
		if len(forfeits) > 0 {
			e.inner.record(forfeits)
		}
		if len(out) > 0 {
			return out, nil
		}
	}
}

// perMatch returns the games of a match: its boards, boards x boards
// when every engine plays every engine (12.4).
func (e *teamEvent) perMatch() int {
	if e.system == TeamAllPlay {
		return e.boards * e.boards
	}
	return e.boards
}

// lineup returns the engines team t fields in match tm, board 1 first:
// its engines as listed (12.1), the first still in (12.2), or its
// engines still in by lot (12.3); an engine withdrawn keeps its board
// (and forfeits it) when no engine is left to fill it.
func (e *teamEvent) lineup(t int, tm *teamMatch) []int {
	all := e.teams[t].Engines
	switch e.system {
	case TeamReserves, TeamLineup:
		var in, gone []int
		for _, x := range all {
			if e.gone[x] {
				gone = append(gone, x)
			} else {
				in = append(in, x)
			}
		}
		if e.system == TeamLineup {
			in = drawNumbers(in, e.seed, lotLineup, uint64(t), uint64(tm.round), uint64(tm.match), uint64(tm.pairing.Game))
		}
		return append(in, gone...)[:e.boards]
	}
	return all
}

// boardGames returns the games of team match tm (the inner fixture p):
// board k of the first-listed team against board k of the other, the
// first-listed team Red on the odd boards (13.2); when every engine plays
// every engine (12.4), in sub-round s board k meets board k+s of the
// other, the first-listed team Red on every board of the even sub-rounds
// and Black on those of the odd ones, so that each engine alternates
// (board by board, as 13.2 has it, one engine of the other team would
// always have the same colour).
func (e *teamEvent) boardGames(tm *teamMatch, p Fixture) []Fixture {
	a, b := e.lineup(p.Red, tm), e.lineup(p.Black, tm)
	game := func(board, x, y int, firstRed bool) Fixture {
		f := Fixture{Red: x, Black: y, Stage: p.Stage, Round: p.Round, Board: board, Match: p.Board, team: tm,
			Game: p.Game, Tiebreak: p.Tiebreak, tie: p.tie}
		if !firstRed {
			f.Red, f.Black = y, x
		}
		return f
	}
	var out []Fixture
	if e.system == TeamAllPlay {
		for s := 0; s < e.boards; s++ {
			for k := 0; k < e.boards; k++ {
				out = append(out, game(s*e.boards+k+1, a[k], b[(k+s)%e.boards], s%2 == 0))
			}
		}
		return out
	}
	for k := 0; k < e.boards; k++ {
		out = append(out, game(k+1, a[k], b[k], k%2 == 0))
	}
	return out
}

// result returns the match as the inner format records it: the teams as
// Red and Black, the match points as their points.
func (m *teamMatch) result() Played {
	return Played{Fixture: m.pairing, Points: m.points, Forfeit: m.forfeit}
}

// forfeitMatch settles a match with a team that withdrew: the team
// present wins it with every board ("+"), two teams that withdrew both
// lose it.
func (e *teamEvent) forfeitMatch(tm *teamMatch) Played {
	tm.forfeit, tm.boards = true, e.perMatch()
	for s, t := range [2]int{tm.first, tm.second} {
		if !e.out[t] {
			tm.points[s], tm.games[s] = 2, float64(e.perMatch())
		}
	}
	return tm.result()
}

func (e *teamEvent) record(games []Played) {
	var done []Played
	for _, g := range games {
		tm := g.team
		if tm == nil || tm.boards >= e.perMatch() {
			continue
		}
		side := [2]int{0, 1} // the first team's colour index, the second's
		if e.teamOf(g.Red) != tm.first {
			side = [2]int{1, 0}
		}
		for t, c := range side {
			tm.games[t] += g.Points[c]
			if g.Points[c] == 1 {
				tm.won[t]++
			}
			if g.Fouls[c] {
				tm.fouls[t]++
			}
		}
		if tm.boards++; tm.boards < e.perMatch() {
			continue
		}
		switch {
		case tm.games[0] > tm.games[1]:
			tm.points = [2]float64{2, 0}
		case tm.games[0] < tm.games[1]:
			tm.points = [2]float64{0, 2}
		default:
			tm.points = [2]float64{1, 1}
		}
		done = append(done, tm.result())
	}
	if len(done) > 0 {
		e.inner.record(done)
	}
}

// withdraw takes an engine out: the runner forfeits its boards, and its
// team withdraws (20.3, 20.4) once it cannot fill half of its boards.
func (e *teamEvent) withdraw(p int) {
	e.gone[p] = true
	t := e.teamOf(p)
	if t < 0 || e.out[t] {
		return
	}
	present := 0
	for _, x := range e.teams[t].Engines {
		if !e.gone[x] {
			present++
		}
	}
	if 2*present < e.boards {
		e.out[t] = true
		e.inner.withdraw(t)
	}
}

// teamOf returns the team of engine p (-1 for none).
func (e *teamEvent) teamOf(p int) int {
	for i, t := range e.teams {
		for _, x := range t.Engines {
			if x == p {
				return i
			}
		}
	}
	return -1
}

// playoff returns a team round robin among the teams ids (in the order of
// their numbers) of cycles cycles: the playoff for place.
func (e *teamEvent) playoff(ids []int, place, cycles int) *teamEvent {
	p := &teamEvent{teams: e.teams, boards: e.boards, system: e.system, seed: e.seed, gone: e.gone, out: map[int]bool{}}
	p.stage = stageName(place)
	p.inner = newRoundRobinEvent(p.stage, ids, cycles)
	return p
}
