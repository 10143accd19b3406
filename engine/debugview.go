package engine

// ColourFlipped returns the position with the colours swapped and the board
// turned upside down: Red's pieces become Black's on the mirrored ranks and
// the other side is to move, so the flipped position is the same game seen
// from the other chair. The counters are kept; the history is not.
func (p *Position) ColourFlipped() *Position {
	var board [NumSquares]Piece
	for s, pc := range p.board {
		if pc != NoPiece {
			board[Square(s).Flip()] = pc ^ 8
		}
	}
	q, err := NewPosition(boardFEN(&board, p.side.Opponent(), int(p.rule60), p.fullmove))
	if err != nil {
		panic("engine: flipping a valid position failed: " + err.Error())
	}
	return q
}

// Checkers returns the squares of the pieces that give check to the side to
// move.
func (p *Position) Checkers() []Square {
	var out [16]Square
	n := p.attackersTo(p.kings[p.side], p.side.Opponent(), &out)
	return append([]Square(nil), out[:n]...)
}
