package texel

import (
	"math"

	"github.com/goxq/ucci/engine"
)

// Params holds the weights as real numbers: Params[2i] is weight i's
// middle-game value, Params[2i+1] its end-game value.
type Params []float64

// FromWeights converts engine weights.
func FromWeights(w *engine.Weights) Params {
	x := make(Params, 2*len(w))
	for i, v := range w {
		x[2*i], x[2*i+1] = float64(v.MG), float64(v.EG)
	}
	return x
}

// DefaultParams returns the weights the engine uses (engine.DefaultWeights).
func DefaultParams() Params {
	w := engine.DefaultWeights()
	return FromWeights(&w)
}

// Weights rounds the weights to engine weights; false when x does not hold
// exactly engine.NumEvalParams of them.
func (x Params) Weights() (engine.Weights, bool) {
	var w engine.Weights
	if len(x) != 2*len(w) {
		return w, false
	}
	for i := range w {
		w[i] = engine.EvalParam{MG: int(math.Round(x[2*i])), EG: int(math.Round(x[2*i+1]))}
	}
	return w, true
}

// Rounded returns the weights rounded to integers, as the engine uses them.
func (x Params) Rounded() Params {
	r := make(Params, len(x))
	for i, v := range x {
		r[i] = float64(int(math.Round(v))) // an integer, never -0
	}
	return r
}

// Clone returns a copy.
func (x Params) Clone() Params { return append(Params(nil), x...) }
