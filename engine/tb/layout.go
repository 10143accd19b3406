package tb

// maxSlots bounds the pieces of a table, generals included.
const maxSlots = 16

// slot is one piece of a table's index with the points it may stand on.
type slot struct {
	piece  uint8
	points *pointSet
}

// pointSet lists the points a piece may stand on and numbers them.
type pointSet struct {
	squares []uint8
	ordinal [NumSquares]int16 // -1 where the piece cannot stand
}

func newPointSet(ok func(f, r int) bool) *pointSet {
	ps := &pointSet{}
	for s := range NumSquares {
		ps.ordinal[s] = -1
		if ok(s%numFiles, s/numFiles) {
			ps.ordinal[s] = int16(len(ps.squares))
			ps.squares = append(ps.squares, uint8(s))
		}
	}
	return ps
}

// The point sets, from Red's side (the attacker is Red in a table) and
// Black's (the defender).
var (
	strongKingPoints = newPointSet(func(f, r int) bool { return r <= 2 && (f == 3 || f == 4) })
	anyPoints        = newPointSet(func(int, int) bool { return true })
	sidePoints       [2][NumPieceTypes]*pointSet
)

func init() {
	for c := Red; c <= Black; c++ {
		rel := func(f, r int) (int, int) {
			if c == Black {
				r = numRanks - 1 - r
			}
			return f, r
		}
		sidePoints[c][King] = newPointSet(func(f, r int) bool {
			f, r = rel(f, r)
			return f >= 3 && f <= 5 && r <= 2
		})
		sidePoints[c][Advisor] = newPointSet(func(f, r int) bool {
			f, r = rel(f, r)
			return (r == 0 || r == 2) && (f == 3 || f == 5) || r == 1 && f == 4
		})
		sidePoints[c][Elephant] = newPointSet(func(f, r int) bool {
			f, r = rel(f, r)
			return (r == 0 || r == 4) && (f == 2 || f == 6) || r == 2 && (f == 0 || f == 4 || f == 8)
		})
		sidePoints[c][Pawn] = newPointSet(func(f, r int) bool {
			f, r = rel(f, r)
			return r >= 5 || (r == 3 || r == 4) && f%2 == 0
		})
		for _, t := range []int{Horse, Rook, Cannon} {
			sidePoints[c][t] = anyPoints
		}
	}
}

// Layout is the index of a table: the side to move, then each slot's
// point ordinal, mixed radix.
type Layout struct {
	slots []slot
	first [NumPieces]int8 // first slot of each piece, -1 if none
	size  int64
}

// slotOrder is the order of the piece types in a layout.
var slotOrder = [...]int{King, Rook, Horse, Cannon, Pawn, Advisor, Elephant}

// NewLayout returns the index of the table of m.
func NewLayout(m Material) *Layout {
	l := &Layout{size: 2}
	for i := range l.first {
		l.first[i] = -1
	}
	for c := Red; c <= Black; c++ {
		counts := &m.Strong
		if c == Black {
			counts = &m.Weak
		}
		for _, t := range slotOrder {
			pc := makePiece(c, t)
			for i := 0; i < int(counts[t]); i++ {
				ps := sidePoints[c][t]
				if c == Red && t == King {
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

// Size returns the number of index entries.
func (l *Layout) Size() int64 { return l.size }

// Decode places the position of index idx on board (cleared first; pieces
// numbered as in package engine) and returns its side to move; ok is false
// when two pieces share a point or two pieces of a kind are out of order
// (each such set is stored once).
func (l *Layout) Decode(idx int64, board *[NumSquares]uint8) (side uint8, ok bool) {
	*board = [NumSquares]uint8{}
	side = uint8(idx & 1)
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
		if board[s] != 0 {
			return side, false
		}
		board[s] = sl.piece
	}
	return side, true
}

// Index returns the index of a placement whose attacking side is strong;
// ok is false when its pieces do not fit the layout. It does not allocate.
func (l *Layout) Index(pl *Placement, strong uint8) (idx int64, ok bool) {
	var ords [maxSlots]int16
	k := pl.Square[makePiece(strong, King)][0]
	flip := strong == Black
	mirror := k%numFiles == 5
	for pc := uint8(1); pc < NumPieces; pc++ {
		n := int(pl.Count[pc])
		if n == 0 {
			continue
		}
		tp := pc
		if flip {
			tp ^= 8
		}
		f := l.first[tp]
		if f < 0 || int(f)+n > len(l.slots) || l.slots[int(f)+n-1].piece != tp {
			return 0, false
		}
		for j := range n {
			t := pl.Square[pc][j]
			if flip {
				t = flipSquare(t)
			}
			if mirror {
				t = mirrorSquare(t)
			}
			o := l.slots[int(f)+j].points.ordinal[t]
			if o < 0 {
				return 0, false
			}
			// Keep a kind's ordinals increasing (insertion into its run).
			i := int(f) + j
			for i > int(f) && ords[i-1] > o {
				ords[i] = ords[i-1]
				i--
			}
			ords[i] = o
		}
	}
	side := pl.Side
	if flip {
		side ^= 1
	}
	idx, mult := int64(side), int64(2)
	for i := range l.slots {
		idx += int64(ords[i]) * mult
		mult *= int64(len(l.slots[i].points.squares))
	}
	return idx, true
}
