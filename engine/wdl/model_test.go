package wdl

import (
	"testing"

	"github.com/goxq/ucci/engine"
)

// TestFittedModel checks the generated model over its whole domain: the
// three numbers are per mille and add up to 1000; the win chance never
// falls and the loss chance never rises as the score grows; the score −s
// gives the mirror image of s; mates and rule results are certain; a level
// score is as likely won as lost, and a big edge is mostly won.
func TestFittedModel(t *testing.T) {
	md := &Fitted
	if md.MaterialMin < 0 || md.MaterialMin >= md.MaterialMax || md.MaterialMax > StartMaterial {
		t.Fatalf("material range %d..%d", md.MaterialMin, md.MaterialMax)
	}
	for m := 0; m <= StartMaterial; m++ {
		if a, b := md.Params(m); !(a > 0) || !(b > 0) {
			t.Fatalf("material %d: a %.1f, b %.1f", m, a, b)
		}
		prevW, prevL := -1, 1001
		for s := -3000; s <= 3000; s++ {
			w, d, l := md.PerMille(s, m)
			if w < 0 || d < 0 || l < 0 || w+d+l != 1000 {
				t.Fatalf("score %d material %d: wdl %d %d %d", s, m, w, d, l)
			}
			if w < prevW || l > prevL {
				t.Fatalf("score %d material %d: wdl %d %d %d after win %d loss %d", s, m, w, d, l, prevW, prevL)
			}
			prevW, prevL = w, l
			if w2, d2, l2 := md.PerMille(-s, m); w2 != l || d2 != d || l2 != w {
				t.Fatalf("material %d: score %d gives %d %d %d, score %d %d %d %d", m, s, w, d, l, -s, w2, d2, l2)
			}
		}
		if w, _, l := md.PerMille(0, m); w != l {
			t.Errorf("material %d: level score gives win %d, loss %d", m, w, l)
		}
		if w, _, _ := md.PerMille(1000, m); w < 900 {
			t.Errorf("material %d: +1000 cp wins only %d per mille", m, w)
		}
	}
	for _, s := range []int{engine.ScoreMate - 1, engine.ScoreMate - 40, engine.ScoreRuleWin - 3, engine.ScoreDecisive} {
		if w, d, l := md.PerMille(s, 50); w != 1000 || d != 0 || l != 0 {
			t.Errorf("score %d: wdl %d %d %d, want 1000 0 0", s, w, d, l)
		}
		if w, d, l := md.PerMille(-s, 50); w != 0 || d != 0 || l != 1000 {
			t.Errorf("score %d: wdl %d %d %d, want 0 0 1000", -s, w, d, l)
		}
	}
}

// TestMaterial: the start position counts StartMaterial; a bare-kings
// position counts nothing; a chariot and a soldier count 10.
func TestMaterial(t *testing.T) {
	if m := Material(engine.StartPosition()); m != StartMaterial || StartMaterial != 98 {
		t.Errorf("start position: %d, want %d", m, StartMaterial)
	}
	for fen, want := range map[string]int{
		"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1":         0,
		"3k5/9/9/9/9/4P4/9/9/9/R3K4 w - - 0 1":      10,
		"3ak4/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1":      4,
		"2bak4/9/4b4/9/9/9/9/2C6/9/3K1N3 w - - 0 1": 5 + 4 + 2*2 + 2,
	} {
		p, err := engine.NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		if m := Material(p); m != want {
			t.Errorf("%s: material %d, want %d", fen, m, want)
		}
	}
}

// TestParamsClamp: material outside the model's range is clamped.
func TestParamsClamp(t *testing.T) {
	md := &Model{A: [Degree + 1]float64{10, 100}, B: [Degree + 1]float64{50, 0, 0, 30}, MaterialMin: 20, MaterialMax: 90}
	for _, c := range [][2]int{{0, 20}, {19, 20}, {20, 20}, {55, 55}, {90, 90}, {98, 90}} {
		a, b := md.Params(c[0])
		wa, wb := md.Params(c[1])
		if a != wa || b != wb {
			t.Errorf("material %d: a %v b %v, want those of %d (%v %v)", c[0], a, b, c[1], wa, wb)
		}
	}
	x := 55.0 / StartMaterial
	if a, b := md.Params(55); a != 10+100*x || b != 50+30*x*x*x {
		t.Errorf("material 55: a %v b %v", a, b)
	}
}
