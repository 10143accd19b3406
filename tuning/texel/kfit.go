package texel

import "math"

// FitK returns the scaling constant K in [1e-5, 1] that minimises the loss
// of x on d, by golden-section search on log K (the loss is unimodal in K
// for any useful evaluation).
func FitK(d *Dataset, x Params, workers int) float64 {
	loss := func(logK float64) float64 { return d.Loss(x, math.Exp(logK), workers) }
	lo, hi := math.Log(1e-5), math.Log(1.0)
	const invPhi = 0.6180339887498949
	a, b := hi-invPhi*(hi-lo), lo+invPhi*(hi-lo)
	fa, fb := loss(a), loss(b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - invPhi*(hi-lo)
			fa = loss(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + invPhi*(hi-lo)
			fb = loss(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}
