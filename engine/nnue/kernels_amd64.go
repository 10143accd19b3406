package nnue

import "golang.org/x/sys/cpu"

// useAVX2 selects the vectorised kernels; tests turn it off to check that
// both give the same results.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func addRowAVX2(dst, row *int16)

//go:noescape
func subAddAVX2(dst, src, add, sub *int16)

//go:noescape
func subSubAddAVX2(dst, src, add, sub1, sub2 *int16)

//go:noescape
func dotSCReLUAVX2(a, w *int16) int32

func addRow(dst, row *[L1]int16) {
	if useAVX2 {
		addRowAVX2(&dst[0], &row[0])
		return
	}
	addRowGeneric(dst, row)
}

func subAdd(dst, src, add, sub *[L1]int16) {
	if useAVX2 {
		subAddAVX2(&dst[0], &src[0], &add[0], &sub[0])
		return
	}
	subAddGeneric(dst, src, add, sub)
}

func subSubAdd(dst, src, add, sub1, sub2 *[L1]int16) {
	if useAVX2 {
		subSubAddAVX2(&dst[0], &src[0], &add[0], &sub1[0], &sub2[0])
		return
	}
	subSubAddGeneric(dst, src, add, sub1, sub2)
}

func dotSCReLU(a, w *[L1]int16) int32 {
	if useAVX2 {
		return dotSCReLUAVX2(&a[0], &w[0])
	}
	return dotSCReLUGeneric(a, w)
}

// The assembly walks L1 entries in blocks of 64 (four 256-bit registers):
// this fails to compile unless L1 is a multiple of 64.
var _ [0]int = [L1 % 64]int{}
