package engine

import "testing"

// TestEvalReportAddsUp: the terms of EvalReport add up to the evaluation
// seen from Red, up to the rounding of each term's blend, and the report of
// the colour-flipped position is the same with every sign turned.
func TestEvalReportAddsUp(t *testing.T) {
	for _, p := range randomPositions(t, 300) {
		terms, phase := EvalReport(p)
		if phase < 0 || phase > MaxPhase {
			t.Fatalf("%s: phase %d", p.FEN(), phase)
		}
		sum := 0
		for _, term := range terms {
			sum += term.Value
		}
		red := p.Evaluate()
		if p.SideToMove() == Black {
			red = -red
		}
		if d := sum - red; d < -len(terms) || d > len(terms) {
			t.Errorf("%s: terms add up to %d, evaluation from Red %d", p.FEN(), sum, red)
		}
		flipped, _ := EvalReport(p.ColourFlipped())
		for i, term := range terms {
			if f := flipped[i]; f.Name != term.Name || f.MG != -term.MG || f.EG != -term.EG {
				t.Errorf("%s: term %s is %d/%d, flipped %d/%d", p.FEN(), term.Name, term.MG, term.EG, f.MG, f.EG)
			}
		}
	}
}
