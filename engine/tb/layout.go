package tb

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

// group is the pieces of one kind in a table's index: count of them over
// the points they may stand on, numbered as a set (the combinatorial
// number system), so that the same pieces on the same points have one
// index whatever their order.
type group struct {
	piece  uint8
	count  int
	points *pointSet
	radix  int64 // choose(len(points.squares), count)
}

// choose[n][k] is the binomial coefficient n over k.
var choose = func() (c [NumSquares + 1][MaxSameKind + 1]int64) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= MaxSameKind && k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// Layout is the index of a table: the side to move, then each group's
// rank, mixed radix.
type Layout struct {
	groups []group
	pieces int // pieces of the table, generals included
	size   int64
}

// slotOrder is the order of the piece types in a layout.
var slotOrder = [...]int{King, Rook, Horse, Cannon, Pawn, Advisor, Elephant}

// NewLayout returns the index of the table of m.
func NewLayout(m Material) *Layout {
	l := &Layout{size: 2}
	for c := Red; c <= Black; c++ {
		counts := &m.Strong
		if c == Black {
			counts = &m.Weak
		}
		for _, t := range slotOrder {
			n := int(counts[t])
			if n == 0 {
				continue
			}
			ps := sidePoints[c][t]
			if c == Red && t == King {
				ps = strongKingPoints
			}
			g := group{piece: makePiece(c, t), count: n, points: ps, radix: choose[len(ps.squares)][n]}
			l.groups = append(l.groups, g)
			l.pieces += n
			l.size *= g.radix
		}
	}
	return l
}

// Size returns the number of index entries.
func (l *Layout) Size() int64 { return l.size }

// Decode places the position of index idx on board (cleared first; pieces
// numbered as in package engine) and returns its side to move; ok is false
// when two pieces share a point.
func (l *Layout) Decode(idx int64, board *[NumSquares]uint8) (side uint8, ok bool) {
	*board = [NumSquares]uint8{}
	side = uint8(idx & 1)
	idx >>= 1
	ok = true
	for i := range l.groups {
		g := &l.groups[i]
		r := idx % g.radix
		idx /= g.radix
		// The largest ordinal o with choose[o][k] <= r, for k from count
		// down to 1, each below the one before (for k = 1, r itself).
		o := len(g.points.squares)
		for k := g.count; k >= 1; k-- {
			if k == 1 {
				o = int(r)
			} else {
				o--
				for choose[o][k] > r {
					o--
				}
				r -= choose[o][k]
			}
			s := g.points.squares[o]
			if board[s] != 0 {
				ok = false
			}
			board[s] = g.piece
		}
	}
	return side, ok
}

// Index returns the index of a placement whose attacking side is strong;
// ok is false when its pieces do not fit the layout. It does not allocate.
func (l *Layout) Index(pl *Placement, strong uint8) (idx int64, ok bool) {
	k := pl.Square[makePiece(strong, King)][0]
	flip := strong == Black
	mirror := k%numFiles == 5
	total := 0
	for pc := range pl.Count {
		total += int(pl.Count[pc])
	}
	if total != l.pieces {
		return 0, false
	}
	side := pl.Side
	if flip {
		side ^= 1
	}
	idx, mult := int64(side), int64(2)
	for i := range l.groups {
		g := &l.groups[i]
		pc := g.piece
		if flip {
			pc ^= 8
		}
		if int(pl.Count[pc]) != g.count {
			return 0, false
		}
		// The group's ordinals in increasing order, then their rank.
		var ords [MaxSameKind]int
		for j := range g.count {
			t := pl.Square[pc][j]
			if flip {
				t = flipSquare(t)
			}
			if mirror {
				t = mirrorSquare(t)
			}
			o := int(g.points.ordinal[t])
			if o < 0 {
				return 0, false
			}
			at := j
			for at > 0 && ords[at-1] > o {
				ords[at] = ords[at-1]
				at--
			}
			ords[at] = o
		}
		rank := int64(0)
		for j := range g.count {
			rank += choose[ords[j]][j+1]
		}
		idx += rank * mult
		mult *= g.radix
	}
	return idx, true
}
