package event

import "sort"

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
	// Withdrawn marks a team that withdrew (20.3, 20.4: it could no
	// longer fill half of its boards); Cancelled one whose results were
	// struck out under 20.3 (listed last, without a rank).
	Withdrawn bool `json:"withdrawn,omitempty"`
	Cancelled bool `json:"cancelled,omitempty"`
	// Playoff tells how a place that must not be shared was settled
	// (15.6), as Standing.Playoff.
	Playoff string `json:"playoff,omitempty"`
	// PlaceSum and Places are a team-total team's (12.5, 15.5): the sum
	// of its members' places, and the places, best first.
	PlaceSum int   `json:"place_sum,omitempty"`
	Places   []int `json:"places,omitempty"`
}

// cancelledTeams returns the teams whose results are struck out under
// 20.3: in a round robin, a team that withdrew having met (over the
// board) fewer than half of its opponents.
func (e *teamEvent) cancelledTeams() map[int]bool {
	out := map[int]bool{}
	if e.sw != nil {
		return out
	}
	for t := range e.out {
		met := map[int]bool{}
		for _, m := range e.matches {
			if m.forfeit || m.second < 0 || m.boards == 0 {
				continue
			}
			if m.first == t {
				met[m.second] = true
			}
			if m.second == t {
				met[m.first] = true
			}
		}
		if 2*len(met) < len(e.teams)-1 {
			out[t] = true
		}
	}
	return out
}

// standings ranks the teams. Round robin (15.3): match points, game
// points (全队总局分), games won (全队胜局), head-to-head match points
// among the teams still level (直胜), then a shared place. Swiss (15.4):
// match points, the opponents' match points (团体对手分), game points,
// matches won (全队胜场), then a shared place. Both after 18.4: among
// teams level on match points, those with fouls go last, fewer first (so
// that 15.3's and 15.4's last step, fouls, is settled by then).
func (e *teamEvent) standings() []TeamStanding {
	cancelled := e.cancelledTeams()
	rows := make([]TeamStanding, len(e.teams))
	for i, t := range e.teams {
		rows[i] = TeamStanding{Team: i, Name: t.Name, Withdrawn: e.out[i], Cancelled: cancelled[i]}
	}
	var finished []*teamMatch
	for _, m := range e.matches {
		if cancelled[m.first] || m.second >= 0 && cancelled[m.second] {
			continue
		}
		if m.second < 0 || m.boards == e.perMatch() {
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
		case a.Cancelled != b.Cancelled:
			return boolOrder(!a.Cancelled)
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
		if rows[i].Cancelled {
			continue
		}
		rows[i].Rank = i + 1
		if i > 0 && cmp(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
			rows[i].Shared, rows[i-1].Shared = true, true
		}
	}
	return rows
}
