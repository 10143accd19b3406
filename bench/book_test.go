package bench

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
)

// eleeyeBook is ElephantEye's opening book, when the shared data holds it.
const eleeyeBook = "../../shared/data/eleeye/BOOK.DAT"

// deepBookLine is a main line of the built-in book, 14 plies deep.
const deepBookLine = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8 b0c2 d9e8"

// after returns the position after the ICCS moves from the start.
func after(b *testing.B, moves string) *engine.Position {
	b.Helper()
	g, err := engine.NewGame(engine.StartFEN, engine.RulesCXA)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range strings.Fields(moves) {
		if _, err := g.PlayMove(m); err != nil {
			b.Fatal(err)
		}
	}
	return g.Position()
}

// probeBench probes src at pos in the timed loop.
func probeBench(b *testing.B, src book.Source, pos *engine.Position) {
	buf := make([]book.Entry, 0, engine.MaxMoves)
	for b.Loop() {
		buf = src.Probe(pos, buf[:0])
	}
}

// BenchmarkProbeDefault probes the built-in book 14 plies into a main line.
func BenchmarkProbeDefault(b *testing.B) {
	bk, err := book.Default()
	if err != nil {
		b.Fatal(err)
	}
	probeBench(b, bk, after(b, deepBookLine))
}

// BenchmarkProbeDefaultStart probes the built-in book at the start.
func BenchmarkProbeDefaultStart(b *testing.B) {
	bk, err := book.Default()
	if err != nil {
		b.Fatal(err)
	}
	probeBench(b, bk, engine.StartPosition())
}

// BenchmarkProbeEleEye probes ElephantEye's BOOK.DAT after h2e2 (skipped
// without the file).
func BenchmarkProbeEleEye(b *testing.B) {
	src, err := book.Open(eleeyeBook)
	if err != nil {
		b.Skipf("BOOK.DAT not available: %v", err)
	}
	probeBench(b, src, after(b, "h2e2"))
}
