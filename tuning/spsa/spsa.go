package spsa

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Param is one tuned parameter.
type Param struct {
	Name string
	// Value is the start value; Min and Max bound every value played.
	Value, Min, Max float64
	// CEnd is the perturbation at the last iteration (default a
	// twentieth of the range, at least 1).
	CEnd float64
	// REnd is the learning rate at the last iteration (default 0.002).
	REnd float64
}

// Outcome is a mini-match from the first (θ+) engine's view.
type Outcome struct{ Wins, Draws, Losses int }

// Match plays the θ+ values against the θ− values (rounded, in the order
// of the parameters) and returns the outcome for θ+.
type Match func(ctx context.Context, iter int, plus, minus []int) (Outcome, error)

// Config configures Run.
type Config struct {
	Params     []Param
	Iterations int
	// A is the stability constant (default a tenth of Iterations);
	// Alpha and Gamma the decay exponents (default 0.602 and 0.101).
	A, Alpha, Gamma float64
	// Seed makes the perturbations reproducible.
	Seed uint64
	// OnIteration, if set, is called after each iteration.
	OnIteration func(Step)
}

// Step records one iteration.
type Step struct {
	Iter        int
	Plus, Minus []int
	Outcome     Outcome
	// Theta is the parameter vector after the update.
	Theta []float64
}

// Result is the outcome of a run.
type Result struct {
	// Theta holds the final values, Rounded the same rounded and clamped.
	Theta   []float64
	Rounded []int
	Steps   []Step
	// Total sums the outcomes of all mini-matches (θ+ view).
	Total Outcome
}

// Run performs the iterations, stopping early with the result so far when
// ctx is cancelled (the error is then ctx.Err()).
func Run(ctx context.Context, cfg Config, play Match) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	n := float64(cfg.Iterations)
	bigA := cfg.A
	if bigA <= 0 {
		bigA = n / 10
	}
	alpha, gamma := orDefault(cfg.Alpha, 0.602), orDefault(cfg.Gamma, 0.101)
	ps := make([]Param, len(cfg.Params))
	theta := make([]float64, len(ps))
	c, a := make([]float64, len(ps)), make([]float64, len(ps))
	for i, p := range cfg.Params {
		if p.CEnd <= 0 {
			p.CEnd = max((p.Max-p.Min)/20, 1)
		}
		if p.REnd <= 0 {
			p.REnd = 0.002
		}
		ps[i] = p
		theta[i] = p.Value
		c[i] = p.CEnd * math.Pow(n, gamma)
		a[i] = p.REnd * p.CEnd * p.CEnd * math.Pow(bigA+n, alpha)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5e5a))
	res := &Result{}
	for k := 1; k <= cfg.Iterations; k++ {
		if err := ctx.Err(); err != nil {
			res.finish(theta, ps)
			return res, err
		}
		delta := make([]float64, len(ps))
		plus, minus := make([]int, len(ps)), make([]int, len(ps))
		ck := make([]float64, len(ps))
		for i, p := range ps {
			delta[i] = 1
			if rng.IntN(2) == 0 {
				delta[i] = -1
			}
			ck[i] = c[i] / math.Pow(float64(k), gamma)
			plus[i] = clampRound(theta[i]+ck[i]*delta[i], p)
			minus[i] = clampRound(theta[i]-ck[i]*delta[i], p)
		}
		out, err := play(ctx, k, plus, minus)
		if err != nil {
			res.finish(theta, ps)
			return res, fmt.Errorf("iteration %d: %w", k, err)
		}
		r := float64(out.Wins - out.Losses)
		for i, p := range ps {
			ak := a[i] / math.Pow(bigA+float64(k), alpha)
			theta[i] = math.Min(math.Max(theta[i]+ak*r*delta[i]/ck[i], p.Min), p.Max)
		}
		res.Total.Wins += out.Wins
		res.Total.Draws += out.Draws
		res.Total.Losses += out.Losses
		st := Step{Iter: k, Plus: plus, Minus: minus, Outcome: out, Theta: append([]float64(nil), theta...)}
		res.Steps = append(res.Steps, st)
		if cfg.OnIteration != nil {
			cfg.OnIteration(st)
		}
	}
	res.finish(theta, ps)
	return res, nil
}

// finish fills in the final values.
func (r *Result) finish(theta []float64, ps []Param) {
	r.Theta = append([]float64(nil), theta...)
	r.Rounded = make([]int, len(ps))
	for i, p := range ps {
		r.Rounded[i] = clampRound(theta[i], p)
	}
}

// check validates the configuration.
func (c *Config) check() error {
	if len(c.Params) == 0 {
		return errors.New("spsa: no parameters")
	}
	if c.Iterations <= 0 {
		return errors.New("spsa: iterations must be positive")
	}
	for _, p := range c.Params {
		bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
		if bad(p.Value) || bad(p.Min) || bad(p.Max) || bad(p.CEnd) || bad(p.REnd) || p.Min > p.Max ||
			p.Value < p.Min || p.Value > p.Max || p.CEnd < 0 || p.REnd < 0 {
			return fmt.Errorf("spsa: parameter %q: bad value, range or rates", p.Name)
		}
	}
	return nil
}

// clampRound rounds v into p's range.
func clampRound(v float64, p Param) int {
	return int(math.Round(math.Min(math.Max(v, p.Min), p.Max)))
}

func orDefault(v, d float64) float64 {
	if v <= 0 {
		return d
	}
	return v
}
