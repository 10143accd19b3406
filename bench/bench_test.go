package bench

import (
	"testing"

	"github.com/goxq/ucci/engine"
)

func positions(b *testing.B) []*engine.Position {
	b.Helper()
	var out []*engine.Position
	for _, fen := range engine.BenchFENs {
		p, err := engine.NewPosition(fen)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkPerft5 counts the start position to depth 5 (133,312,995 leaves).
func BenchmarkPerft5(b *testing.B) {
	p := engine.StartPosition()
	var leaves uint64
	for b.Loop() {
		leaves += p.Perft(5)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

// BenchmarkGenerateLegalMoves generates the legal moves of every bench position.
func BenchmarkGenerateLegalMoves(b *testing.B) {
	ps := positions(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			var list engine.MoveList
			p.GenerateLegalMoves(&list)
		}
	}
}

// BenchmarkEvaluate evaluates every bench position.
func BenchmarkEvaluate(b *testing.B) {
	ps := positions(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			p.Evaluate()
		}
	}
}

// BenchmarkBench runs the bench signature at depth 8.
func BenchmarkBench(b *testing.B) {
	var nodes uint64
	for b.Loop() {
		nodes += engine.Bench(8, 1, nil, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
