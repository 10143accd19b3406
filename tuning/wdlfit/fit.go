package wdlfit

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/goxq/ucci/engine/wdl"
)

// FitOptions configures Fit.
type FitOptions struct {
	// Valid is the share of games held out to validate the fit.
	Valid float64
	// Seed chooses the held-out games.
	Seed uint64
	// MaterialQuantile sets the model's lowest material: the material that
	// this share of the samples lies below (their material is clamped to
	// it, in the fit and in use).
	MaterialQuantile float64
}

// DefaultFitOptions holds out a tenth of the games and clamps the lowest
// half per cent of the material.
func DefaultFitOptions() FitOptions {
	return FitOptions{Valid: 0.1, Seed: 1, MaterialQuantile: 0.005}
}

// Figures are the fit's quality on some samples.
type Figures struct {
	Samples int
	// LogLoss is the mean negative log-likelihood of the outcomes under
	// the model, in nats per sample.
	LogLoss float64
	// Baseline is the log-loss of predicting the outcome frequencies of
	// the training samples for every position, whatever the score.
	Baseline float64
	// Wins, Draws, Losses count the outcomes.
	Wins, Draws, Losses int
}

// FitResult is a fitted model and its figures.
type FitResult struct {
	Model        wdl.Model
	Train, Valid Figures
	// BySource is the validation loss of each source of the set.
	BySource []Figures
	// Iterations of the optimiser (damped Newton steps).
	Iterations int
}

// Fit finds the model's coefficients by maximum likelihood on the samples
// of the games that are not held out.
func Fit(set *Set, opt FitOptions) (*FitResult, error) {
	if len(set.Samples) == 0 {
		return nil, errors.New("wdl: no samples to fit")
	}
	var train, valid []Sample
	for _, x := range set.Samples {
		if heldOut(x.Source, x.Game, opt.Valid, opt.Seed) {
			valid = append(valid, x)
		} else {
			train = append(train, x)
		}
	}
	if len(train) < 100 {
		return nil, fmt.Errorf("wdl: only %d training samples", len(train))
	}
	md := wdl.Model{MaterialMin: materialQuantile(train, opt.MaterialQuantile), MaterialMax: wdl.StartMaterial}
	obj := newObjective(train, &md)
	x, iterations, err := minimize(obj.value, obj.gradient, obj.start())
	if err != nil {
		return nil, fmt.Errorf("wdl: fit: %w", err)
	}
	obj.setModel(x)
	if err := checkModel(&md); err != nil {
		return nil, err
	}
	freq := frequencies(train)
	out := &FitResult{Model: md, Train: evaluate(&md, train, freq), Valid: evaluate(&md, valid, freq),
		Iterations: iterations}
	for src := range set.Sources {
		var xs []Sample
		for _, x := range valid {
			if x.Source == src {
				xs = append(xs, x)
			}
		}
		out.BySource = append(out.BySource, evaluate(&md, xs, freq))
	}
	return out, nil
}

// heldOut tells whether a game belongs to the validation share, by a hash
// of its source and number.
func heldOut(source, game int, frac float64, seed uint64) bool {
	if frac <= 0 {
		return false
	}
	h := uint64(game) ^ uint64(source)<<40 ^ seed*0x9e3779b97f4a7c15
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return float64(h>>11)/(1<<53) < frac
}

// materialQuantile returns the material below which a share q of the
// samples lies.
func materialQuantile(xs []Sample, q float64) int {
	m := make([]int, len(xs))
	for i, x := range xs {
		m[i] = x.Material
	}
	slices.Sort(m)
	return m[min(int(q*float64(len(m))), len(m)-1)]
}

// minSpread is the smallest b (centipawns) a model may have: below it a
// few centipawns would decide between a sure win and a sure draw, which
// only too little data makes a fit claim.
const minSpread = 5

// checkModel rejects a model that is not a valid distribution over its
// material range (a must be positive) or whose spread b falls below
// minSpread somewhere.
func checkModel(md *wdl.Model) error {
	for m := md.MaterialMin; m <= md.MaterialMax; m++ {
		if a, b := md.Params(m); !(a > 0) || !(b >= minSpread) {
			return fmt.Errorf("wdl: the fit gives a(%d) = %.1f cp, b(%d) = %.1f cp; a must be positive and b at least %d cp (more data?)", m, a, m, b, minSpread)
		}
	}
	return nil
}

// frequencies returns the outcome shares of the samples.
func frequencies(xs []Sample) [3]float64 {
	var n [3]float64
	for _, x := range xs {
		n[x.Result]++
	}
	for i := range n {
		n[i] /= float64(len(xs))
	}
	return n
}

