package texel

import (
	"errors"
	"math"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// gamePositions returns positions (no checks) from the test games with
// their results.
func gamePositions(t testing.TB, maxGames int) ([]*engine.Position, []float64) {
	t.Helper()
	games, _, err := pgn.ReadFile("../data/testdata/master24.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var pos []*engine.Position
	var res []float64
	for _, g := range games[:min(maxGames, len(games))] {
		r := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g.Result]
		p, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Moves {
			p.PlayGameMove(m)
			if !p.InCheck() {
				q, _ := engine.NewPosition(p.FEN())
				pos = append(pos, q)
				res = append(res, r)
			}
		}
	}
	return pos, res
}

func testDataset(t testing.TB, maxGames int) *Dataset {
	t.Helper()
	pos, res := gamePositions(t, maxGames)
	d := NewDataset(engine.NumEvalParams)
	for i, p := range pos {
		if err := d.AddPosition(p, res[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func TestModelMatchesEvaluate(t *testing.T) {
	pos, _ := gamePositions(t, 8)
	x := DefaultParams()
	d := NewDataset(engine.NumEvalParams)
	for i, p := range pos {
		if err := d.AddPosition(p, 0.5, nil); err != nil {
			t.Fatal(err)
		}
		want := float64(p.Evaluate())
		if p.SideToMove() == engine.Black {
			want = -want
		}
		if got := d.Eval(x, i); math.Abs(got-want) > 2 {
			t.Fatalf("%s: model %.2f, Evaluate %v (Red's view)", p.FEN(), got, want)
		}
	}
}

func TestAddFeaturesErrors(t *testing.T) {
	d := NewDataset(3)
	cases := []struct {
		coef   []int32
		phase  int
		result float64
		want   error
	}{
		{[]int32{1, 2}, 0, 1, ErrFeatures},
		{[]int32{1, 2, 3}, -1, 1, ErrPhase},
		{[]int32{1, 2, 3}, engine.MaxPhase + 1, 1, ErrPhase},
		{[]int32{1, 2, 3}, 0, 1.5, ErrResult},
		{[]int32{1, 2, 3}, 0, math.NaN(), ErrResult},
		{[]int32{1, 1 << 15, 3}, 0, 1, ErrCoefficient},
	}
	for _, c := range cases {
		if err := d.AddFeatures(c.coef, c.phase, c.result); !errors.Is(err, c.want) {
			t.Errorf("%v phase %d result %v: %v, want %v", c.coef, c.phase, c.result, err, c.want)
		}
	}
	if d.Len() != 0 || len(d.idx) != 0 {
		t.Errorf("rejected positions left %d entries, %d features", d.Len(), len(d.idx))
	}
	if err := d.AddFeatures([]int32{2, 0, -3}, 10, 1); err != nil {
		t.Fatal(err)
	}
	o := NewDataset(3)
	if err := o.AddFeatures([]int32{0, 1, 0}, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.Append(o); err != nil {
		t.Fatal(err)
	}
	occ := d.Occurrences()
	if d.Len() != 2 || occ[0] != 2 || occ[1] != 1 || occ[2] != 3 {
		t.Errorf("len %d, occurrences %v", d.Len(), occ)
	}
	if x := (Params{1, 1, 5, 7, 1, 1}); d.Eval(x, 1) != 7 {
		t.Errorf("appended position evaluates to %v, want 7 (end game)", d.Eval(x, 1))
	}
	if err := d.Append(NewDataset(4)); !errors.Is(err, ErrFeatures) {
		t.Errorf("appending a dataset of other weights: %v", err)
	}
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	d := testDataset(t, 3)
	x := DefaultParams()
	k := 0.01
	grad := make([]float64, len(x))
	loss := d.Gradient(x, k, grad, 2)
	if l := d.Loss(x, k, 1); math.Abs(l-loss) > 1e-12 {
		t.Fatalf("Loss %v, Gradient's loss %v", l, loss)
	}
	occ := d.Occurrences()
	checked := 0
	for i := 0; i < len(x) && checked < 40; i++ {
		if occ[i/2] == 0 {
			if grad[i] != 0 {
				t.Errorf("weight %d never occurs but has gradient %v", i, grad[i])
			}
			continue
		}
		const h = 1e-3
		xp, xm := x.Clone(), x.Clone()
		xp[i] += h
		xm[i] -= h
		num := (d.Loss(xp, k, 1) - d.Loss(xm, k, 1)) / (2 * h)
		if math.Abs(num-grad[i]) > 1e-7+1e-4*math.Abs(num) {
			t.Errorf("weight %d: gradient %g, finite difference %g", i, grad[i], num)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d weights checked", checked)
	}
	if NewDataset(3).Loss(Params{0, 0, 0, 0, 0, 0}, 1, 0) != 0 {
		t.Error("empty dataset has a loss")
	}
	if !math.IsNaN(d.Loss(x[:4], k, 1)) || !math.IsNaN(d.Gradient(x, k, grad[:3], 1)) {
		t.Error("weights or gradient of the wrong length gave a loss")
	}
	if !math.IsNaN(d.Eval(x, -1)) || !math.IsNaN(d.Eval(x, d.Len())) || !math.IsNaN(d.Eval(x[:2], 0)) {
		t.Error("Eval accepted a bad index or weights")
	}
}

func TestFitKFindsTheMinimum(t *testing.T) {
	d := testDataset(t, 6)
	x := DefaultParams()
	k := FitK(d, x, 2)
	if !(k > 1e-4 && k < 0.5) {
		t.Fatalf("K = %v", k)
	}
	best := d.Loss(x, k, 2)
	for _, f := range []float64{0.5, 0.8, 0.95, 1.05, 1.25, 2} {
		if l := d.Loss(x, k*f, 2); l < best-1e-12 {
			t.Errorf("loss %v at %v·K beats %v at K", l, f, best)
		}
	}
}
