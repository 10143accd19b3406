package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/internal/quote"
)

// StartFEN is the standard start position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// Kinds of FEN errors; ParseFEN wraps one of them with the details.
var (
	ErrFENEmpty          = errors.New("empty FEN")
	ErrFENRanks          = errors.New("wrong number of ranks")
	ErrFENFiles          = errors.New("wrong number of files in a rank")
	ErrFENLetter         = errors.New("unknown character in the board")
	ErrFENSide           = errors.New("bad side to move")
	ErrFENKings          = errors.New("each side needs exactly one general")
	ErrFENPieceCount     = errors.New("too many pieces of a kind")
	ErrFENPlacement      = errors.New("piece on a point it can never reach")
	ErrFENGeneralsFacing = errors.New("generals face each other")
	ErrFENNotToMoveCheck = errors.New("side not to move is in check")
)

// maxPieceCount is how many pieces of each type a side may have.
var maxPieceCount = [NumPieceTypes]int{King: 1, Advisor: 2, Elephant: 2, Horse: 2, Rook: 2, Cannon: 2, Pawn: 5}

// pieceFromLetter maps a FEN letter to a piece, accepting E/e for the
// elephant and H/h for the horse as some GUIs send them.
func pieceFromLetter(c byte) Piece {
	color := Red
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	var t PieceType
	switch c {
	case 'K':
		t = King
	case 'A':
		t = Advisor
	case 'B', 'E':
		t = Elephant
	case 'N', 'H':
		t = Horse
	case 'R':
		t = Rook
	case 'C':
		t = Cannon
	case 'P':
		t = Pawn
	default:
		return NoPiece
	}
	return MakePiece(color, t)
}

// SetFEN sets the position from a FEN string: the board, the side to move
// (w, r or b), and optionally the castling and en-passant fields (ignored),
// the natural-limit counter (clamped to 0-119) and the move number. The
// history starts empty. On error the position is left unchanged.
func (p *Position) SetFEN(fen string) error {
	var q Position
	if err := q.parseFEN(fen); err != nil {
		return err
	}
	*p = q
	return nil
}

// NewPosition returns the position described by fen.
func NewPosition(fen string) (*Position, error) {
	p := new(Position)
	if err := p.parseFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// StartPosition returns the standard start position.
func StartPosition() *Position {
	p, err := NewPosition(StartFEN)
	if err != nil {
		panic(err) // the constant is valid; a failure here is a programming error
	}
	return p
}

func (p *Position) parseFEN(fen string) error {
	p.clear()
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return ErrFENEmpty
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != NumRanks {
		return fmt.Errorf("%w: %d ranks, want 10", ErrFENRanks, len(ranks))
	}
	for i, row := range ranks {
		r := NumRanks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			pc := pieceFromLetter(c)
			if pc == NoPiece {
				return fmt.Errorf("%w: %q in rank %d", ErrFENLetter, c, r)
			}
			if f >= NumFiles {
				return fmt.Errorf("%w: rank %d is longer than 9 points", ErrFENFiles, r)
			}
			p.put(pc, MakeSquare(f, r))
			f++
		}
		if f != NumFiles {
			return fmt.Errorf("%w: rank %d has %d points, want 9", ErrFENFiles, r, f)
		}
	}
	if len(fields) < 2 {
		return fmt.Errorf("%w: missing", ErrFENSide)
	}
	switch fields[1] {
	case "w", "W", "r", "R":
		p.side = Red
	case "b", "B":
		p.side = Black
		p.key ^= zobristSide
	default:
		return fmt.Errorf("%w: %s (want w or b)", ErrFENSide, quote.Input(fields[1]))
	}
	p.readCounters(fields[2:])
	return p.validate()
}

// readCounters takes the natural-limit counter and the move number from the
// trailing FEN fields when they are numbers; anything else there is ignored.
// The counter is taken as it is (saturating far beyond any limit): a FEN at
// or past the natural limit is a position the game has already drawn.
func (p *Position) readCounters(rest []string) {
	if len(rest) < 4 {
		return
	}
	half, err1 := strconv.Atoi(rest[2])
	full, err2 := strconv.Atoi(rest[3])
	if err1 != nil || err2 != nil {
		return
	}
	p.rule60 = int16(min(max(half, 0), maxRule60))
	p.fullmove = max(min(full, 1<<20), 1)
}

// validate checks that the board could occur in a game.
func (p *Position) validate() error {
	for c := Red; c <= Black; c++ {
		if n := p.Count(MakePiece(c, King)); n != 1 {
			return fmt.Errorf("%w: %s has %d", ErrFENKings, c, n)
		}
		for t := Advisor; t <= Pawn; t++ {
			if n := p.Count(MakePiece(c, t)); n > maxPieceCount[t] {
				return fmt.Errorf("%w: %s has %d %s", ErrFENPieceCount, c, n, pieceNames[t])
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		c := pc.Color()
		ok := true
		switch pc.Type() {
		case King:
			ok = inPalace(c, s)
		case Advisor:
			ok = advisorPoint(c, s)
		case Elephant:
			ok = elephantPoint(c, s)
		case Pawn:
			ok = pawnPoint(c, s)
		}
		if !ok {
			return fmt.Errorf("%w: %s %s on %s", ErrFENPlacement, c, pieceNames[pc.Type()], s)
		}
	}
	if p.generalsFacing() {
		return ErrFENGeneralsFacing
	}
	if p.kingAttacked(p.side.Opponent()) {
		return fmt.Errorf("%w: %s", ErrFENNotToMoveCheck, p.side.Opponent())
	}
	p.updateKingSafety()
	return nil
}

// generalsFacing tells whether the two generals share a file with nothing between.
func (p *Position) generalsFacing() bool {
	r, b := p.kings[Red], p.kings[Black]
	if r.File() != b.File() {
		return false
	}
	fs := &fileSpans[r.Rank()][p.fileOcc[r.File()]]
	return int(fs.hi1) == b.Rank()
}

var pieceNames = [NumPieceTypes]string{"", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}

// FEN returns the position in FEN with B/N letters, w/b side, "- -", the
// natural-limit counter and the move number.
func (p *Position) FEN() string { return boardFEN(&p.board, p.side, int(p.rule60), p.fullmove) }

// boardFEN writes the FEN of a placement, side to move and counters.
func boardFEN(board *[NumSquares]Piece, side Color, rule60, fullmove int) string {
	var b strings.Builder
	for r := NumRanks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < NumFiles; f++ {
			pc := board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if side == Red {
		b.WriteString(" w - - ")
	} else {
		b.WriteString(" b - - ")
	}
	b.WriteString(strconv.Itoa(rule60))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(fullmove))
	return b.String()
}

// NewPositionFromBoard returns the position of a placement with side to
// move, counters zero and move number 1; the placement is checked as a FEN
// would be.
func NewPositionFromBoard(board *[NumSquares]Piece, side Color) (*Position, error) {
	return NewPosition(boardFEN(board, side, 0, 1))
}
