package nnuetrain

// The trainer's hot loop adds a 256-float row to another, once per active
// feature and perspective in both the forward and the backward pass. On
// amd64 with AVX2 an assembly version (kernels_amd64.s) does it eight
// lanes at a time; element-wise float32 addition rounds the same in either
// version, so the results are bit-identical to the portable loop.

// addRowGeneric: dst += src.
func addRowGeneric(dst, src *[l1]float32) {
	for i := range dst {
		dst[i] += src[i]
	}
}

// rowOf returns feature f's first-layer weights (or their gradient).
func (m *Model) rowOf(f uint16) *[l1]float32 {
	return (*[l1]float32)(m.W1[int(f)*l1 : int(f)*l1+l1])
}
