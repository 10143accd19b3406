package tb

// Piece types, pieces and points are numbered as in package engine, so
// that the engine hands its piece lists over as they are: a piece is its
// type (King 1 to Pawn 7) in bits 0-2 and its colour in bit 3 (Red 0,
// Black 1); a point is rank*9+file, rank 0 on Red's side. The generator's
// tests check that the numbering matches.
const (
	King = 1 + iota
	Advisor
	Elephant
	Horse
	Rook
	Cannon
	Pawn
)

// Board and piece dimensions.
const (
	NumPieceTypes = 8
	NumPieces     = 16
	NumSquares    = 90
	numFiles      = 9
	numRanks      = 10
	// MaxSameKind bounds the pieces of one kind on a board (five soldiers).
	MaxSameKind = 5
)

// The colours, as the side to move of a Placement.
const (
	Red   uint8 = 0
	Black uint8 = 1
)

// Placement is a position as the probe reads it: where each piece stands
// and the side to move. Square[pc][:Count[pc]] are the points of piece pc,
// in any order.
type Placement struct {
	Count  [NumPieces]uint8
	Square [NumPieces][MaxSameKind]uint8
	Side   uint8
}

// makePiece returns the piece of a colour and a type.
func makePiece(c uint8, t int) uint8 { return uint8(t) | c<<3 }

// flipSquare reflects a point top to bottom; mirrorSquare left to right.
func flipSquare(s uint8) uint8 { return s%numFiles + (numRanks-1-s/numFiles)*numFiles }

func mirrorSquare(s uint8) uint8 { return s/numFiles*numFiles + numFiles - 1 - s%numFiles }
