package texel

import (
	"errors"

	"github.com/goxq/ucci/engine"
)

// Dataset holds positions as sparse feature vectors with their results.
type Dataset struct {
	nParams int
	idx     []uint16 // weight index of each nonzero coefficient
	coef    []int16  // the coefficients
	ent     []entry
}

// entry is one position: its run of features, phase and result.
type entry struct {
	off    uint32
	n      uint16
	phase  uint8
	result float32
}

// NewDataset returns an empty dataset for n weights.
func NewDataset(n int) *Dataset { return &Dataset{nParams: n} }

// Len returns the number of positions.
func (d *Dataset) Len() int { return len(d.ent) }

// NumParams returns the number of weights the features refer to.
func (d *Dataset) NumParams() int { return d.nParams }

// Result returns the result of position i.
func (d *Dataset) Result(i int) float64 { return float64(d.ent[i].result) }

// Errors of AddFeatures.
var (
	ErrCoefficient = errors.New("coefficient out of range")
	ErrFeatures    = errors.New("wrong number of coefficients")
	ErrPhase       = errors.New("phase out of range")
	ErrResult      = errors.New("result not in [0, 1]")
	ErrTooLarge    = errors.New("dataset too large")
)

// AddFeatures adds a position by its dense coefficients (length NumParams),
// phase (0..engine.MaxPhase) and result for Red.
func (d *Dataset) AddFeatures(coef []int32, phase int, result float64) error {
	if len(coef) != d.nParams {
		return ErrFeatures
	}
	if phase < 0 || phase > engine.MaxPhase {
		return ErrPhase
	}
	if !(result >= 0 && result <= 1) {
		return ErrResult
	}
	off := len(d.idx)
	if uint64(off)+uint64(d.nParams) > 1<<32-1 {
		return ErrTooLarge
	}
	for i, c := range coef {
		if c == 0 {
			continue
		}
		if c < -1<<15 || c >= 1<<15 {
			d.idx, d.coef = d.idx[:off], d.coef[:off]
			return ErrCoefficient
		}
		d.idx = append(d.idx, uint16(i))
		d.coef = append(d.coef, int16(c))
	}
	d.ent = append(d.ent, entry{off: uint32(off), n: uint16(len(d.idx) - off), phase: uint8(phase), result: float32(result)})
	return nil
}

// AddPosition adds a position with its result for Red, reading its
// features with engine.EvalFeatures. coef is scratch space of length
// engine.NumEvalParams (nil allocates).
func (d *Dataset) AddPosition(pos *engine.Position, result float64, coef []int32) error {
	if coef == nil {
		coef = make([]int32, engine.NumEvalParams)
	}
	phase := engine.EvalFeatures(pos, coef)
	return d.AddFeatures(coef, phase, result)
}

// Append adds every position of o, which must have the same number of
// weights.
func (d *Dataset) Append(o *Dataset) error {
	if o.nParams != d.nParams {
		return ErrFeatures
	}
	base := uint32(len(d.idx))
	if uint64(base)+uint64(len(o.idx)) >= 1<<32 {
		return ErrTooLarge
	}
	d.idx = append(d.idx, o.idx...)
	d.coef = append(d.coef, o.coef...)
	for _, e := range o.ent {
		e.off += base
		d.ent = append(d.ent, e)
	}
	return nil
}

// Occurrences returns, for each weight, the sum of the absolute values of
// its coefficients over the dataset: zero for weights the data cannot fit.
func (d *Dataset) Occurrences() []float64 {
	occ := make([]float64, d.nParams)
	for k, i := range d.idx {
		c := float64(d.coef[k])
		if c < 0 {
			c = -c
		}
		occ[i] += c
	}
	return occ
}
