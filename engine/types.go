package engine

// Color is the side a piece belongs to or the side to move.
type Color uint8

// The two sides. Red moves first and sits on ranks 0-4.
const (
	Red   Color = 0
	Black Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "red" or "black".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// PieceType is the kind of a piece, independent of its colour.
type PieceType uint8

// Piece types. The order is used by move ordering and by the move encoding.
const (
	NoPieceType PieceType = iota
	King                  // general 帅/将
	Advisor               // 仕/士
	Elephant              // 相/象
	Horse                 // 马
	Rook                  // chariot 车
	Cannon                // 炮
	Pawn                  // soldier 兵/卒
)

// NumPieceTypes is one more than the largest PieceType.
const NumPieceTypes = 8

// Piece is a coloured piece: its type in bits 0-2 and its colour in bit 3.
// NoPiece (0) marks an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// The fourteen pieces.
const (
	RedKing     = Piece(King)
	RedAdvisor  = Piece(Advisor)
	RedElephant = Piece(Elephant)
	RedHorse    = Piece(Horse)
	RedRook     = Piece(Rook)
	RedCannon   = Piece(Cannon)
	RedPawn     = Piece(Pawn)

	BlackKing     = Piece(King) | 8
	BlackAdvisor  = Piece(Advisor) | 8
	BlackElephant = Piece(Elephant) | 8
	BlackHorse    = Piece(Horse) | 8
	BlackRook     = Piece(Rook) | 8
	BlackCannon   = Piece(Cannon) | 8
	BlackPawn     = Piece(Pawn) | 8
)

// NumPieces is the size of arrays indexed by Piece.
const NumPieces = 16

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<3 }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " KABNRCP kabnrcp"

// Letter returns the FEN letter of the piece (upper case for Red).
func (p Piece) Letter() byte { return pieceLetters[p&15] }

// Square is a point of the board, rank*9+file, 0-89.
type Square uint8

// Board dimensions.
const (
	NumFiles   = 9
	NumRanks   = 10
	NumSquares = NumFiles * NumRanks
)

// NoSquare is an invalid square.
const NoSquare Square = NumSquares

// MakeSquare returns the square at file f (0-8) and rank r (0-9).
func MakeSquare(f, r int) Square { return Square(r*NumFiles + f) }

// File returns the file 0-8 (a-i).
func (s Square) File() int { return int(s) % NumFiles }

// Rank returns the rank 0-9 from Red's side.
func (s Square) Rank() int { return int(s) / NumFiles }

// Mirror returns the square reflected left to right.
func (s Square) Mirror() Square { return MakeSquare(NumFiles-1-s.File(), s.Rank()) }

// Flip returns the square reflected top to bottom (the colour-flipped point).
func (s Square) Flip() Square { return MakeSquare(s.File(), NumRanks-1-s.Rank()) }

// String returns the ICCS name of the square, e.g. "h2".
func (s Square) String() string {
	if s >= NoSquare {
		return "--"
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// ParseSquare reads an ICCS square such as "e0"; upper case files are accepted.
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 {
		return NoSquare, false
	}
	f := int(s[0]|0x20) - 'a'
	r := int(s[1]) - '0'
	if f < 0 || f >= NumFiles || r < 0 || r >= NumRanks {
		return NoSquare, false
	}
	return MakeSquare(f, r), true
}

// crossedRiver tells whether a piece of colour c standing on rank r is on
// the opponent's half of the board.
func crossedRiver(c Color, r int) bool {
	if c == Red {
		return r >= 5
	}
	return r <= 4
}

// inPalace tells whether square s is inside the palace of colour c.
func inPalace(c Color, s Square) bool {
	f, r := s.File(), s.Rank()
	if f < 3 || f > 5 {
		return false
	}
	if c == Red {
		return r <= 2
	}
	return r >= 7
}
