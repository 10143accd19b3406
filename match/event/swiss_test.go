package event

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSwissHandPairings checks the first two rounds of four players
// against the pairings worked out by hand from the rules.
func TestSwissHandPairings(t *testing.T) {
	e, err := newSwissEvent("swiss", []int{0, 1, 2, 3}, 3)
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := e.next()
	// All on 0: top half meets bottom half, 1-3 and 2-4; the higher player
	// is Red on board 1, Black on board 2.
	if got := fixtureText(r1); got != "1-3 4-2" {
		t.Fatalf("round 1: %s, want 1-3 4-2", got)
	}
	e.record([]Played{result(r1[0], 1), result(r1[1], 1)}) // 1 and 4 win
	r2, _ := e.next()
	// 1 and 4 on one point: both had Red and wish Black, 1 ranks higher and
	// gets it: 4-1. 2 and 3 had Black and wish Red; 2 ranks higher: 2-3.
	if got := fixtureText(r2); got != "4-1 2-3" {
		t.Fatalf("round 2: %s, want 4-1 2-3", got)
	}
	e.record([]Played{result(r2[0], 0.5), result(r2[1], 0)})
	r3, _ := e.next()
	// 1 1.5, 4 1.5, 3 1, 2 0. 1 has met 4 and 3, so 2 floats up to it; 1
	// had Red then Black and alternates to Red, 2 had Black then Red: 1-2.
	// 3 had Black twice and must have Red, 4 Red twice: 3-4.
	if got := fixtureText(r3); got != "1-2 3-4" {
		t.Fatalf("round 3: %s, want 1-2 3-4", got)
	}
}

// fixtureText prints fixtures as "1-3 4-2" (1-based, Red first).
func fixtureText(fs []Fixture) string {
	s := ""
	for i, f := range fs {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%d-%d", f.Red+1, f.Black+1)
	}
	return s
}

// result returns the fixture played with Red scoring red.
func result(f Fixture, red float64) Played {
	return Played{Fixture: f, Points: [2]float64{red, 1 - red}}
}

// simulateSwiss plays a Swiss of n players over rounds rounds with random
// results (lower numbers stronger) and withdraws the players of withdraw
// after the round given, checking every round: complete (everyone still in
// plays once, or has the bye), no rematch, colour limits, byes.
func simulateSwiss(t *testing.T, n, rounds int, seed uint64, withdraw map[int]int) *swissEvent {
	t.Helper()
	players := make([]int, n)
	for i := range players {
		players[i] = i
	}
	e, err := newSwissEvent("swiss", players, rounds)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	met := map[[2]int]bool{}
	colours := make([][]int8, n)
	byes := make([]int, n)
	out := map[int]bool{}
	for r := 1; r <= rounds; r++ {
		for p, after := range withdraw {
			if after == r-1 {
				e.withdraw(p)
				out[p] = true
			}
		}
		st := e.state()
		before := len(e.games)
		fs, err := e.next()
		if err != nil {
			t.Fatalf("%d players round %d: %v", n, r, err)
		}
		seen := map[int]bool{}
		for _, g := range e.games[before:] { // the bye of this round
			if !g.isBye() {
				t.Fatalf("round %d: a game recorded by next", r)
			}
			seen[g.Red] = true
			byes[g.Red]++
			for q, sq := range st {
				if !out[q] && q != g.Red && sq.byes < st[g.Red].byes {
					t.Errorf("%d players round %d: bye to %d who had %d byes, %d had %d", n, r, g.Red+1, st[g.Red].byes, q+1, sq.byes)
				}
				if !out[q] && q != g.Red && sq.byes == st[g.Red].byes && sq.points < st[g.Red].points {
					t.Logf("%d players round %d: bye to %d on %.1f, %d has %.1f (the rest could not be paired otherwise)", n, r, g.Red+1, st[g.Red].points, q+1, sq.points)
				}
			}
		}
		var res []Played
		for _, f := range fs {
			if seen[f.Red] || seen[f.Black] {
				t.Fatalf("%d players round %d: %d or %d seated twice", n, r, f.Red+1, f.Black+1)
			}
			if out[f.Red] || out[f.Black] {
				t.Fatalf("%d players round %d: withdrawn player paired in %d-%d", n, r, f.Red+1, f.Black+1)
			}
			seen[f.Red], seen[f.Black] = true, true
			k := [2]int{min(f.Red, f.Black), max(f.Red, f.Black)}
			if met[k] {
				t.Errorf("%d players round %d: rematch %d-%d", n, r, f.Red+1, f.Black+1)
			}
			met[k] = true
			colours[f.Red] = append(colours[f.Red], 1)
			colours[f.Black] = append(colours[f.Black], -1)
			p := 0.5 + float64(f.Black-f.Red)/float64(2*n) // Red's chance
			x := rng.Float64()
			switch {
			case x < p*0.8:
				res = append(res, result(f, 1))
			case x < p*0.8+0.2:
				res = append(res, result(f, 0.5))
			default:
				res = append(res, result(f, 0))
			}
		}
		for p := 0; p < n; p++ {
			if !out[p] && !seen[p] {
				t.Errorf("%d players round %d: %d not paired", n, r, p+1)
			}
		}
		for p, cs := range colours {
			d := 0
			for i, c := range cs {
				d += int(c)
				if i >= 2 && cs[i-1] == c && cs[i-2] == c {
					t.Errorf("%d players round %d: %d has one colour three times in a row: %v", n, r, p+1, cs)
				}
			}
			if d > 2 || d < -2 {
				t.Errorf("%d players round %d: %d has colours %v", n, r, p+1, cs)
			}
		}
		e.record(res)
	}
	for p, b := range byes {
		if b > 1 {
			t.Errorf("%d players: %d had %d byes", n, p+1, b)
		}
	}
	if fs, _ := e.next(); fs != nil {
		t.Errorf("a round after the last")
	}
	return e
}

