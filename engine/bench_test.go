package engine

import "testing"

// BenchmarkSearch runs the bench signature at a small depth.
func BenchmarkSearch(b *testing.B) {
	var nodes uint64
	for b.Loop() {
		nodes += Bench(9, 1, nil, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
