package event

import "testing"

// playRoundRobin plays the event to its end: Red wins every game, except
// that a withdrawn player loses its games by forfeit from round out+1.
func playRoundRobin(e *roundRobinEvent, withdrawn, out int) {
	for r := 1; ; r++ {
		if r == out+1 && withdrawn >= 0 {
			e.withdraw(withdrawn)
		}
		fs, _ := e.next()
		if fs == nil {
			return
		}
		var res []Played
		for _, f := range fs {
			g := result(f, 1)
			if e.withdrawn[f.Red] || e.withdrawn[f.Black] {
				g.Forfeit = true
				g.Points = [2]float64{1, 0}
				if e.withdrawn[f.Red] {
					g.Points = [2]float64{0, 1}
				}
			}
			res = append(res, g)
		}
		e.record(res)
	}
}

// TestRoundRobinWithdrawal checks 20.3 on six players: a player that
// withdraws after two of its five games has its results cancelled; after
// three, they stand and the rest are forfeited.
func TestRoundRobinWithdrawal(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6"}
	e := newRoundRobinEvent("round robin", []int{0, 1, 2, 3, 4, 5}, 1)
	playRoundRobin(e, 5, 2)
	rows := e.standings(names)
	last := rows[len(rows)-1]
	if last.Player != 5 || !last.Cancelled || last.Rank != 0 || last.Games != 0 {
		t.Errorf("after 2 of 5 games: last row %+v", last)
	}
	for _, r := range rows[:5] {
		if r.Games != 4 {
			t.Errorf("after the cancellation %s has %d games, want 4", r.Name, r.Games)
		}
	}

	e = newRoundRobinEvent("round robin", []int{0, 1, 2, 3, 4, 5}, 1)
	playRoundRobin(e, 5, 3)
	rows = e.standings(names)
	for _, r := range rows {
		if r.Games != 5 || r.Cancelled {
			t.Errorf("after 3 of 5 games: %+v", r)
		}
		if r.Player == 5 && (!r.Withdrawn || r.Rank == 0) {
			t.Errorf("withdrawn after 3 games: %+v", r)
		}
	}
	forfeits := 0
	for _, g := range e.games {
		if g.Forfeit {
			forfeits++
			if g.pointsOf(5) != 0 || g.pointsOf(g.opponent(5)) != 1 {
				t.Errorf("forfeit %+v", g)
			}
		}
	}
	if forfeits != 2 {
		t.Errorf("%d forfeits, want 2", forfeits)
	}
}

// TestDoubleRoundRobinWithdrawal: 20.3 counts the opponents met, not the
// games. In a double round robin of six, a player withdrawn after round 4
// has played 4 of its 10 games but met 4 of its 5 opponents: its results
// stand. One withdrawn after round 2 (2 of 5 met) is cancelled.
func TestDoubleRoundRobinWithdrawal(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6"}
	e := newRoundRobinEvent("round robin", []int{0, 1, 2, 3, 4, 5}, 2)
	playRoundRobin(e, 5, 4)
	for _, r := range e.standings(names) {
		if r.Player == 5 && (r.Cancelled || r.Games != 10 || r.Rank == 0) {
			t.Errorf("withdrawn after meeting 4 of 5: %+v", r)
		}
	}
	e = newRoundRobinEvent("round robin", []int{0, 1, 2, 3, 4, 5}, 2)
	playRoundRobin(e, 5, 2)
	for _, r := range e.standings(names) {
		if r.Player == 5 && !r.Cancelled {
			t.Errorf("withdrawn after meeting 2 of 5: %+v", r)
		}
	}
}
