package event

import (
	"math/rand/v2"
	"testing"
)

// swissFigures are the counts of a simulation of Swiss events.
type swissFigures struct {
	events int
	// rematches counts the games between players who had met before,
	// minimum the least any pairing could have (all rounds of the events:
	// the games beyond one meeting of every pair, see minMeetings);
	// rematchEvents the events with more than their least.
	rematches, minimum, rematchEvents int
	// thirds counts the games between players who had met twice or more,
	// minThirds the least; thirdEvents the events with more.
	thirds, minThirds, thirdEvents int
	// soleLeaderByes counts the byes given to the sole leader when
	// another player had no more byes than he; misplacedByes the byes not
	// given to the lowest-ranked (by points, then entry order) of the
	// players with the fewest byes.
	soleLeaderByes, misplacedByes int
	// floats counts the games between players of different points.
	floats, games int
	// colourBreaches counts the players who had one colour three times in
	// a row or two games more of one colour than of the other.
	colourBreaches int
}

// minMeetings returns the least number of games of an event of games
// games among n players that meet a pair for the k-th time or more (k =
// 2: rematches, 3: third meetings): every pair meets k-1 times first.
func minMeetings(n, games, k int) int {
	return max(0, games-(k-1)*n*(n-1)/2)
}

// newSimSwiss returns a Swiss of n players over rounds rounds.
func newSimSwiss(t testing.TB, n, rounds int) *swissEvent {
	e, err := newSwissEvent("swiss", seeds(n), rounds)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// simulateSwissEvents plays events Swiss events of n players with random
// results, the number of rounds drawn from minRounds to maxRounds, and
// counts the figures.
func simulateSwissEvents(t testing.TB, n, minRounds, maxRounds, events int, seed uint64) swissFigures {
	var f swissFigures
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	for ev := 0; ev < events; ev++ {
		rounds := minRounds + rng.IntN(maxRounds-minRounds+1)
		e := newSimSwiss(t, n, rounds)
		met := map[[2]int]int{}
		points := make([]float64, n)
		byes := make([]int, n)
		colours := make([][]int8, n)
		rematches, thirds, games := 0, 0, 0
		for r := 1; r <= rounds; r++ {
			before := len(e.games)
			fs, err := e.next()
			if err != nil {
				t.Fatalf("%d players, %d rounds, round %d: %v", n, rounds, r, err)
			}
			for _, g := range e.games[before:] {
				fewest := byes[0]
				for _, b := range byes {
					fewest = min(fewest, b)
				}
				sole, other, lowest := true, false, -1
				for p := range n {
					if p != g.Red && points[p] >= points[g.Red] {
						sole = false
					}
					if p != g.Red && byes[p] == fewest {
						other = true
					}
					if byes[p] == fewest && (lowest < 0 || points[p] < points[lowest] || points[p] == points[lowest] && p > lowest) {
						lowest = p
					}
				}
				if sole && other {
					f.soleLeaderByes++
				}
				if g.Red != lowest {
					f.misplacedByes++
				}
				points[g.Red] += g.Points[0]
				byes[g.Red]++
			}
			var res []Played
			for _, fx := range fs {
				k := [2]int{min(fx.Red, fx.Black), max(fx.Red, fx.Black)}
				if met[k] >= 1 {
					rematches++
				}
				if met[k] >= 2 {
					thirds++
				}
				met[k]++
				games++
				if points[fx.Red] != points[fx.Black] {
					f.floats++
				}
				colours[fx.Red] = append(colours[fx.Red], 1)
				colours[fx.Black] = append(colours[fx.Black], -1)
				p := 0.4 + 0.3*float64(fx.Black-fx.Red)/float64(n) // Red's chance of a win
				x := rng.Float64()
				switch {
				case x < p:
					res = append(res, result(fx, 1))
				case x < p+0.25:
					res = append(res, result(fx, 0.5))
				default:
					res = append(res, result(fx, 0))
				}
			}
			for _, g := range res {
				points[g.Red] += g.Points[0]
				points[g.Black] += g.Points[1]
			}
			e.record(res)
		}
		for _, cs := range colours {
			d, bad := 0, false
			for i, c := range cs {
				d += int(c)
				if d > 2 || d < -2 || i >= 2 && cs[i-1] == c && cs[i-2] == c {
					bad = true
				}
			}
			if bad {
				f.colourBreaches++
			}
		}
		f.events++
		f.games += games
		f.rematches += rematches
		f.thirds += thirds
		minR, minT := minMeetings(n, games, 2), minMeetings(n, games, 3)
		f.minimum += minR
		f.minThirds += minT
		if rematches > minR {
			f.rematchEvents++
		}
		if thirds > minT {
			f.thirdEvents++
		}
	}
	return f
}

// TestSwissSimulation plays 300 Swiss events each of 5, 6, 7, 8 and 10
// players with random results, over a round robin's number of rounds
// (players - 1, or players when odd: no rematch is needed) and over a
// random number of rounds up to twice that, and logs the figures (go test
// -run TestSwissSimulation -v ./match/): no event may have an
// avoidable rematch or third meeting, nor a colour breach.
func TestSwissSimulation(t *testing.T) {
	for _, n := range []int{5, 6, 7, 8, 10} {
		full := n - 1 + n%2
		for _, rounds := range [][2]int{{full, full}, {1, 2 * full}} {
			f := simulateSwissEvents(t, n, rounds[0], rounds[1], 300, 1)
			t.Logf("%d players, %d to %d rounds, %d events, %d games: %d events with avoidable rematches (%d rematches, least %d); "+
				"%d with avoidable third meetings (%d, least %d); %d avoidable byes to the sole leader, %d byes not to the lowest-ranked of those with the fewest; "+
				"%d games across score groups; %d colour breaches",
				n, rounds[0], rounds[1], f.events, f.games, f.rematchEvents, f.rematches, f.minimum, f.thirdEvents, f.thirds, f.minThirds,
				f.soleLeaderByes, f.misplacedByes, f.floats, f.colourBreaches)
			if f.rematchEvents > 0 || f.thirdEvents > 0 || f.colourBreaches > 0 {
				t.Errorf("%d players: avoidable rematches or third meetings, or colour breaches", n)
			}
		}
	}
}
