package nnue

// Layouts: a net file names its layout by one of these numbers (1 was the
// plain layout with QB 64).
const (
	// ArchPlain: PlainFeatures inputs per perspective.
	ArchPlain = 2
	// ArchGeneral: the plain inputs once for each of GeneralBuckets
	// places of the perspective's own general (GeneralBucket).
	ArchGeneral = 3
)

// Sizes and scales shared by both layouts.
const (
	// PlainFeatures is the number of (own or enemy, type, square) inputs
	// of one view of the board.
	PlainFeatures = 2 * 7 * 90
	// GeneralBuckets is the number of places of the own general that
	// ArchGeneral tells apart: three ranks of the palace, on the centre
	// file or beside it (the board is mirrored so that both sides share).
	GeneralBuckets = 6
	// MaxFeatures is the most first-layer inputs per perspective a layout
	// has.
	MaxFeatures = GeneralBuckets * PlainFeatures
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

// Features returns the number of first-layer inputs per perspective of
// layout arch (0 for an unknown layout).
func Features(arch int) int {
	switch arch {
	case ArchPlain:
		return PlainFeatures
	case ArchGeneral:
		return MaxFeatures
	}
	return 0
}

// Mirrored tells whether a perspective whose general stands on kingSquare
// sees the board mirrored left to right: its general is right of the
// centre file.
func Mirrored(kingSquare int) bool { return kingSquare%9 > 4 }

// GeneralBucket returns the place (0 to GeneralBuckets-1) of side's
// general on kingSquare: its rank counted from side's own edge (0-2; a
// general outside the palace counts as rank 2) times two, plus one when it
// is off the centre file.
func GeneralBucket(side, kingSquare int) int {
	rank, file := kingSquare/9, kingSquare%9
	if side == 1 {
		rank = 9 - rank
	}
	b := min(max(rank, 0), 2) * 2
	if file != 4 {
		b++
	}
	return b
}

// View returns how perspective side (0 Red, 1 Black) of a net of layout
// arch sees the board when its general stands on kingSquare: bit 0 is the
// mirroring, the bits above it the general's bucket (always 0 in the plain
// layout). Every input of the perspective changes with its view.
func View(arch, side, kingSquare int) int {
	v := 0
	if Mirrored(kingSquare) {
		v = 1
	}
	if arch == ArchGeneral {
		v |= GeneralBucket(side, kingSquare) << 1
	}
	return v
}

// Feature returns the plain input index of piece on square for
// perspective side (0 Red, 1 Black) with the given mirroring.
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
