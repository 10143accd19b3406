package texel

import (
	"errors"
	"math"
)

// Config configures Tune.
type Config struct {
	// K is the scaling constant (from FitK).
	K float64
	// Epochs is the number of full passes (default 300).
	Epochs int
	// LearningRate is Adam's step size in evaluation units at the start;
	// it decays geometrically to a tenth by the last epoch (default 1).
	LearningRate float64
	// Lambda weighs an L2 penalty on the distance from the start weights
	// (0: none).
	Lambda float64
	// Frozen, if set, marks weights (engine parameter indices) that keep
	// their start values.
	Frozen []bool
	// Positive, if set, marks weights whose values must stay at least 1
	// (material).
	Positive []bool
	// Workers is the number of goroutines (0: one per core).
	Workers int
	// ValidEvery computes the validation loss every this many epochs
	// (default 1); the last epoch always has it.
	ValidEvery int
	// OnEpoch, if set, is called after every epoch.
	OnEpoch func(Point)
}

// Point is the loss after an epoch; Valid is NaN when not computed.
type Point struct {
	Epoch        int
	Train, Valid float64
}

// Adam's decay rates and stabiliser.
const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
)

// Tune fits the weights to train by full-batch Adam, starting from start,
// and returns the fitted weights (not rounded) with the loss after every
// epoch. Epoch 0 is the start. Weights that never occur in train do not
// move. valid may be nil or empty.
func Tune(train, valid *Dataset, start Params, cfg Config) (Params, []Point, error) {
	n := train.NumParams()
	switch {
	case len(start) != 2*n:
		return nil, nil, errors.New("start weights do not match the dataset")
	case cfg.Frozen != nil && len(cfg.Frozen) != n, cfg.Positive != nil && len(cfg.Positive) != n:
		return nil, nil, errors.New("frozen or positive mask of the wrong length")
	case !(cfg.K > 0) || math.IsInf(cfg.K, 0):
		return nil, nil, errors.New("scaling constant K must be positive")
	case train.Len() == 0:
		return nil, nil, errors.New("no training positions")
	}
	if cfg.Epochs <= 0 {
		cfg.Epochs = 300
	}
	if cfg.LearningRate <= 0 {
		cfg.LearningRate = 1
	}
	if cfg.ValidEvery <= 0 {
		cfg.ValidEvery = 1
	}
	fixed := fixedMask(train, cfg.Frozen)
	x := start.Clone()
	clampPositive(x, cfg.Positive)
	m, v := make([]float64, len(x)), make([]float64, len(x))
	grad := make([]float64, len(x))
	hist := make([]Point, 0, cfg.Epochs+1)
	record := func(epoch int, trainLoss float64) {
		p := Point{Epoch: epoch, Train: trainLoss, Valid: math.NaN()}
		if valid != nil && valid.Len() > 0 && (epoch%cfg.ValidEvery == 0 || epoch == cfg.Epochs) {
			p.Valid = valid.Loss(x, cfg.K, cfg.Workers)
		}
		hist = append(hist, p)
		if cfg.OnEpoch != nil {
			cfg.OnEpoch(p)
		}
	}
	loss := train.Gradient(x, cfg.K, grad, cfg.Workers)
	record(0, loss)
	decay := math.Pow(0.1, 1/float64(cfg.Epochs))
	lr := cfg.LearningRate
	for t := 1; t <= cfg.Epochs; t++ {
		c1, c2 := 1-math.Pow(adamBeta1, float64(t)), 1-math.Pow(adamBeta2, float64(t))
		for i := range x {
			if fixed[i/2] {
				continue
			}
			g := grad[i] + 2*cfg.Lambda*(x[i]-start[i])
			m[i] = adamBeta1*m[i] + (1-adamBeta1)*g
			v[i] = adamBeta2*v[i] + (1-adamBeta2)*g*g
			x[i] -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + adamEps)
		}
		clampPositive(x, cfg.Positive)
		lr *= decay
		loss = train.Gradient(x, cfg.K, grad, cfg.Workers)
		record(t, loss)
	}
	return x, hist, nil
}

// fixedMask marks the weights that must not move: frozen ones and those
// that never occur in the data.
func fixedMask(d *Dataset, frozen []bool) []bool {
	occ := d.Occurrences()
	fixed := make([]bool, len(occ))
	for i, o := range occ {
		fixed[i] = o == 0 || frozen != nil && frozen[i]
	}
	return fixed
}

// clampPositive raises the marked weights to at least 1.
func clampPositive(x Params, positive []bool) {
	for i, p := range positive {
		if p {
			x[2*i] = max(x[2*i], 1)
			x[2*i+1] = max(x[2*i+1], 1)
		}
	}
}
