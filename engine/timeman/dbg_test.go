package timeman

import (
	"testing"
	"time"
)

func TestDebugSeeds(t *testing.T) {
	for _, name := range append(timeControlIDs, "10+0.1", "60+0.6", "60", "10/10", "3+2") {
		c := mustParse(t, name)
		for _, managed := range []bool{false, true} {
			for _, opt := range []bool{false, true} {
				worst, flags, em, moves := 0.0, 0, 0, 0
				minLeft := time.Hour
				used, games := 0.0, 0
				for seed := uint64(100); seed < 106; seed++ {
					st := simControl(c, 100, seed, simConfig{withOption: opt, overhead: DefaultMoveOverhead, managed: managed})
					for _, s := range st {
						worst = max(worst, s.worstRatio)
						flags += s.flags
						em += s.emergencies
						moves += s.moves
						minLeft = min(minLeft, s.minLeft)
						used += s.used
						games += s.games
					}
				}
				t.Logf("%-12s managed=%-5v opt=%-5v worst=%.2f flags=%d emerg=%d minLeft=%v used=%.2f", name, managed, opt, worst, flags, em, minLeft.Round(time.Millisecond), used/float64(games))
			}
		}
	}
}
