package engine

import (
	"errors"
	"fmt"

	"github.com/goxq/ucci/internal/quote"
)

// Errors of ParseMove.
var (
	ErrMoveSyntax  = errors.New("not an ICCS move")
	ErrIllegalMove = errors.New("illegal move")
)

// ParseMove reads an ICCS move such as "h2e2" (case-insensitive) and returns
// it if it is legal in the position.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) != 4 {
		return NoMove, fmt.Errorf("%w: %s", ErrMoveSyntax, quote.Input(s))
	}
	from, ok1 := ParseSquare(s[:2])
	to, ok2 := ParseSquare(s[2:])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("%w: %s", ErrMoveSyntax, quote.Input(s))
	}
	m := p.moveFromSquares(from, to)
	if m == NoMove || !p.IsPseudoLegal(m) || !p.IsLegal(m) {
		return NoMove, fmt.Errorf("%w: %s", ErrIllegalMove, s)
	}
	return m, nil
}

// moveFromSquares builds the move from..to with the pieces now on the board;
// NoMove when from is empty.
func (p *Position) moveFromSquares(from, to Square) Move {
	pc := p.board[from]
	if pc == NoPiece || from == to {
		return NoMove
	}
	return newMove(from, to, pc, p.board[to])
}

// MoveFromShort rebuilds a full move from the 14-bit form kept in hash
// tables and books. The result still has to pass IsPseudoLegal and IsLegal.
func (p *Position) MoveFromShort(short uint16) Move {
	from, to := Square(short&0x7f), Square(short>>7&0x7f)
	if from >= NumSquares || to >= NumSquares {
		return NoMove
	}
	return p.moveFromSquares(from, to)
}

// IsPseudoLegal tells whether m is a move of the side to move that the
// pieces' movement rules allow on this board (with the pieces m names). It
// guards against hash-table collisions and torn entries.
func (p *Position) IsPseudoLegal(m Move) bool {
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares || from == to {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc != m.Piece() || pc.Color() != p.side {
		return false
	}
	target := p.board[to]
	if target != m.Captured() || target != NoPiece && target.Color() == p.side {
		return false
	}
	switch pc.Type() {
	case King:
		return stepAllowed(&kingSteps[from], to, p)
	case Advisor:
		return stepAllowed(&advisorSteps[from], to, p)
	case Elephant:
		return stepAllowed(&elephantSteps[from], to, p)
	case Horse:
		return stepAllowed(&horseSteps[from], to, p)
	case Pawn:
		return stepAllowed(&pawnSteps[p.side][from], to, p)
	case Rook, Cannon:
		return p.slideAllowed(pc.Type() == Cannon, from, to, target != NoPiece)
	}
	return false
}

func stepAllowed(steps *stepList, to Square, p *Position) bool {
	for i := uint8(0); i < steps.n; i++ {
		t := &steps.targets[i]
		if t.to == to {
			return t.block == NoSquare || p.board[t.block] == NoPiece
		}
	}
	return false
}

// slideAllowed checks a chariot or cannon move along a rank or file.
func (p *Position) slideAllowed(cannon bool, from, to Square, capture bool) bool {
	var span *lineSpan
	var j int
	switch {
	case from.Rank() == to.Rank():
		span = &rankSpans[from.File()][p.rankOcc[from.Rank()]]
		j = to.File()
	case from.File() == to.File():
		span = &fileSpans[from.Rank()][p.fileOcc[from.File()]]
		j = to.Rank()
	default:
		return false
	}
	if !capture {
		return j > int(span.lo1) && j < int(span.hi1)
	}
	if cannon {
		return j == int(span.lo2) || j == int(span.hi2)
	}
	return j == int(span.lo1) || j == int(span.hi1)
}
