package event

import "sort"

// tieBreaks selects the order in which a table breaks ties of points.
type tieBreaks uint8

// The orders: tbRoundRobin is article 15.1 (Sonneborn-Berger 小分, then
// wins, then head-to-head 直胜 among those still tied, then fouls, then a
// shared place); tbSwiss is 15.2 (opponents' score 对手分, i.e. Buchholz,
// then wins, then fouls, then a shared place). Both come after 18.4:
// among players level on points, those who lost games by a foul (犯规,
// isFoul) go last, fewer fouls first; the tie-breaks then order players
// level on points and fouls, so that 15.x's own last step (fouls) is
// already settled by then.
const (
	tbRoundRobin tieBreaks = iota
	tbSwiss
)

// Standing is one row of an event's table.
type Standing struct {
	// Player is the engine index, Name its name (EngineNames).
	Player int    `json:"player"`
	Name   string `json:"name"`
	// Rank is the place, from 1; players still level after every
	// tie-break share it (Shared).
	Rank   int  `json:"rank"`
	Shared bool `json:"shared,omitempty"`
	// Points counts wins 1, draws ½, a bye 1 (a win's points; the bye
	// is no game won for Wins and has no opponent for Buchholz).
	Points float64 `json:"points"`
	// Games counts the games with a result (byes not included).
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// SB is the Sonneborn-Berger score (round robins): the points of
	// each opponent beaten plus half those of each opponent drawn.
	SB float64 `json:"sb"`
	// Buchholz is the opponents' score (Swiss): the sum of the points of
	// every opponent met.
	Buchholz float64 `json:"buchholz"`
	// HeadToHead is the points scored against the players tied on the
	// earlier criteria (round robins; 0 when not tied).
	HeadToHead float64 `json:"head_to_head"`
	// Fouls counts the games lost by a foul (犯规): a forbidden repetition,
	// an illegal move, a time forfeit, failing to start (isFoul).
	Fouls int `json:"fouls"`
	// Byes counts the rounds the player had no opponent (Swiss).
	Byes int `json:"byes,omitempty"`
	// Withdrawn marks a player taken out of the event (20.3, 20.4);
	// Cancelled one whose results were struck out under 20.3 (it is
	// listed last, without a rank).
	Withdrawn bool `json:"withdrawn,omitempty"`
	Cancelled bool `json:"cancelled,omitempty"`
	// Playoff tells how a place that must not be shared was settled
	// (15.6): the playoff points ("1.5", "1, lot" when a lot parted those
	// still level), or "lot".
	Playoff string `json:"playoff,omitempty"`
}

// isBye tells whether the game is a bye (no Black).
func (g Played) isBye() bool { return g.Black < 0 }

// rankPlayers builds the table of the players from the games among them
// (games of other players are ignored), ordered by tb; cancelled players
// come last with rank 0 and no results.
func rankPlayers(players []int, names []string, games []Played, tb tieBreaks, withdrawn, cancelled map[int]bool) []Standing {
	in := map[int]bool{}
	for _, p := range players {
		if !cancelled[p] {
			in[p] = true
		}
	}
	var counted []Played
	for _, g := range games {
		if in[g.Red] && (g.isBye() || in[g.Black]) {
			counted = append(counted, g)
		}
	}
	rows := map[int]*Standing{}
	var order []*Standing
	for _, p := range players {
		r := &Standing{Player: p, Name: names[p], Withdrawn: withdrawn[p], Cancelled: cancelled[p]}
		rows[p] = r
		order = append(order, r)
	}
	for _, g := range counted {
		for _, p := range [2]int{g.Red, g.Black} {
			if p < 0 {
				continue
			}
			r := rows[p]
			pts := g.pointsOf(p)
			r.Points += pts
			if (p == g.Red && g.Fouls[0]) || (p == g.Black && g.Fouls[1]) {
				r.Fouls++
			}
			switch {
			case g.isBye():
				// A win's points, but no game won (胜局) and no opponent.
				r.Byes++
				continue
			case pts == 1:
				r.Wins++
			case pts == 0.5:
				r.Draws++
			default:
				r.Losses++
			}
			r.Games++
		}
	}
	for _, g := range counted {
		if g.isBye() {
			continue
		}
		for _, p := range [2]int{g.Red, g.Black} {
			opp := rows[g.opponent(p)]
			rows[p].SB += g.pointsOf(p) * opp.Points
			rows[p].Buchholz += opp.Points
		}
	}
	level := func(a, b *Standing) bool {
		if a.Points != b.Points || a.Fouls != b.Fouls || a.Wins != b.Wins {
			return false
		}
		if tb == tbSwiss {
			return a.Buchholz == b.Buchholz
		}
		return a.SB == b.SB
	}
	if tb == tbRoundRobin {
		for _, r := range order {
			if r.Cancelled {
				continue
			}
			for _, g := range counted {
				if g.isBye() || !g.has(r.Player) {
					continue
				}
				if o := rows[g.opponent(r.Player)]; level(r, o) {
					r.HeadToHead += g.pointsOf(r.Player)
				}
			}
		}
	}
	before := func(a, b *Standing) int {
		switch {
		case a.Cancelled != b.Cancelled:
			return boolOrder(!a.Cancelled)
		case a.Points != b.Points:
			return floatOrder(a.Points, b.Points)
		case a.Fouls != b.Fouls: // 18.4
			return boolOrder(a.Fouls < b.Fouls)
		case tb == tbRoundRobin && a.SB != b.SB:
			return floatOrder(a.SB, b.SB)
		case tb == tbSwiss && a.Buchholz != b.Buchholz:
			return floatOrder(a.Buchholz, b.Buchholz)
		case a.Wins != b.Wins:
			return boolOrder(a.Wins > b.Wins)
		case tb == tbRoundRobin && a.HeadToHead != b.HeadToHead:
			return floatOrder(a.HeadToHead, b.HeadToHead)
		}
		return 0
	}
	sort.SliceStable(order, func(i, j int) bool { return before(order[i], order[j]) < 0 })
	out := make([]Standing, len(order))
	for i, r := range order {
		if !r.Cancelled {
			r.Rank = i + 1
			if i > 0 && !order[i-1].Cancelled && before(order[i-1], r) == 0 {
				r.Rank = order[i-1].Rank
			}
			r.Shared = (i > 0 && order[i-1].Rank == r.Rank && !order[i-1].Cancelled) ||
				(i+1 < len(order) && !order[i+1].Cancelled && before(r, order[i+1]) == 0)
		}
		out[i] = *r
	}
	return out
}

// floatOrder returns -1 when a ranks first (the larger), 1 otherwise.
func floatOrder(a, b float64) int {
	if a > b {
		return -1
	}
	return 1
}

// boolOrder returns -1 when first is true, 1 otherwise.
func boolOrder(first bool) int {
	if first {
		return -1
	}
	return 1
}
