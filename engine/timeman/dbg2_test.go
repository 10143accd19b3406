package timeman

import (
	"math/rand/v2"
	"testing"
	"time"
)

func TestDebugWorst2(t *testing.T) {
	c := mustParse(t, "CXA-6.4")
	cfg := simConfig{overhead: DefaultMoveOverhead, managed: true, withOption: true}
	for g := range 3000 {
		seed := uint64(g)
		var st simStats
		st.minLeft = -1
		rng := rand.New(rand.NewPCG(seed, 1))
		n := 20 + rng.IntN(131)
		simGame(rng, c.Red, n, cfg, &st)
		if st.worstRatio > 3.9 {
			t.Logf("seed %d n=%d worst=%.2f", seed, n, st.worstRatio)
			rng := rand.New(rand.NewPCG(seed, 1))
			rng.IntN(131)
			clk := NewClock(c.Red, 0)
			set := Settings{MoveOverhead: cfg.overhead, Ponder: rng.IntN(4) == 0}
			set.Schedule = c.Red
			m, ft := newFakeManager()
			var total time.Duration
			for k := range n {
				r := clk.Report()
				set.MovesPlayed = k
				b := Allocate(Limits{TimeSet: true, Time: r.Time, Inc: r.Inc, MovesToGo: r.MovesToGo}, set)
				think := managedSearch(rng, m, ft, b)
				took := think + time.Duration(rng.Int64N(int64(cfg.overhead)))
				clk.Punch(took)
				total += took
				t.Logf("k=%d T=%v mtg=%d soft=%v hard=%v took=%v", k, r.Time.Round(time.Second), r.MovesToGo, b.Soft.Round(time.Second), b.Hard.Round(time.Second), took.Round(time.Second))
			}
			t.Logf("avg %v ponder %v", total/time.Duration(n), set.Ponder)
			return
		}
	}
}
