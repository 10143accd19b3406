package engine

// SetBoard sets the position from a placement and a side to move, as
// SetFEN would from its FEN with the counters zero, without building a
// string and without allocating: the tablebase generator sets every
// position of a table this way. The caller gives a placement whose pieces
// stand on points they can reach and one general a side; SetBoard rejects
// generals that face each other (ErrFENGeneralsFacing) and a side not to
// move in check (ErrFENNotToMoveCheck). The history starts empty.
func (p *Position) SetBoard(board *[NumSquares]Piece, side Color) error {
	if p.histLen != 0 {
		p.clear()
	}
	for s := Square(0); s < NumSquares; s++ {
		if p.board[s] != NoPiece {
			p.remove(s)
		}
	}
	p.kings = [2]Square{NoSquare, NoSquare}
	for s := Square(0); s < NumSquares; s++ {
		if pc := board[s]; pc != NoPiece {
			p.put(pc, s)
		}
	}
	if p.side != side {
		p.key ^= zobristSide
	}
	p.side = side
	p.check10 = [2]uint8{}
	p.rule60, p.revPlies, p.fullmove = 0, 0, 1
	if p.kings[Red] == NoSquare || p.kings[Black] == NoSquare {
		return ErrFENKings
	}
	if p.generalsFacing() {
		return ErrFENGeneralsFacing
	}
	if p.kingAttacked(side.Opponent()) {
		return ErrFENNotToMoveCheck
	}
	p.updateKingSafety()
	return nil
}

// KingSquare returns the point of c's general.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }
