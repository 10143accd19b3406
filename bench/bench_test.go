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

// BenchmarkEvaluateAfterMove evaluates every position one legal move after
// a bench position, as the search meets them (the figure includes making
// and unmaking the move, and the incremental terms they update).
func BenchmarkEvaluateAfterMove(b *testing.B) {
	type start struct {
		pos   *engine.Position
		moves engine.MoveList
	}
	var starts []start
	n := 0
	for _, p := range positions(b) {
		st := start{pos: p}
		p.GenerateLegalMoves(&st.moves)
		n += st.moves.Count
		starts = append(starts, st)
	}
	sum := 0
	for b.Loop() {
		for _, st := range starts {
			for _, m := range st.moves.Slice() {
				st.pos.MakeMove(m)
				sum += st.pos.Evaluate()
				st.pos.UnmakeMove(m)
			}
		}
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds()/1e6, "Mevals/s")
	if sum == 1 {
		b.Log(sum) // keeps the sum alive
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
