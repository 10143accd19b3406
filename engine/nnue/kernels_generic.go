package nnue

// addRowGeneric: dst += row.
func addRowGeneric(dst, row *[L1]int16) {
	for i := range dst {
		dst[i] += row[i]
	}
}

// subAddGeneric: dst = src + add - sub.
func subAddGeneric(dst, src, add, sub *[L1]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

// subSubAddGeneric: dst = src + add - sub1 - sub2.
func subSubAddGeneric(dst, src, add, sub1, sub2 *[L1]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub1[i] - sub2[i]
	}
}

// dotSCReLUGeneric returns the sum of clamp(a, 0, QA)^2 * w, computed as
// c * (c*w) with c*w in int16, in wrapping int32 arithmetic.
func dotSCReLUGeneric(a, w *[L1]int16) int32 {
	var sum int32
	for i := range a {
		c, cw := clippedProduct(a[i], w[i])
		sum += c * int32(cw)
	}
	return sum
}
