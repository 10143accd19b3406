package engine

import "testing"

// BenchmarkPerftStart measures leaves per second on the start position.
func BenchmarkPerftStart(b *testing.B) {
	p := StartPosition()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
