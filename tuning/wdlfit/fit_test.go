package wdlfit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine/wdl"
)

// truth is the model the synthetic samples are drawn from: fewer draws
// and a steeper curve as material comes off.
var truth = wdl.Model{A: [4]float64{40, 60, 80, 0}, B: [4]float64{60, 50, 0, 0}, MaterialMin: 10, MaterialMax: wdl.StartMaterial}

// synthetic draws n samples from md at random scores and materials, in
// games of 20 positions.
func synthetic(md *wdl.Model, n int, seed uint64) *Set {
	rng := rand.New(rand.NewPCG(seed, 7))
	set := &Set{Depth: 1, Sources: []SourceInfo{{Name: "synthetic", Games: n / 20, Used: n / 20}}}
	for i := range n {
		m := 10 + rng.IntN(wdl.StartMaterial-9)
		s := int(rng.NormFloat64() * 250)
		w, d, _ := md.Probabilities(s, m)
		res := Loss
		switch u := rng.Float64(); {
		case u < w:
			res = Win
		case u < w+d:
			res = Draw
		}
		set.Samples = append(set.Samples, Sample{Game: i / 20, Ply: i % 20, Score: s, Material: m, Result: res})
	}
	return set
}

// TestFitRecoversModel: fitted to samples drawn from a known model, the fit
// finds a and b close to the truth over the material range, its log-loss is
// close to the truth's and well below the frequencies alone.
func TestFitRecoversModel(t *testing.T) {
	// -short (the race run of make test) fits a quarter of the samples,
	// with tolerances twice as wide.
	n, tol := 60000, 1.0
	if testing.Short() {
		n, tol = 15000, 2
	}
	set := synthetic(&truth, n, 1)
	res, err := Fit(set, DefaultFitOptions())
	if err != nil {
		t.Fatal(err)
	}
	md := res.Model
	if md.MaterialMin < 10 || md.MaterialMin > 12 || md.MaterialMax != wdl.StartMaterial {
		t.Errorf("material range %d..%d", md.MaterialMin, md.MaterialMax)
	}
	for m := 15; m <= wdl.StartMaterial; m += 10 {
		a, b := md.Params(m)
		ta, tb := truth.Params(m)
		if math.Abs(a-ta) > 8*tol || math.Abs(b-tb) > 6*tol {
			t.Errorf("material %d: a %.1f b %.1f, truth %.1f %.1f", m, a, b, ta, tb)
		}
	}
	var trueLoss float64
	var valid []Sample
	for _, x := range set.Samples {
		if heldOut(x.Source, x.Game, 0.1, 1) {
			valid = append(valid, x)
		}
	}
	trueLoss = evaluate(&truth, valid, frequencies(valid)).LogLoss
	if res.Valid.Samples != len(valid) || res.Train.Samples+res.Valid.Samples != len(set.Samples) {
		t.Errorf("split %d + %d of %d, %d held out", res.Train.Samples, res.Valid.Samples, len(set.Samples), len(valid))
	}
	if res.Valid.LogLoss > trueLoss+0.005*tol {
		t.Errorf("validation log-loss %.4f, the true model's %.4f", res.Valid.LogLoss, trueLoss)
	}
	if res.Train.LogLoss > res.Train.Baseline-0.2 {
		t.Errorf("log-loss %.4f hardly below the frequencies' %.4f", res.Train.LogLoss, res.Train.Baseline)
	}
	if len(res.BySource) != 1 || res.BySource[0] != res.Valid {
		t.Errorf("by source %+v, validation %+v", res.BySource, res.Valid)
	}
}

// TestFitRejects: no samples or too few are an error rather than a model.
func TestFitRejects(t *testing.T) {
	if _, err := Fit(&Set{}, DefaultFitOptions()); err == nil {
		t.Error("an empty set fitted")
	}
	if _, err := Fit(synthetic(&truth, 50, 1), DefaultFitOptions()); err == nil {
		t.Error("50 samples fitted")
	}
}

// TestGradient: the analytic gradient of the objective matches central
// differences of its value.
func TestGradient(t *testing.T) {
	set := synthetic(&truth, 2000, 2)
	md := wdl.Model{MaterialMin: 10, MaterialMax: wdl.StartMaterial}
	o := newObjective(set.Samples, &md)
	x := []float64{0.5, 0.4, 0.3, 0.1, 0.8, 0.3, -0.1, 0.05}
	g := make([]float64, len(x))
	o.gradient(g, x)
	for i := range x {
		const h = 1e-6
		keep := x[i]
		x[i] = keep + h
		fp := o.value(x)
		x[i] = keep - h
		fm := o.value(x)
		x[i] = keep
		if num := (fp - fm) / (2 * h); math.Abs(num-g[i]) > 1e-6*max(1, math.Abs(num)) {
			t.Errorf("d/dx%d: analytic %.8f, numeric %.8f", i, g[i], num)
		}
	}
	if v := o.value([]float64{-1, 0, 0, 0, 1, 0, 0, 0}); !math.IsInf(v, 1) {
		t.Errorf("negative a gives %v, want +Inf", v)
	}
}

// TestMinimize: the damped Newton method finds the minimum of the
// Rosenbrock function from the usual start.
func TestMinimize(t *testing.T) {
	f := func(x []float64) float64 { return 100*math.Pow(x[1]-x[0]*x[0], 2) + math.Pow(1-x[0], 2) }
	grad := func(g, x []float64) {
		g[0] = -400*x[0]*(x[1]-x[0]*x[0]) - 2*(1-x[0])
		g[1] = 200 * (x[1] - x[0]*x[0])
	}
	x, iters, err := minimize(f, grad, []float64{-1.2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(x[0]-1) > 1e-5 || math.Abs(x[1]-1) > 1e-5 {
		t.Errorf("minimum at %v after %d iterations, want (1, 1)", x, iters)
	}
	inf := func([]float64) float64 { return math.Inf(1) }
	if _, _, err := minimize(inf, grad, []float64{0, 0}); err == nil {
		t.Error("an infinite start accepted")
	}
}

// TestCheckModel: a model whose a is not positive or whose spread b falls
// below minSpread anywhere in its material range is rejected.
func TestCheckModel(t *testing.T) {
	ok := wdl.Model{A: [4]float64{50, 50}, B: [4]float64{60, 40}, MaterialMin: 10, MaterialMax: 98}
	if err := checkModel(&ok); err != nil {
		t.Errorf("a valid model: %v", err)
	}
	for _, md := range []wdl.Model{
		{A: [4]float64{-20, 50}, B: [4]float64{60}, MaterialMin: 10, MaterialMax: 98},   // a < 0 at low material
		{A: [4]float64{50}, B: [4]float64{200, -200}, MaterialMin: 10, MaterialMax: 98}, // b near 0 at full material
	} {
		if err := checkModel(&md); err == nil {
			t.Errorf("model %+v accepted", md)
		}
	}
}
