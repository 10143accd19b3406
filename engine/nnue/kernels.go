package nnue

// The kernels of the first layer and the output. Each has a portable
// version (kernels_generic.go) and, on amd64 with AVX2, a vectorised one
// (kernels_amd64.s) that gives the same integers: sums of int16 wrap
// alike, and the output sums products that fit their types exactly (one
// perspective's dot product fits int32 for |w| <= 127; Evaluate adds the
// two in 64 bits).

// row returns feature f's first-layer weights.
func (n *Net) row(f int) *[L1]int16 { return (*[L1]int16)(n.FeatureWeights[f*L1 : f*L1+L1]) }

// clippedProduct is the int16 product clamp(a, 0, QA) * w of the output
// kernel, exact for |w| <= 127.
func clippedProduct(a, w int16) (c int32, cw int16) {
	c = int32(min(max(a, 0), QA))
	return c, int16(c * int32(w))
}
