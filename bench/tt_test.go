package bench

import (
	"testing"

	"github.com/goxq/ucci/tt"
)

// BenchmarkProbe probes a 16 MB table holding 100,000 entries, mostly for
// keys it does not hold.
func BenchmarkProbe(b *testing.B) {
	tab := tt.New(16)
	for k := uint64(0); k < 100000; k++ {
		tab.Store(k*0x9e3779b97f4a7c15, tt.Entry{Depth: 3, Bound: tt.BoundExact})
	}
	var k uint64
	for b.Loop() {
		k += 0x9e3779b97f4a7c15
		tab.Probe(k)
	}
}
