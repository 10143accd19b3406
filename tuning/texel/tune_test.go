package texel

import (
	"math"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestTuneLowersLossAndKeepsConstraints(t *testing.T) {
	d := testDataset(t, 12)
	valid := testDataset(t, 2)
	x0 := DefaultParams()
	l := EngineLayout()
	frozen, _ := l.Mask([]string{"tempo"})
	positive := make([]bool, len(frozen))
	for i := 2; i < engine.NumPieceTypes; i++ {
		positive[i] = true
	}
	k := FitK(d, x0, 2)
	calls := 0
	x, hist, err := Tune(d, valid, x0, Config{K: k, Epochs: 40, LearningRate: 3, Frozen: frozen,
		Positive: positive, Workers: 2, ValidEvery: 10, OnEpoch: func(Point) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 41 || calls != 41 || hist[0].Epoch != 0 || hist[40].Epoch != 40 {
		t.Fatalf("history of %d points, %d calls", len(hist), calls)
	}
	if !(hist[40].Train < hist[0].Train*0.9) {
		t.Errorf("training loss %v -> %v", hist[0].Train, hist[40].Train)
	}
	if math.IsNaN(hist[10].Valid) || !math.IsNaN(hist[11].Valid) || math.IsNaN(hist[40].Valid) {
		t.Errorf("validation loss at epochs 10, 11, 40: %v %v %v", hist[10].Valid, hist[11].Valid, hist[40].Valid)
	}
	if got := d.Loss(x, k, 2); math.Abs(got-hist[40].Train) > 1e-12 {
		t.Errorf("returned weights have loss %v, history says %v", got, hist[40].Train)
	}
	occ := d.Occurrences()
	for i := range frozen {
		if (frozen[i] || occ[i] == 0) && (x[2*i] != x0[2*i] || x[2*i+1] != x0[2*i+1]) {
			t.Errorf("weight %s moved (frozen %v, occurrences %v)", l.Names[i], frozen[i], occ[i])
		}
		if positive[i] && (x[2*i] < 1 || x[2*i+1] < 1) {
			t.Errorf("material %s went to %v/%v", l.Names[i], x[2*i], x[2*i+1])
		}
	}
}

func TestTuneLambdaHoldsWeights(t *testing.T) {
	d := testDataset(t, 4)
	x0 := DefaultParams()
	k := FitK(d, x0, 1)
	dist := func(lambda float64) float64 {
		x, _, err := Tune(d, nil, x0, Config{K: k, Epochs: 30, LearningRate: 2, Lambda: lambda, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := 0.0
		for i := range x {
			s += (x[i] - x0[i]) * (x[i] - x0[i])
		}
		return s
	}
	if free, held := dist(0), dist(1e-3); !(held < free/4) {
		t.Errorf("squared distance with lambda %v, without %v", held, free)
	}
}

func TestTuneErrors(t *testing.T) {
	d := testDataset(t, 1)
	x0 := DefaultParams()
	for name, c := range map[string]struct {
		d   *Dataset
		x   Params
		cfg Config
	}{
		"short start": {d, x0[:10], Config{K: 0.01}},
		"zero K":      {d, x0, Config{}},
		"NaN K":       {d, x0, Config{K: math.NaN()}},
		"bad mask":    {d, x0, Config{K: 0.01, Frozen: []bool{true}}},
		"empty":       {NewDataset(engine.NumEvalParams), x0, Config{K: 0.01}},
	} {
		if _, _, err := Tune(c.d, nil, c.x, c.cfg); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestNormalizeKeepsEvaluations(t *testing.T) {
	d := testDataset(t, 10)
	l := EngineLayout()
	x := DefaultParams()
	material, tables, _ := l.PieceTables()
	// Shift the horse table up by 40 and the rook table down by 25: the
	// normalisation must move such shifts into material.
	for i := 0; i < tables[engine.Horse].Size; i++ {
		x[2*(tables[engine.Horse].Start+i)] += 40
		x[2*(tables[engine.Rook].Start+i)+1] -= 25
	}
	y := x.Clone()
	occ := d.Occurrences()
	Normalize(y, l, occ, nil)
	for i := 0; i < d.Len(); i++ {
		if a, b := d.Eval(x, i), d.Eval(y, i); math.Abs(a-b) > 1e-9 {
			t.Fatalf("position %d: %v before, %v after", i, a, b)
		}
	}
	for _, tp := range []engine.PieceType{engine.Horse, engine.Rook, engine.Cannon, engine.Pawn} {
		g := tables[tp]
		var s [2]float64
		tot := 0.0
		for i := g.Start; i < g.Start+g.Size; i++ {
			s[0] += occ[i] * y[2*i]
			s[1] += occ[i] * y[2*i+1]
			tot += occ[i]
		}
		if math.Abs(s[0]/tot) > 1e-9 || math.Abs(s[1]/tot) > 1e-9 {
			t.Errorf("%s table mean %v/%v after normalising", g.Title, s[0]/tot, s[1]/tot)
		}
	}
	if h := material.Start + int(engine.Horse); y[2*h] < x[2*h]+30 {
		t.Errorf("horse material %v, was %v before the +40 shift was moved", y[2*h], x[2*h])
	}
	if k := material.Start + int(engine.King); y[2*k] != x[2*k] {
		t.Error("king material moved")
	}
	w := x.Clone()
	Normalize(w, l, occ[:5], nil)
	Normalize(w[:6], l, occ, nil)
	if w[2*int(engine.Horse)] != x[2*int(engine.Horse)] {
		t.Error("mismatched arguments changed the weights")
	}
	frozen, _ := l.Mask([]string{"Horse"})
	z := x.Clone()
	Normalize(z, l, occ, frozen)
	if h := material.Start + int(engine.Horse); z[2*h] != x[2*h] {
		t.Error("frozen horse table was normalised")
	}
}
