package engine

import (
	"strconv"
	"strings"
)

// ColourFlipped returns the position with the colours swapped and the board
// turned upside down: Red's pieces become Black's on the mirrored ranks and
// the other side is to move, so the flipped position is the same game seen
// from the other chair. The counters are kept; the history is not.
func (p *Position) ColourFlipped() *Position {
	var b strings.Builder
	for r := 0; r < NumRanks; r++ {
		empty := 0
		for f := 0; f < NumFiles; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte((pc ^ 8).Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < NumRanks-1 {
			b.WriteByte('/')
		}
	}
	side := " b"
	if p.side == Black {
		side = " w"
	}
	b.WriteString(side + " - - " + strconv.Itoa(int(p.rule60)) + " " + strconv.Itoa(p.fullmove))
	q, err := NewPosition(b.String())
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
