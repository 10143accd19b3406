//go:build !amd64

package nnue

// useAVX2 is false off amd64.
var useAVX2 = false

func addRow(dst, row *[L1]int16)                     { addRowGeneric(dst, row) }
func subAdd(dst, src, add, sub *[L1]int16)           { subAddGeneric(dst, src, add, sub) }
func subSubAdd(dst, src, add, sub1, sub2 *[L1]int16) { subSubAddGeneric(dst, src, add, sub1, sub2) }
func dotSCReLU(a, w *[L1]int16) int32                { return dotSCReLUGeneric(a, w) }
