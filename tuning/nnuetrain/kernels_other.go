//go:build !amd64

package nnuetrain

// useAVX2 is false off amd64.
var useAVX2 = false

// addRow: dst += src.
func addRow(dst, src *[l1]float32) { addRowGeneric(dst, src) }