// TestSwissEvents pairs events of 7, 8, 16 and 33 players over several
// seeds of random results.
func TestSwissEvents(t *testing.T) {
	for _, c := range []struct{ n, rounds int }{{7, 5}, {8, 5}, {16, 9}, {33, 9}, {33, 11}} {
		for seed := uint64(1); seed <= 12; seed++ {
			simulateSwiss(t, c.n, c.rounds, seed, nil)
		}
	}
}

// TestSwissWithdrawal: a player withdrawn after round 2 keeps what it
// played (20.4) and is not paired again; the count turns odd and byes
// appear.
func TestSwissWithdrawal(t *testing.T) {
	e := simulateSwiss(t, 8, 5, 3, map[int]int{2: 2})
	n := 0
	for _, g := range e.games {
		if g.has(2) {
			n++
		}
	}
	if n != 2 {
		t.Errorf("the withdrawn player has %d games, want the 2 it played", n)
	}
	rows := e.standings([]string{"a", "b", "c", "d", "e", "f", "g", "h"})
	for _, r := range rows {
		if r.Player == 2 && (!r.Withdrawn || r.Games != 2 || r.Rank == 0) {
			t.Errorf("withdrawn row %+v", r)
		}
	}
}

// TestSwissAllDrawn: six players whose every game is drawn stay in one
// score group; over five rounds nobody meets anyone twice (the greedy
// pairing of old had p1 meet p4 in rounds 1, 4 and 5).
func TestSwissAllDrawn(t *testing.T) {
	e, _ := newSwissEvent("swiss", seeds(6), 5)
	met := map[[2]int]int{}
	for r := 1; r <= 5; r++ {
		fs, err := e.next()
		if err != nil || len(fs) != 3 {
			t.Fatalf("round %d: %d games, %v", r, len(fs), err)
		}
		var res []Played
		for _, f := range fs {
			k := [2]int{min(f.Red, f.Black), max(f.Red, f.Black)}
			if met[k]++; met[k] > 1 {
				t.Errorf("round %d: %d-%d again", r, f.Red+1, f.Black+1)
			}
			res = append(res, result(f, 0.5))
		}
		e.record(res)
	}
}

// TestSwissRoundLimit refuses a Swiss without rounds and one of more
// players than the pairing takes; more rounds than a round robin's are
// played (pairs then meet again, each pair once more before any pair
// twice more).
func TestSwissRoundLimit(t *testing.T) {
	if _, err := newSwissEvent("swiss", []int{0, 1, 2, 3}, 0); err == nil {
		t.Error("0 rounds accepted")
	}
	if _, err := newSwissEvent("swiss", seeds(65), 3); err == nil {
		t.Error("65 players accepted")
	}
	if _, err := newSwissEvent("swiss", []int{0, 1, 2, 3}, 9); err != nil {
		t.Errorf("9 rounds of 4: %v", err)
	}
}
