package engine

import (
	"math"
	"testing"
)

// TestLateMoveReductionFormula: lmr is lmrBase/100 + ln(depth) ×
// ln(move number) / (lmrDivisor/100), rounded down, and never shrinks as
// the depth or the move number grows.
func TestLateMoveReductionFormula(t *testing.T) {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			exact := float64(lmrBase)/100 + math.Log(float64(d))*math.Log(float64(m))*100/float64(lmrDivisor)
			got := lmr(d, m)
			// The table holds the product to 1/10,000: only a value that
			// close to a whole ply may round either way.
			if got != int(exact) && math.Abs(exact-math.Round(exact)) > 1e-3 {
				t.Fatalf("lmr(%d, %d) = %d, want %d (%.4f)", d, m, got, int(exact), exact)
			}
			if d > 1 && got < lmr(d-1, m) || m > 1 && got < lmr(d, m-1) {
				t.Fatalf("lmr(%d, %d) = %d shrinks", d, m, got)
			}
		}
	}
	if lmr(200, 200) != lmr(63, 63) {
		t.Errorf("beyond the table: lmr(200, 200) = %d, want lmr(63, 63) = %d", lmr(200, 200), lmr(63, 63))
	}
}
