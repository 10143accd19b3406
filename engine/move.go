package engine

// Move is a move with the facts search needs packed into 32 bits:
//
//	bits  0-6   from square (0-89)
//	bits  7-13  to square (0-89)
//	bits 14-17  moving piece
//	bits 18-21  captured piece (NoPiece for a quiet move)
//
// The low 14 bits (from, to) identify the move in a given position; that is
// what the transposition table and the book store. NoMove is the zero value;
// NullMove passes the turn in search.
type Move uint32

// Special moves.
const (
	NoMove   Move = 0
	NullMove Move = 0x3fff
)

// newMove builds a move from its parts.
func newMove(from, to Square, piece, captured Piece) Move {
	return Move(from) | Move(to)<<7 | Move(piece)<<14 | Move(captured)<<18
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7f) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 7 & 0x7f) }

// Piece returns the moving piece.
func (m Move) Piece() Piece { return Piece(m >> 14 & 0xf) }

// Captured returns the captured piece, NoPiece for a quiet move.
func (m Move) Captured() Piece { return Piece(m >> 18 & 0xf) }

// IsCapture tells whether the move takes a piece.
func (m Move) IsCapture() bool { return m>>18&0xf != 0 }

// Short returns the 14-bit from/to part, the form stored in hash tables.
func (m Move) Short() uint16 { return uint16(m & 0x3fff) }

// String returns the ICCS coordinate form, e.g. "h2e2"; "0000" for NoMove.
func (m Move) String() string {
	if m == NoMove || m == NullMove {
		return "0000"
	}
	var b [4]byte
	m.appendTo(b[:0])
	return string(b[:])
}

// appendTo appends the ICCS form of m to dst without allocating when dst has room.
func (m Move) appendTo(dst []byte) []byte {
	f, t := m.From(), m.To()
	return append(dst, byte('a'+f.File()), byte('0'+f.Rank()), byte('a'+t.File()), byte('0'+t.Rank()))
}

// AppendMove appends the ICCS form of m to dst.
func AppendMove(dst []byte, m Move) []byte {
	if m == NoMove || m == NullMove {
		return append(dst, "0000"...)
	}
	return m.appendTo(dst)
}

// MirrorMove returns the move reflected left to right (pieces unchanged).
func MirrorMove(m Move) Move {
	return newMove(m.From().Mirror(), m.To().Mirror(), m.Piece(), m.Captured())
}

// MaxMoves bounds the number of pseudo-legal moves in any position (the true
// maximum is below 120).
const MaxMoves = 128

// MoveList is a fixed-capacity list of moves that lives on the stack.
type MoveList struct {
	Moves [MaxMoves]Move
	Count int
}

// add appends a move.
func (l *MoveList) add(m Move) {
	l.Moves[l.Count] = m
	l.Count++
}

// Slice returns the moves in the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Count] }

// Contains tells whether the list holds a move with the same from and to squares.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.Count] {
		if x.Short() == m.Short() {
			return true
		}
	}
	return false
}
