package texel

import (
	"math"

	"github.com/goxq/ucci/engine"
)

// Params holds the weights as real numbers: Params[2i] is weight i's
// middle-game value, Params[2i+1] its end-game value.
type Params []float64

// FromEngine converts engine weights.
func FromEngine(p []engine.EvalParam) Params {
	x := make(Params, 2*len(p))
	for i, v := range p {
		x[2*i], x[2*i+1] = float64(v.MG), float64(v.EG)
	}
	return x
}

// Engine rounds the weights to engine weights.
func (x Params) Engine() []engine.EvalParam {
	p := make([]engine.EvalParam, len(x)/2)
	for i := range p {
		p[i] = engine.EvalParam{MG: int(math.Round(x[2*i])), EG: int(math.Round(x[2*i+1]))}
	}
	return p
}

// Rounded returns the weights rounded to integers, as the engine uses them.
func (x Params) Rounded() Params { return FromEngine(x.Engine()) }

// Clone returns a copy.
func (x Params) Clone() Params { return append(Params(nil), x...) }
