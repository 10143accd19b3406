package engine

import (
	"testing"

	"github.com/goxq/ucci/engine/nnue"
)

// extremeNet returns a net whose output is far beyond the evaluation bound
// for a full board: every activation saturated, every output weight at the
// largest value a net file may hold (sign 1 or -1).
func extremeNet(sign int16) *nnue.Net {
	n := nnue.NewNet(nnue.ArchPlain)
	for i := range n.FeatureBias {
		n.FeatureBias[i] = nnue.QA
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = 127 * sign
		}
	}
	return n
}

// TestStaticEvalIsTheSearchs: StaticEval gives the value the search's own
// evaluation gives at the root, at every knowledge level, with the
// classical evaluation, the embedded net and nets whose output exceeds the
// bound (clamped to ±MaxEval).
func TestStaticEvalIsTheSearchs(t *testing.T) {
	embedded, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	nets := []*nnue.Net{nil, embedded, extremeNet(1), extremeNet(-1)}
	fens := []string{
		StartFEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1",
		"4ka3/4a4/N8/p8/C8/9/9/8B/3p2ppc/4K4 w - - 0 1",
	}
	clamped := 0
	for _, fen := range fens {
		pos, err := NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, net := range nets {
			for _, k := range []Level{LevelNone, LevelSmall, LevelMedium, LevelLarge} {
				st := DefaultSettings()
				st.Net, st.Knowledge = net, k
				s := NewSearcher(1)
				s.Configure(st)
				w := s.workers[0]
				w.prepare(pos, nil)
				want := w.evaluate(0)
				if got := StaticEval(pos, st); got != want {
					t.Errorf("%s, knowledge %v, net %p: StaticEval %d, the search's evaluation %d", fen, k, net, got, want)
				}
				if want == MaxEval || want == -MaxEval {
					clamped++
				}
			}
		}
	}
	if clamped == 0 {
		t.Error("no evaluation reached the bound: the extreme nets test nothing")
	}
}
