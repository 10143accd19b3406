package spsa

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// simulated returns a Match whose engines play better the closer their
// values are to best: the win probability of θ+ is logistic in the
// difference of squared (range-scaled) distances.
func simulated(best []float64, ranges []float64, seed uint64) Match {
	rng := rand.New(rand.NewPCG(seed, 1))
	dist := func(v []int) float64 {
		s := 0.0
		for i, x := range v {
			d := (float64(x) - best[i]) / ranges[i]
			s += d * d
		}
		return s
	}
	return func(_ context.Context, _ int, plus, minus []int) (Outcome, error) {
		p := 1 / (1 + math.Exp(-8*(dist(minus)-dist(plus))))
		var o Outcome
		for g := 0; g < 2; g++ {
			u := rng.Float64()
			switch {
			case u < 0.3: // draws, whoever is better
				o.Draws++
			case u < 0.3+0.7*p:
				o.Wins++
			default:
				o.Losses++
			}
		}
		return o, nil
	}
}

func TestRunApproachesTheOptimum(t *testing.T) {
	params := []Param{
		{Name: "margin", Value: 150, Min: 30, Max: 300, CEnd: 8, REnd: 0.02},
		{Name: "depth", Value: 3, Min: 1, Max: 12, CEnd: 1, REnd: 0.02},
	}
	best := []float64{90, 8}
	ranges := []float64{270, 11}
	steps := 0
	res, err := Run(context.Background(), Config{Params: params, Iterations: 1500, Seed: 7,
		OnIteration: func(Step) { steps++ }}, simulated(best, ranges, 3))
	if err != nil {
		t.Fatal(err)
	}
	if steps != 1500 || len(res.Steps) != 1500 {
		t.Fatalf("%d callbacks, %d steps", steps, len(res.Steps))
	}
	for i, p := range params {
		start := math.Abs(p.Value - best[i])
		end := math.Abs(res.Theta[i] - best[i])
		if !(end < start/2) {
			t.Errorf("%s: distance to the optimum %v at the start, %v at the end (θ = %v)", p.Name, start, end, res.Theta[i])
		}
	}
	tot := res.Total
	if tot.Wins+tot.Draws+tot.Losses != 3000 {
		t.Errorf("total %+v", tot)
	}
}

func TestRunKeepsValuesInRangeAndIsReproducible(t *testing.T) {
	params := []Param{{Name: "x", Value: 1, Min: 0, Max: 3, CEnd: 2, REnd: 1}}
	always := func(_ context.Context, _ int, plus, minus []int) (Outcome, error) {
		for _, v := range append(append([]int{}, plus...), minus...) {
			if v < 0 || v > 3 {
				return Outcome{}, errors.New("value out of range")
			}
		}
		return Outcome{Wins: 2}, nil
	}
	a, err := Run(context.Background(), Config{Params: params, Iterations: 50, Seed: 1}, always)
	if err != nil {
		t.Fatal(err)
	}
	if a.Theta[0] < 0 || a.Theta[0] > 3 || a.Rounded[0] != int(math.Round(a.Theta[0])) {
		t.Errorf("theta %v rounded %v", a.Theta, a.Rounded)
	}
	b, _ := Run(context.Background(), Config{Params: params, Iterations: 50, Seed: 1}, always)
	for i := range a.Steps {
		if a.Steps[i].Plus[0] != b.Steps[i].Plus[0] || a.Steps[i].Theta[0] != b.Steps[i].Theta[0] {
			t.Fatalf("step %d differs between equal seeds", i)
		}
	}
}

func TestRunStopsOnErrorsAndCancel(t *testing.T) {
	params := []Param{{Name: "x", Value: 5, Min: 0, Max: 10}}
	boom := errors.New("engine crashed")
	calls := 0
	failing := func(_ context.Context, k int, _, _ []int) (Outcome, error) {
		calls++
		if k == 3 {
			return Outcome{}, boom
		}
		return Outcome{Draws: 2}, nil
	}
	res, err := Run(context.Background(), Config{Params: params, Iterations: 10}, failing)
	if !errors.Is(err, boom) || calls != 3 || len(res.Steps) != 2 || res.Rounded[0] != 5 {
		t.Errorf("err %v, %d calls, %d steps, value %v", err, calls, len(res.Steps), res.Rounded)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := Run(ctx, Config{Params: params, Iterations: 10}, failing); !errors.Is(err, context.Canceled) || len(res.Steps) != 0 {
		t.Errorf("cancelled: %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	ok := Param{Name: "x", Value: 5, Min: 0, Max: 10}
	for name, cfg := range map[string]Config{
		"no params":     {Iterations: 5},
		"no iterations": {Params: []Param{ok}},
		"out of range":  {Params: []Param{{Name: "x", Value: 11, Min: 0, Max: 10}}, Iterations: 5},
		"inverted":      {Params: []Param{{Name: "x", Value: 5, Min: 10, Max: 0}}, Iterations: 5},
		"NaN":           {Params: []Param{{Name: "x", Value: math.NaN(), Min: 0, Max: 10}}, Iterations: 5},
		"negative c":    {Params: []Param{{Name: "x", Value: 5, Min: 0, Max: 10, CEnd: -1}}, Iterations: 5},
	} {
		if _, err := Run(context.Background(), cfg, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
