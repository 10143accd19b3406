package event

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// bruteMinRematches returns the fewest rematches (games between players
// who met before) that any pairing of rounds rounds of n players can
// have, byes going only to players with the fewest: a depth-first search
// over every perfect matching of every round (the bye a vertex of its
// own), cut where it cannot beat the best found or once it reaches the
// bound that no pairing can beat (the games beyond one per pair).
func bruteMinRematches(n, rounds int) int {
	v := n + n%2
	met := make([][]int, v)
	for i := range met {
		met[i] = make([]int, v)
	}
	byes := make([]int, v)
	perRound := n / 2
	bound := max(0, rounds*perRound-n*(n-1)/2)
	best := rounds * perRound
	used := make([]bool, v)
	var round func(r, cost int)
	var match func(r, cost int)
	fewest := func() int {
		f := rounds + 1
		for p := 0; p < n; p++ {
			f = min(f, byes[p])
		}
		return f
	}
	round = func(r, cost int) {
		if best == bound {
			return
		}
		if r == rounds {
			best = min(best, cost)
			return
		}
		// Fewer fresh pairs than games to come: that many rematches more.
		fresh := 0
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if met[a][b] == 0 {
					fresh++
				}
			}
		}
		if cost+max(0, (rounds-r)*perRound-fresh) >= best {
			return
		}
		match(r, cost)
	}
	match = func(r, cost int) {
		a := -1
		for x := 0; x < v; x++ {
			if !used[x] {
				a = x
				break
			}
		}
		if a < 0 {
			for x := range used {
				used[x] = false
			}
			round(r+1, cost)
			return
		}
		used[a] = true
		least := fewest()
		for b := a + 1; b < v; b++ {
			if used[b] {
				continue
			}
			if b == n && byes[a] != least { // b is the bye
				continue
			}
			used[b] = true
			var state []bool
			if b == n {
				byes[a]++
			} else {
				met[a][b]++
			}
			extra := 0
			if b < n && met[a][b] > 1 {
				extra = 1
			}
			if cost+extra >= best {
				if b == n {
					byes[a]--
				} else {
					met[a][b]--
				}
				used[b] = false
				continue
			}
			state = append(state, used...)
			match(r, cost+extra)
			copy(used, state)
			if b == n {
				byes[a]--
			} else {
				met[a][b]--
			}
			used[b] = false
			if best == bound {
				break
			}
		}
		used[a] = false
	}
	round(0, 0)
	return best
}

// TestSwissProperties plays Swiss events of 4 to 16 players over every
// number of rounds, from one to a round robin's (players - 1, or players
// when odd) and, up to 8 players, to twice that, with random results,
// and checks every round: each player still in plays once or has the
// bye; nobody has a second bye while another has none; nobody has one
// colour three times in a row or two games more of one colour than of
// the other; the event has as few rematches as any pairing could have
// (found by brute force up to 8 players, the games beyond one per pair
// above), and third meetings only when every pair met twice.
func TestSwissProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 1))
	minimum := map[[2]int]int{}
	for n := 4; n <= 16; n++ {
		full := n - 1 + n%2
		most := full
		if n <= 8 {
			most = 2 * full
		}
		for rounds := 1; rounds <= most; rounds++ {
			if testing.Short() && n > 10 && rounds%3 != 0 {
				continue
			}
			t.Run(fmt.Sprintf("%d players %d rounds", n, rounds), func(t *testing.T) {
				e, err := newSwissEvent("swiss", seeds(n), rounds)
				if err != nil {
					t.Fatal(err)
				}
				met := map[[2]int]int{}
				byes := make([]int, n)
				colours := make([]colourState, n)
				rematches, thirds, games := 0, 0, 0
				for r := 1; r <= rounds; r++ {
					before := len(e.games)
					fs, err := e.next()
					if err != nil {
						t.Fatalf("round %d: %v", r, err)
					}
					seen := map[int]bool{}
					for _, g := range e.games[before:] {
						for p := range n {
							if byes[p] < byes[g.Red] {
								t.Errorf("round %d: a second bye to %d, %d has had none", r, g.Red+1, p+1)
							}
						}
						byes[g.Red]++
						seen[g.Red] = true
					}
					var res []Played
					for _, f := range fs {
						if seen[f.Red] || seen[f.Black] {
							t.Fatalf("round %d: %d or %d seated twice", r, f.Red+1, f.Black+1)
						}
						seen[f.Red], seen[f.Black] = true, true
						k := [2]int{min(f.Red, f.Black), max(f.Red, f.Black)}
						if met[k] >= 1 {
							rematches++
						}
						if met[k] >= 2 {
							thirds++
						}
						met[k]++
						games++
						for p, c := range map[int]int8{f.Red: 1, f.Black: -1} {
							if !colours[p].allows(c) {
								t.Errorf("round %d: %d breaks the colour limits (colours %+v, gets %d)", r, p+1, colours[p], c)
							}
							colours[p] = colours[p].add(c)
						}
						x := rng.Float64()
						res = append(res, result(f, map[bool]float64{true: 1, false: 0}[x < 0.4]+map[bool]float64{true: 0.5, false: 0}[x >= 0.4 && x < 0.7]))
					}
					if len(seen) != n {
						t.Fatalf("round %d: %d of %d players seated", r, len(seen), n)
					}
					e.record(res)
				}
				least := minMeetings(n, games, 2)
				if n <= 8 {
					k := [2]int{n, rounds}
					if _, ok := minimum[k]; !ok {
						minimum[k] = bruteMinRematches(n, rounds)
					}
					least = minimum[k]
				}
				if rematches != least {
					t.Errorf("%d rematches, the least is %d", rematches, least)
				}
				if want := minMeetings(n, games, 3); thirds != want {
					t.Errorf("%d third meetings, want %d", thirds, want)
				}
			})
		}
	}
}
