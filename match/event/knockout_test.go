package event

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// runKnockout plays the event to the end with Red's points from score and
// returns the rounds' fixtures.
func runKnockout(t *testing.T, e *knockoutEvent, score func(f Fixture) float64) [][]Fixture {
	t.Helper()
	var rounds [][]Fixture
	for i := 0; ; i++ {
		if i > 100 {
			t.Fatal("the knockout does not end")
		}
		fs, err := e.next()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			return rounds
		}
		rounds = append(rounds, fs)
		var res []Played
		for _, f := range fs {
			res = append(res, result(f, score(f)))
		}
		e.record(res)
	}
}

// higherSeedWins: the lower index wins every game.
func higherSeedWins(f Fixture) float64 {
	if f.Red < f.Black {
		return 1
	}
	return 0
}

// roundText prints fixtures as "1-8 8-1 4-5 5-4" (1-based, Red first),
// with the game's round tag in brackets when asked.
func roundText(fs []Fixture, tags bool) string {
	var parts []string
	for _, f := range fs {
		s := fmt.Sprintf("%d-%d", f.Red+1, f.Black+1)
		if tags {
			s += "[" + f.Stage + " " + f.RoundTag() + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestBracketOrder(t *testing.T) {
	if got := bracketOrder(8); !slices.Equal(got, []int{0, 7, 3, 4, 1, 6, 2, 5}) {
		t.Errorf("bracket of 8: %v", got)
	}
	if got := bracketOrder(4); !slices.Equal(got, []int{0, 3, 1, 2}) {
		t.Errorf("bracket of 4: %v", got)
	}
}

// TestKnockoutTwoGameMatches: eight players, two games a match with the
// colours swapped; the best seed wins every game.
func TestKnockoutTwoGameMatches(t *testing.T) {
	e, err := newKnockoutEvent(seeds(8), knockoutOptions{perMatch: 2, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rounds := runKnockout(t, e, higherSeedWins)
	if len(rounds) != 3 {
		t.Fatalf("%d rounds", len(rounds))
	}
	pairs := func(fs []Fixture) string {
		var ps []string
		for i := 0; i < len(fs); i += 2 {
			a, b := fs[i], fs[i+1]
			if a.Red != b.Black || a.Black != b.Red || a.Game != 1 || b.Game != 2 {
				t.Errorf("match %v %v: colours not swapped", a, b)
			}
			ps = append(ps, fmt.Sprintf("%d:%d", min(a.Red, a.Black)+1, max(a.Red, a.Black)+1))
		}
		return strings.Join(ps, " ")
	}
	for i, want := range []string{"1:8 4:5 2:7 3:6", "1:4 2:3", "1:2"} {
		if got := pairs(rounds[i]); got != want {
			t.Errorf("round %d: %s, want %s", i+1, got, want)
		}
	}
	places := e.places()
	want := map[int]int{0: 1, 1: 2, 2: 3, 3: 3, 4: 5, 5: 5, 6: 5, 7: 5}
	if fmt.Sprint(places) != fmt.Sprint(want) {
		t.Errorf("places %v, want %v", places, want)
	}
}

// TestKnockoutByes: six players in a bracket of eight: seeds 1 and 2 have
// byes in the first round.
func TestKnockoutByes(t *testing.T) {
	e, _ := newKnockoutEvent(seeds(6), knockoutOptions{seed: 1})
	rounds := runKnockout(t, e, higherSeedWins)
	norm := func(fs []Fixture) string {
		var ps []string
		for _, f := range fs {
			ps = append(ps, fmt.Sprintf("%d:%d", min(f.Red, f.Black)+1, max(f.Red, f.Black)+1))
		}
		return strings.Join(ps, " ")
	}
	for i, want := range []string{"4:5 3:6", "1:4 2:3", "1:2"} {
		if i >= len(rounds) || norm(rounds[i]) != want {
			t.Errorf("round %d: %v, want %s", i+1, rounds, want)
		}
	}
	if e.ties[0].walkover != true || e.ties[0].winner != 0 {
		t.Errorf("seed 1's bye: %+v", e.ties[0])
	}
}

// TestKnockoutReplays: a drawn one-game match is replayed at the
// tie-break control (colours swapped) until decided; after the replays,
// with that option, an armageddon game in which a draw sends Black
// through.
func TestKnockoutReplays(t *testing.T) {
	e, _ := newKnockoutEvent(seeds(2), knockoutOptions{replays: 2, seed: 5})
	draws := 0
	rounds := runKnockout(t, e, func(f Fixture) float64 {
		if draws < 2 {
			draws++
			return 0.5
		}
		return higherSeedWins(f)
	})
	if len(rounds) != 3 {
		t.Fatalf("%d rounds: %v", len(rounds), rounds)
	}
	for i, fs := range rounds {
		if len(fs) != 1 || fs[0].Game != i+1 || fs[0].Tiebreak != (i > 0) || fs[0].RoundTag() != fmt.Sprintf("1.%d", i+1) {
			t.Errorf("round %d: %+v", i+1, fs)
		}
	}
	if e.final.winner != 0 {
		t.Errorf("winner %d", e.final.winner)
	}
	// The lot is a function of the seed: with other seeds the first
	// player is not always Red.
	reds := map[bool]int{}
	for s := uint64(0); s < 40; s++ {
		e, _ := newKnockoutEvent(seeds(2), knockoutOptions{seed: s})
		fs, _ := e.next()
		reds[fs[0].Red == 0]++
	}
	if reds[true] < 5 || reds[false] < 5 {
		t.Errorf("the lot gives the first seed Red %d of 40 times", reds[true])
	}

	// Every game drawn: two replays, then the armageddon game, drawn: Black
	// goes through.
	e, _ = newKnockoutEvent(seeds(2), knockoutOptions{replays: 2, seed: 5, armageddon: true})
	rounds = runKnockout(t, e, func(Fixture) float64 { return 0.5 })
	if len(rounds) != 4 {
		t.Fatalf("all drawn: %d rounds", len(rounds))
	}
	if last := rounds[3][0]; e.final.winner != last.Black {
		t.Errorf("armageddon drawn: winner %d, Black was %d", e.final.winner, last.Black)
	}
	// Two-game matches: a 1-1 match is replayed as another two-game match.
	e, _ = newKnockoutEvent(seeds(2), knockoutOptions{perMatch: 2, replays: 3, seed: 3})
	rounds = runKnockout(t, e, func(f Fixture) float64 {
		if f.Game <= 2 {
			return 1 // Red wins both games of the first match: 1-1
		}
		return higherSeedWins(f)
	})
	if got := roundText(rounds[0], true) + " / " + roundText(rounds[1], true); len(rounds) != 2 || len(rounds[1]) != 2 ||
		!rounds[1][0].Tiebreak || !strings.Contains(got, "[knockout 1.3]") || !strings.Contains(got, "[knockout 1.4]") {
		t.Errorf("two-game replay: %s", got)
	}
}

// TestKnockoutWithdrawal: a withdrawn player loses its next tie by
// walkover, without games.
func TestKnockoutWithdrawal(t *testing.T) {
	e, _ := newKnockoutEvent(seeds(4), knockoutOptions{seed: 1})
	fs, _ := e.next() // 1-4 and 2-3
	e.record([]Played{result(fs[0], higherSeedWins(fs[0])), result(fs[1], higherSeedWins(fs[1]))})
	e.withdraw(0)
	fs, _ = e.next()
	if len(fs) != 0 {
		t.Errorf("a final with a withdrawn player was scheduled: %v", fs)
	}
	if !e.final.decided || e.final.winner != 1 || !e.final.walkover {
		t.Errorf("final %+v", e.final)
	}
}

// TestDoubleElimination: the better seed wins every game, or, with upset,
// but the first grand final (2 beats 1, forcing the reset); every player
// but the champion leaves with two losses (1 has one after an upset).
func TestDoubleElimination(t *testing.T) {
	for _, n := range []int{8, 6, 5, 3} {
		for _, upset := range []bool{false, true} {
			e, err := newKnockoutEvent(seeds(n), knockoutOptions{double: true, seed: 2})
			if err != nil {
				t.Fatal(err)
			}
			// With upset, player 2 beats player 1 in the grand final (the
			// first time they meet there), forcing the reset.
			gf := 0
			rounds := runKnockout(t, e, func(f Fixture) float64 {
				if upset && strings.HasPrefix(f.Stage, "grand final") && f.Round == 1 {
					gf++
					if f.Red == 1 {
						return 1
					}
					return 0
				}
				return higherSeedWins(f)
			})
			losses := map[int]int{}
			for _, tie := range e.ties {
				for _, g := range tie.games {
					for _, p := range [2]int{g.Red, g.Black} {
						if g.pointsOf(p) == 0 {
							losses[p]++
						}
					}
				}
			}
			if e.final.winner != 0 {
				t.Errorf("%d players: champion %d", n, e.final.winner+1)
			}
			if want := map[bool]int{false: 0, true: 1}[upset]; losses[0] != want || gf != map[bool]int{false: 0, true: 1}[upset] {
				t.Errorf("%d players (upset %v): the champion lost %d games", n, upset, losses[0])
			}
			for p := 1; p < n; p++ {
				if losses[p] != 2 {
					t.Errorf("%d players (upset %v): %d left with %d losses", n, upset, p+1, losses[p])
				}
			}
			places := e.places()
			if places[0] != 1 || places[1] != 2 {
				t.Errorf("%d players: places %v", n, places)
			}
			if n == 8 && !upset {
				want := map[int]int{0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 7, 7: 7}
				if fmt.Sprint(places) != fmt.Sprint(want) {
					t.Errorf("places %v, want %v", places, want)
				}
				if got := len(rounds); got != 6 {
					t.Errorf("%d rounds, want 6 (no reset)", got)
				}
			}
			if reset := e.final; reset.skipped == upset {
				t.Errorf("%d players upset %v: reset skipped %v", n, upset, reset.skipped)
			}
		}
	}
}

// TestKnockoutColoursAlternate checks 13.5: the first game of a tie has
// its colours by lot, and every later game of the tie, replays included,
// swaps them. One-game matches drawn four times, for many lots.
func TestKnockoutColoursAlternate(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		e, _ := newKnockoutEvent(seeds(2), knockoutOptions{replays: 4, seed: seed})
		rounds := runKnockout(t, e, func(Fixture) float64 { return 0.5 })
		var reds []int
		for _, fs := range rounds {
			for _, f := range fs {
				reds = append(reds, f.Red)
			}
		}
		for i := 1; i < len(reds); i++ {
			if reds[i] == reds[i-1] {
				t.Errorf("seed %d: Red in the tie's games %v: game %d does not swap", seed, reds, i+1)
				break
			}
		}
	}
}

// TestKnockoutDecider: a match still tied after the replays is decided
// by lot (11.1 knows extra games, not armageddon); with the armageddon
// option, one more game decides, a draw sending Black through.
func TestKnockoutDecider(t *testing.T) {
	winners := map[int]int{}
	for seed := uint64(0); seed < 40; seed++ {
		e, _ := newKnockoutEvent(seeds(2), knockoutOptions{replays: 1, seed: seed})
		rounds := runKnockout(t, e, func(Fixture) float64 { return 0.5 })
		if len(rounds) != 2 || !e.final.decided || !e.final.byLot {
			t.Fatalf("seed %d: %d rounds, final %+v: want the game, one replay, then the lot", seed, len(rounds), e.final)
		}
		winners[e.final.winner]++
	}
	if winners[0] < 5 || winners[1] < 5 {
		t.Errorf("the lot sends the first seed through %d of 40 times", winners[0])
	}
	e, _ := newKnockoutEvent(seeds(2), knockoutOptions{replays: 1, seed: 5, armageddon: true})
	rounds := runKnockout(t, e, func(Fixture) float64 { return 0.5 })
	if len(rounds) != 3 || e.final.byLot || e.final.winner != rounds[2][0].Black {
		t.Errorf("armageddon: %d rounds, final %+v", len(rounds), e.final)
	}
}