// evaluate measures the model and the constant-frequency baseline on xs.
func evaluate(md *wdl.Model, xs []Sample, freq [3]float64) Figures {
	l := Figures{Samples: len(xs)}
	if len(xs) == 0 {
		return l
	}
	for _, x := range xs {
		w, d, ls := md.Probabilities(x.Score, x.Material)
		p := [3]float64{ls, d, w}[x.Result]
		l.LogLoss -= math.Log(max(p, 1e-15))
		l.Baseline -= math.Log(max(freq[x.Result], 1e-15))
		switch x.Result {
		case Win:
			l.Wins++
		case Draw:
			l.Draws++
		default:
			l.Losses++
		}
	}
	l.LogLoss /= float64(len(xs))
	l.Baseline /= float64(len(xs))
	return l
}

// scoreUnit scales scores inside the optimiser (pawns rather than
// centipawns), so that the coefficients are of order one.
const scoreUnit = 100

// objective is the mean negative log-likelihood of the training samples
// as a function of the coefficients, in pawns: x[0..Degree] are a's,
// x[Degree+1..] b's.
type objective struct {
	xs     []Sample
	powers [][wdl.Degree + 1]float64 // x^i of each sample's clamped material
	md     *wdl.Model
}

func newObjective(xs []Sample, md *wdl.Model) *objective {
	o := &objective{xs: xs, md: md, powers: make([][wdl.Degree + 1]float64, len(xs))}
	for i, x := range xs {
		m := min(max(x.Material, md.MaterialMin), md.MaterialMax)
		v := float64(m) / wdl.StartMaterial
		p := 1.0
		for k := range o.powers[i] {
			o.powers[i][k] = p
			p *= v
		}
	}
	return o
}

// start is the first guess: a constant 0.7 pawns, b constant 1 pawn (about
// the draw rate and the slope of master games).
func (o *objective) start() []float64 {
	x := make([]float64, 2*(wdl.Degree+1))
	x[0], x[wdl.Degree+1] = 0.7, 1
	return x
}

// setModel copies the coefficients into the model, in centipawns.
func (o *objective) setModel(x []float64) {
	for i := 0; i <= wdl.Degree; i++ {
		o.md.A[i] = x[i] * scoreUnit
		o.md.B[i] = x[wdl.Degree+1+i] * scoreUnit
	}
}

// ab returns a and b (pawns) of sample i.
func (o *objective) ab(x []float64, i int) (a, b float64) {
	for k, p := range o.powers[i] {
		a += x[k] * p
		b += x[wdl.Degree+1+k] * p
	}
	return a, b
}

// value is the mean log-loss; +Inf where a or b is not positive for some
// sample (no distribution there), which the line search backs away from.
func (o *objective) value(x []float64) float64 {
	sum := 0.0
	for i, s := range o.xs {
		a, b := o.ab(x, i)
		if !(a > 0) || !(b > 0) {
			return math.Inf(1)
		}
		v := float64(s.Score) / scoreUnit
		pw, pl := logistic((v-a)/b), logistic((-v-a)/b)
		var p float64
		switch s.Result {
		case Win:
			p = pw
		case Loss:
			p = pl
		default:
			p = 1 - pw - pl
		}
		if !(p > 0) {
			return math.Inf(1)
		}
		sum -= math.Log(p)
	}
	return sum / float64(len(o.xs))
}

// gradient is the gradient of value.
func (o *objective) gradient(grad, x []float64) {
	clear(grad)
	const n = wdl.Degree + 1
	for i, s := range o.xs {
		a, b := o.ab(x, i)
		if !(a > 0) || !(b > 0) {
			continue
		}
		v := float64(s.Score) / scoreUnit
		zw, zl := (v-a)/b, (-v-a)/b
		pw, pl := logistic(zw), logistic(zl)
		// d z/d a = −1/b and d z/d b = −z/b for both z.
		var da, db float64
		switch s.Result {
		case Win: // −log σ(zw)
			da, db = (1-pw)/b, (1-pw)*zw/b
		case Loss:
			da, db = (1-pl)/b, (1-pl)*zl/b
		default: // −log(1 − σ(zw) − σ(zl))
			pd := 1 - pw - pl
			if !(pd > 0) {
				continue
			}
			sw, sl := pw*(1-pw), pl*(1-pl)
			da = -(sw + sl) / b / pd
			db = -(sw*zw + sl*zl) / b / pd
		}
		for k, p := range o.powers[i] {
			grad[k] += da * p
			grad[n+k] += db * p
		}
	}
	for k := range grad {
		grad[k] /= float64(len(o.xs))
	}
}

// logistic is 1 / (1 + e^−z).
func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }
