package nnue

// Layout of ArchID 2.
const (
	// ArchID identifies the layout below in net files (1 was the same
	// with QB 64).
	ArchID = 2
	// NumFeatures is the number of first-layer inputs per perspective.
	NumFeatures = 2 * 7 * 90
	// L1 is the size of each perspective's accumulator.
	L1 = 256
	// OutputBuckets is the number of output layers, chosen by piece count.
	OutputBuckets = 8
	// QA scales the first layer (1.0 = QA); activations clip at QA.
	QA = 255
	// QB scales the output weights.
	QB = 256
	// Scale turns the network's output into centipawns.
	Scale = 400
	// FeatureWeightLimit bounds the float first-layer weights and biases,
	// so that no accumulator of at most 32 features overflows int16.
	FeatureWeightLimit = 1.98
	// OutputWeightLimit bounds the float output weights, so that a
	// quantised weight times a clipped activation fits in int16.
	OutputWeightLimit = 127.0 / QB
)

// numSquares is the size of the board.
const numSquares = 90

// Mirrored tells whether a perspective whose general stands on kingSquare
// sees the board mirrored left to right: its general is right of the
// centre file.
func Mirrored(kingSquare int) bool { return kingSquare%9 > 4 }

// Feature returns the input index of piece on square for perspective side
// (0 Red, 1 Black) with the given mirroring.
func Feature(side, piece, square int, mirrored bool) int {
	file, rank := square%9, square/9
	if side == 1 {
		rank = 9 - rank
	}
	if mirrored {
		file = 8 - file
	}
	rel := (piece >> 3) ^ side // 0 own, 1 enemy
	return ((rel*7+(piece&7)-1)*numSquares + rank*9 + file)
}

// Bucket returns the output bucket for a board of pieces pieces (2-32).
func Bucket(pieces int) int { return min(max(pieces-2, 0)/4, OutputBuckets-1) }
