package timeman

import (
	"math/rand/v2"
	"testing"
	"time"
)

// simStats summarises simulated games of one control for one side.
type simStats struct {
	games, moves, flags int
	emergencies         int
	minLeft             time.Duration // least time left after any move
	worstRatio          float64       // largest middle-game move / game average
	worstGame           int
	usedFrac            float64 // mean share of the total time available that was used
}

// simGame plays one side of one game of n own moves against a simulated
// clock with a fake search, and updates st.
func simGame(rng *rand.Rand, sch Schedule, n int, withOption bool, overhead time.Duration, st *simStats) {
	clk := NewClock(sch, 0)
	set := Settings{MoveOverhead: overhead}
	if withOption {
		set.Schedule = sch
	}
	set.Ponder = rng.IntN(4) == 0
	times := make([]time.Duration, 0, n)
	var total time.Duration
	given := clk.Remaining()
	for k := range n {
		r := clk.Report()
		set.MovesPlayed = k
		b := Allocate(Limits{TimeSet: true, Time: r.Time, Inc: r.Inc, MovesToGo: r.MovesToGo}, set)
		think := fakeSearch(rng, b)
		took := think + time.Duration(rng.Int64N(int64(overhead)))
		if b.Emergency {
			st.emergencies++
		}
		before := clk.Remaining()
		if !clk.Punch(took) {
			st.flags++
			return
		}
		if left := before - took; st.minLeft < 0 || left < st.minLeft {
			st.minLeft = left
		}
		given += clk.Remaining() - (before - took)
		times = append(times, took)
		total += took
	}
	st.games++
	st.moves += n
	if sch.HasClock() {
		st.usedFrac += float64(total) / float64(given)
	}
	avg := float64(total) / float64(n)
	for k := 10; k < n-10; k++ {
		if ratio := float64(times[k]) / avg; ratio > st.worstRatio {
			st.worstRatio, st.worstGame = ratio, n
		}
	}
}

// fakeSearch returns how long a search given b runs: usually it ends an
// iteration somewhere around the target, sometimes anywhere up to the hard
// limit, sometimes it is cut by the hard limit and notices a little late.
func fakeSearch(rng *rand.Rand, b Budget) time.Duration {
	firstIteration := time.Duration(rng.Int64N(int64(time.Millisecond)))
	if b.Emergency || b.Hard == 0 {
		return firstIteration
	}
	var d time.Duration
	switch x := rng.IntN(100); {
	case x < 50:
		d = time.Duration(float64(b.Soft) * (0.3 + rng.Float64()))
	case x < 85:
		d = b.Soft + time.Duration(rng.Float64()*float64(b.Hard-b.Soft))
	default:
		d = b.Hard + time.Duration(rng.Int64N(int64(time.Millisecond)))
		return max(d, firstIteration)
	}
	return max(min(d, b.Hard), firstIteration)
}

func simControl(c Control, games int, seed uint64, withOption bool, overhead time.Duration) [2]simStats {
	rng := rand.New(rand.NewPCG(seed, 0x7133))
	var st [2]simStats
	st[0].minLeft, st[1].minLeft = -1, -1
	for range games {
		n := 20 + rng.IntN(131) // 20 … 150 own moves
		simGame(rng, c.Red, n, withOption, overhead, &st[0])
		simGame(rng, c.Black, n-rng.IntN(2), withOption, overhead, &st[1])
	}
	return st
}

func TestSimulatedGames(t *testing.T) {
	controls := []string{
		"CXA-6.1", "CXA-6.2", "CXA-6.3", "CXA-6.4", "CXA-6.5=900",
		"NAT-15", "NAT-25", "NAT-30", "NAT-45", "MOVE-150", "SWISS-25/30",
		"LEAGUE-SLOW", "LEAGUE-FAST",
		// fast controls of engine matches
		"10+0.1", "60+0.6", "1+0.01", "60", "10/10",
	}
	games := 200
	if testing.Short() {
		games = 40
	}
	for i, name := range controls {
		c := mustParse(t, name)
		for _, opt := range []bool{false, true} {
			st := simControl(c, games, uint64(i+1), opt, DefaultMoveOverhead)
			for side, s := range st {
				t.Logf("%-12s opt=%-5v side=%d games=%d flags=%d emerg=%d minLeft=%v worst=%.2f (n=%d) used=%.2f",
					name, opt, side, s.games, s.flags, s.emergencies, s.minLeft, s.worstRatio, s.worstGame, s.usedFrac/float64(max(s.games, 1)))
			}
		}
	}
}
