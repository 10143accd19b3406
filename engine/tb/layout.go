package tb

import "github.com/goxq/ucci/engine"

// maxSlots bounds the pieces of a table, generals included.
const maxSlots = 16

// slot is one piece of a table's index with the points it may stand on.
type slot struct {
	piece  engine.Piece
	points *pointSet
}

// pointSet lists the points a piece may stand on and numbers them.
type pointSet struct {
	squares []engine.Square
	ordinal [engine.NumSquares]int16 // -1 where the piece cannot stand
}

func newPointSet(ok func(engine.Square) bool) *pointSet {
	ps := &pointSet{}
	for s := engine.Square(0); s < engine.NumSquares; s++ {
		ps.ordinal[s] = -1
		if ok(s) {
			ps.ordinal[s] = int16(len(ps.squares))
			ps.squares = append(ps.squares, s)
		}
	}
	return ps
}

// The point sets, from Red's side (the attacker is Red in a table) and
// Black's (the defender).
var (
	strongKingPoints = newPointSet(func(s engine.Square) bool { return s.Rank() <= 2 && (s.File() == 3 || s.File() == 4) })
	anyPoints        = newPointSet(func(engine.Square) bool { return true })
	sidePoints       [2][engine.NumPieceTypes]*pointSet
)

func init() {
	for c := engine.Red; c <= engine.Black; c++ {
		rel := func(s engine.Square) (f, r int) {
			f, r = s.File(), s.Rank()
			if c == engine.Black {
				r = engine.NumRanks - 1 - r
			}
			return f, r
		}
		sidePoints[c][engine.King] = newPointSet(func(s engine.Square) bool {
			f, r := rel(s)
			return f >= 3 && f <= 5 && r <= 2
		})
		sidePoints[c][engine.Advisor] = newPointSet(func(s engine.Square) bool {
			f, r := rel(s)
			return (r == 0 || r == 2) && (f == 3 || f == 5) || r == 1 && f == 4
		})
		sidePoints[c][engine.Elephant] = newPointSet(func(s engine.Square) bool {
			f, r := rel(s)
			return (r == 0 || r == 4) && (f == 2 || f == 6) || r == 2 && (f == 0 || f == 4 || f == 8)
		})
		sidePoints[c][engine.Pawn] = newPointSet(func(s engine.Square) bool {
			f, r := rel(s)
			return r >= 5 || (r == 3 || r == 4) && f%2 == 0
		})
		for _, t := range []engine.PieceType{engine.Horse, engine.Rook, engine.Cannon} {
			sidePoints[c][t] = anyPoints
		}
	}
}

// layout is the index of a table: the side to move, then each slot's
// point ordinal, mixed radix.
type layout struct {
	slots []slot
	first [engine.NumPieces]int8 // first slot of each piece, -1 if none
	size  int64
}

// slotOrder is the order of the piece types in a layout.
var slotOrder = [...]engine.PieceType{engine.King, engine.Rook, engine.Horse, engine.Cannon, engine.Pawn, engine.Advisor, engine.Elephant}

func newLayout(m Material) *layout {
	l := &layout{size: 2}
	for i := range l.first {
		l.first[i] = -1
	}
	for c := engine.Red; c <= engine.Black; c++ {
		counts := &m.Strong
		if c == engine.Black {
			counts = &m.Weak
		}
		for _, t := range slotOrder {
			pc := engine.MakePiece(c, t)
			for i := 0; i < int(counts[t]); i++ {
				ps := sidePoints[c][t]
				if pc == engine.RedKing {
					ps = strongKingPoints
				}
				if i == 0 {
					l.first[pc] = int8(len(l.slots))
				}
				l.slots = append(l.slots, slot{piece: pc, points: ps})
				l.size *= int64(len(ps.squares))
			}
		}
	}
	return l
}

// decode places the position of index idx on board (cleared first) and
// returns its side to move; ok is false when two pieces share a point or
// two pieces of a kind are out of order (each such set is stored once).
func (l *layout) decode(idx int64, board *[engine.NumSquares]engine.Piece) (side engine.Color, ok bool) {
	*board = [engine.NumSquares]engine.Piece{}
	side = engine.Color(idx & 1)
	idx >>= 1
	prev := int64(-1)
	for i := range l.slots {
		sl := &l.slots[i]
		n := int64(len(sl.points.squares))
		o := idx % n
		idx /= n
		if i > 0 && l.slots[i-1].piece == sl.piece && o <= prev {
			return side, false
		}
		prev = o
		s := sl.points.squares[o]
		if board[s] != engine.NoPiece {
			return side, false
		}
		board[s] = sl.piece
	}
	return side, true
}

// index returns the index of a position whose attacker is strong; ok is
// false when the position's pieces do not fit the layout.
func (l *layout) index(p *engine.Position, strong engine.Color) (idx int64, ok bool) {
	var ords [maxSlots]int16
	var used [engine.NumPieces]int8
	k := p.KingSquare(strong)
	flip := strong == engine.Black
	mirror := k.File() == 5
	for s := engine.Square(0); s < engine.NumSquares; s++ {
		pc := p.Board(s)
		if pc == engine.NoPiece {
			continue
		}
		t := s
		if flip {
			t = t.Flip()
			pc ^= 8
		}
		if mirror {
			t = t.Mirror()
		}
		f := l.first[pc]
		if f < 0 {
			return 0, false
		}
		i := int(f) + int(used[pc])
		used[pc]++
		if i >= len(l.slots) || l.slots[i].piece != pc {
			return 0, false
		}
		o := l.slots[i].points.ordinal[t]
		if o < 0 {
			return 0, false
		}
		// Keep a kind's ordinals increasing (insertion into its run).
		for i > int(f) && ords[i-1] > o {
			ords[i] = ords[i-1]
			i--
		}
		ords[i] = o
	}
	side := p.SideToMove()
	if flip {
		side = side.Opponent()
	}
	idx, mult := int64(side), int64(2)
	for i := range l.slots {
		idx += int64(ords[i]) * mult
		mult *= int64(len(l.slots[i].points.squares))
	}
	return idx, true
}
