package match

import "sort"

// Standing is one row of a tournament table.
type Standing struct {
	Engine int    // engine index
	Name   string // display name
	Record
	Points float64 // wins + draws/2
	// SB is the Sonneborn-Berger score: the sum of the final points of the
	// opponents beaten plus half the points of the opponents drawn, one
	// term per game.
	SB float64
	// HeadToHead is the points scored in the games among the engines tied
	// with this one on points, SB and wins (0 when not tied).
	HeadToHead float64
}

// Standings ranks the engines by points, then Sonneborn-Berger, then
// wins, then the points scored against each other by the engines still
// tied (head-to-head), then engine order.
func (r *Result) Standings() []Standing {
	rows := make([]Standing, len(r.Names))
	for i := range rows {
		rows[i] = Standing{Engine: i, Name: r.Names[i]}
	}
	for _, g := range r.Games {
		for _, e := range [2]int{g.Red, g.Black} {
			rows[e].Record.add(g.Score(e))
		}
	}
	for i := range rows {
		rows[i].Points = float64(rows[i].Wins) + float64(rows[i].Draws)/2
	}
	for _, g := range r.Games {
		for _, e := range [2]int{g.Red, g.Black} {
			opp := g.Red + g.Black - e
			rows[e].SB += g.Score(e) * rows[opp].Points
		}
	}
	same := func(a, b Standing) bool { return a.Points == b.Points && a.SB == b.SB && a.Wins == b.Wins }
	for i := range rows {
		tied := map[int]bool{}
		for j := range rows {
			if j != i && same(rows[i], rows[j]) {
				tied[j] = true
			}
		}
		if len(tied) == 0 {
			continue
		}
		for _, g := range r.Games {
			if (g.Red == i && tied[g.Black]) || (g.Black == i && tied[g.Red]) {
				rows[i].HeadToHead += g.Score(i)
			}
		}
	}
	sort.SliceStable(rows, func(a, b int) bool {
		x, y := rows[a], rows[b]
		switch {
		case x.Points != y.Points:
			return x.Points > y.Points
		case x.SB != y.SB:
			return x.SB > y.SB
		case x.Wins != y.Wins:
			return x.Wins > y.Wins
		case x.HeadToHead != y.HeadToHead:
			return x.HeadToHead > y.HeadToHead
		}
		return x.Engine < y.Engine
	})
	return rows
}
