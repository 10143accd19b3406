package timeman

import (
	"math/rand/v2"
	"testing"
	"time"
)

func TestDebugCalib2(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m, ft := newFakeManager()
	for _, soft := range []time.Duration{time.Second, 10 * time.Millisecond} {
		b := Budget{Limited: true, Soft: soft, Hard: time.Duration(float64(soft) * hardRatio)}
		sum, hits := 0.0, 0
		for range 20000 {
			d := managedSearch(rng, m, ft, b)
			sum += float64(d) / float64(soft)
			if d >= b.Hard {
				hits++
			}
		}
		t.Logf("soft %v mean %.3f hard hits %.3f", soft, sum/20000, float64(hits)/20000)
	}
}
