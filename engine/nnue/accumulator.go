package nnue

// Accumulator holds the first layer's sums of both perspectives (index 0
// Red, 1 Black).
type Accumulator struct {
	V [2][L1]int16
}

// featureTable[side][mirrored][piece][square] is Feature's value, as uint16.
var featureTable = func() (t [2][2][16][numSquares]uint16) {
	for side := range 2 {
		for m := range 2 {
			for pc := range 16 {
				if pc&7 == 0 {
					continue
				}
				for sq := range numSquares {
					t[side][m][pc][sq] = uint16(Feature(side, pc, sq, m == 1))
				}
			}
		}
	}
	return t
}()

// FeatureOf returns the input index of piece on square for perspective
// side seen in view (View): the plain feature through a table, in the
// view's general bucket.
func FeatureOf(side, view, piece, square int) int {
	return int(featureTable[side&1][view&1][piece&15][square]) + (view>>1)*PlainFeatures
}

// Refresh sets dst to the bias plus the rows of the given features.
func (n *Net) Refresh(dst *[L1]int16, features []uint16) {
	*dst = n.FeatureBias
	for _, f := range features {
		addRow(dst, n.row(int(f)))
	}
}

// Move sets dst to src with feature add in and feature sub out (a quiet
// move seen from one perspective).
func (n *Net) Move(dst, src *[L1]int16, add, sub int) {
	subAdd(dst, src, n.row(add), n.row(sub))
}

// Capture sets dst to src with feature add in and features sub and taken
// out (a capture seen from one perspective).
func (n *Net) Capture(dst, src *[L1]int16, add, sub, taken int) {
	subSubAdd(dst, src, n.row(add), n.row(sub), n.row(taken))
}

// Evaluate returns the output in centipawns for the side to move, given
// its accumulator (us), the other side's (them) and the number of pieces
// on the board. Each perspective's dot product fits int32 (at most
// L1 * QA * QA * 127 = 2,114,092,800 with the weights Read accepts), but
// their sum need not: it is taken in 64 bits, so that no net that loads
// wraps.
func (n *Net) Evaluate(us, them *[L1]int16, pieces int) int {
	b := Bucket(pieces)
	w := &n.OutputWeights[b]
	sum := int64(dotSCReLU(us, (*[L1]int16)(w[:L1]))) + int64(dotSCReLU(them, (*[L1]int16)(w[L1:])))
	out := sum/QA + int64(n.OutputBias[b])
	return int(out * Scale / (QA * QB))
}
