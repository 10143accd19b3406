package timeman

import (
	"testing"
	"time"
)

func TestDebugSeeds(t *testing.T) {
	for _, name := range []string{"CXA-6.1", "CXA-6.2", "CXA-6.3", "CXA-6.4", "NAT-15", "NAT-45", "LEAGUE-SLOW", "LEAGUE-FAST", "MOVE-150", "10+0.1", "1+0.01", "60", "10/10"} {
		c := mustParse(t, name)
		for _, ov := range []time.Duration{DefaultMoveOverhead, 10 * time.Millisecond} {
			for _, opt := range []bool{false, true} {
				worst, flags, em, moves := 0.0, 0, 0, 0
				minLeft := time.Hour
				for seed := uint64(100); seed < 110; seed++ {
					st := simControl(c, 200, seed, opt, ov)
					for _, s := range st {
						worst = max(worst, s.worstRatio)
						flags += s.flags
						em += s.emergencies
						moves += s.moves
						minLeft = min(minLeft, s.minLeft)
					}
				}
				t.Logf("%-12s ov=%v opt=%-5v worst=%.2f flags=%d emerg=%.4f minLeft=%v", name, ov, opt, worst, flags, float64(em)/float64(moves), minLeft)
			}
		}
	}
}
