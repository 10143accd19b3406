package nnuetrain

import "golang.org/x/sys/cpu"

// useAVX2 selects the vectorised kernel; tests turn it off to check that
// both give the same results.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func addRowAVX2(dst, src *float32, blocks int)

// addRow: dst += src.
func addRow(dst, src *[l1]float32) {
	if useAVX2 {
		addRowAVX2(&dst[0], &src[0], l1/32)
		return
	}
	addRowGeneric(dst, src)
}

// The assembly adds 32 floats per step: this fails to compile unless l1 is
// a multiple of 32.
var _ [0]int = [l1 % 32]int{}
