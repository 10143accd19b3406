package match

import (
	"errors"
	"fmt"
	"sort"
)

// Team is a team of engines for a team event (articles 12, 14.2): its
// engines play on boards 1, 2, ... in the order given.
type Team struct {
	Name string
	// Engines are indices into Config.Engines, board 1 first.
	Engines []int
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
}

// teamEvent is a team round robin (Berger table over the teams) or a team
// Swiss (the Swiss pairing over the teams by match points, the
// first-listed place playing the part of the colour).
type teamEvent struct {
	stage   string
	teams   []Team
	boards  int
	inner   eventFormat // pairs team indices
	rr      *roundRobinEvent
	sw      *swissEvent
	matches []*teamMatch
	open    map[[2]int]*teamMatch // round, match → the match being played
}

// teamOptions are the settings of a team event.
type teamOptions struct {
	swiss  bool // a Swiss of rounds rounds, else a round robin of rounds cycles
	rounds int
	// numbers are the team indices in the order of their numbers in a
	// round robin's table (nil: entry order).
	numbers []int
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
	seen := map[int]string{}
	named := map[string]bool{}
	for _, t := range teams {
		if named[t.Name] {
			return nil, fmt.Errorf("two teams are named %q", t.Name)
		}
		named[t.Name] = true
		if len(t.Engines) != boards || boards == 0 {
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
	e := &teamEvent{teams: teams, boards: boards, open: map[[2]int]*teamMatch{}}
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
		e.rr = newRoundRobinEvent("round robin", ids, max(rounds, 1))
		e.stage, e.inner = "round robin", e.rr
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

func (e *teamEvent) next() ([]fixture, error) {
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
			e.matches = append(e.matches, &teamMatch{round: g.round, first: g.red, second: -1, points: [2]float64{2, 0}, games: [2]float64{float64(e.boards), 0}})
		}
	}
	var out []fixture
	for m, p := range pairs {
		tm := &teamMatch{round: p.round, match: m + 1, first: p.red, second: p.black}
		e.matches = append(e.matches, tm)
		e.open[[2]int{p.round, m + 1}] = tm
		a, b := e.teams[p.red].Engines, e.teams[p.black].Engines
		for k := 0; k < e.boards; k++ {
			f := fixture{red: a[k], black: b[k], stage: e.stage, round: p.round, board: k + 1, match: m + 1}
			if k%2 == 1 { // even boards: the second team has Red
				f.red, f.black = b[k], a[k]
			}
			out = append(out, f)
		}
	}
	return out, nil
}

func (e *teamEvent) record(games []played) {
	var done []played
	for _, g := range games {
		tm := e.open[[2]int{g.round, g.match}]
		if tm == nil {
			continue
		}
		side := [2]int{0, 1} // the first team's colour index, the second's
		if e.teamOf(g.red) != tm.first {
			side = [2]int{1, 0}
		}
		for t, c := range side {
			tm.games[t] += g.points[c]
			if g.points[c] == 1 {
				tm.won[t]++
			}
			if g.fouls[c] {
				tm.fouls[t]++
			}
		}
		if tm.boards++; tm.boards < e.boards {
			continue
		}
		delete(e.open, [2]int{g.round, g.match})
		switch {
		case tm.games[0] > tm.games[1]:
			tm.points = [2]float64{2, 0}
		case tm.games[0] < tm.games[1]:
			tm.points = [2]float64{0, 2}
		default:
			tm.points = [2]float64{1, 1}
		}
		done = append(done, played{fixture: fixture{red: tm.first, black: tm.second, stage: e.stage, round: tm.round, board: tm.match},
			points: tm.points})
	}
	if len(done) > 0 {
		e.inner.record(done)
	}
}

// withdraw takes an engine out: the runner forfeits its boards; its team
// plays on.
func (e *teamEvent) withdraw(int) {}

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

// TeamStanding is one row of a team table.
type TeamStanding struct {
	Team   int    `json:"team"`
	Name   string `json:"name"`
	Rank   int    `json:"rank"`
	Shared bool   `json:"shared,omitempty"`
	// MatchPoints (场分): 2 for a won match, 1 drawn, 0 lost, 2 for a bye;
	// GamePoints (局分): the points of the team's boards (all boards for a
	// bye).
	MatchPoints float64 `json:"match_points"`
	GamePoints  float64 `json:"game_points"`
	Matches     int     `json:"matches"`
	Won         int     `json:"won"`
	Drawn       int     `json:"drawn"`
	Lost        int     `json:"lost"`
	// GamesWon counts the games the team's players won (全队胜局); Fouls
	// the games they lost by a foul (全队犯规, isFoul).
	GamesWon int `json:"games_won"`
	Fouls    int `json:"fouls"`
	// HeadToHead is the match points scored against the teams level on
	// the criteria before it (round robins); OpponentPoints the sum of the
	// match points of the teams met (Swiss).
	HeadToHead     float64 `json:"head_to_head"`
	OpponentPoints float64 `json:"opponent_points"`
}

// standings ranks the teams. Round robin (15.3): match points, game
// points (全队总局分), games won (全队胜局), head-to-head match points
// among the teams still level (直胜), then a shared place. Swiss (15.4):
// match points, the opponents' match points (团体对手分), game points,
// matches won (全队胜场), then a shared place. Both after 18.4: among
// teams level on match points, those with fouls go last, fewer first (so
// that 15.3's and 15.4's last step, fouls, is settled by then).
func (e *teamEvent) standings() []TeamStanding {
	rows := make([]TeamStanding, len(e.teams))
	for i, t := range e.teams {
		rows[i] = TeamStanding{Team: i, Name: t.Name}
	}
	var finished []*teamMatch
	for _, m := range e.matches {
		if m.second < 0 || m.boards == e.boards {
			finished = append(finished, m)
		}
	}
	for _, m := range finished {
		for s, t := range [2]int{m.first, m.second} {
			if t < 0 {
				continue
			}
			r := &rows[t]
			r.MatchPoints += m.points[s]
			r.GamePoints += m.games[s]
			r.GamesWon += m.won[s]
			r.Fouls += m.fouls[s]
			r.Matches++
			switch m.points[s] {
			case 2:
				r.Won++
			case 1:
				r.Drawn++
			default:
				r.Lost++
			}
		}
	}
	swiss := e.sw != nil
	for _, m := range finished {
		if m.second < 0 {
			continue
		}
		rows[m.first].OpponentPoints += rows[m.second].MatchPoints
		rows[m.second].OpponentPoints += rows[m.first].MatchPoints
	}
	if !swiss {
		for _, m := range finished {
			if m.second < 0 {
				continue
			}
			a, b := &rows[m.first], &rows[m.second]
			if a.MatchPoints == b.MatchPoints && a.Fouls == b.Fouls && a.GamePoints == b.GamePoints && a.GamesWon == b.GamesWon {
				a.HeadToHead += m.points[0]
				b.HeadToHead += m.points[1]
			}
		}
	}
	cmp := func(a, b TeamStanding) int {
		switch {
		case a.MatchPoints != b.MatchPoints:
			return floatOrder(a.MatchPoints, b.MatchPoints)
		case a.Fouls != b.Fouls: // 18.4
			return boolOrder(a.Fouls < b.Fouls)
		case swiss && a.OpponentPoints != b.OpponentPoints:
			return floatOrder(a.OpponentPoints, b.OpponentPoints)
		case a.GamePoints != b.GamePoints:
			return floatOrder(a.GamePoints, b.GamePoints)
		case !swiss && a.GamesWon != b.GamesWon:
			return boolOrder(a.GamesWon > b.GamesWon)
		case swiss && a.Won != b.Won:
			return boolOrder(a.Won > b.Won)
		case !swiss && a.HeadToHead != b.HeadToHead:
			return floatOrder(a.HeadToHead, b.HeadToHead)
		}
		return 0
	}
	sort.SliceStable(rows, func(i, j int) bool { return cmp(rows[i], rows[j]) < 0 })
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && cmp(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
			rows[i].Shared, rows[i-1].Shared = true, true
		}
	}
	return rows
}
