package tbgen

import "github.com/goxq/ucci/engine/tb"

// Board geometry for unmoves; points are rank*9+file, rank 0 on Red's side,
// as in packages engine and tb.
const (
	numFiles = 9
	numRanks = 10
)

// The offsets of an orthogonal step, a diagonal step and an elephant's
// move, in files and ranks.
var (
	orthogonal = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagonal   = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	horseSteps = [8][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}
)

// pointAt returns the point of file f and rank r, or -1 off the board.
func pointAt(f, r int) int {
	if f < 0 || f >= numFiles || r < 0 || r >= numRanks {
		return -1
	}
	return r*numFiles + f
}

// inPalace tells whether file f, rank r lies in the palace of colour c.
func inPalace(c uint8, f, r int) bool {
	if c == tb.Black {
		r = numRanks - 1 - r
	}
	return f >= 3 && f <= 5 && r <= 2
}

// ownHalf tells whether rank r is on colour c's side of the river.
func ownHalf(c uint8, r int) bool {
	if c == tb.Black {
		return r >= 5
	}
	return r <= 4
}

// unmoveSources calls from(x) for every empty point x from which the piece
// pc standing on point y could have come to y by a move that captured
// nothing, on board (the position after that move). Whether the position
// before the move was legal is not checked: the caller finds it in the
// table.
func unmoveSources(board *[tb.NumSquares]uint8, pc uint8, y int, from func(x int)) {
	c := pc >> 3
	f, r := y%numFiles, y/numFiles
	empty := func(ff, rr int) int {
		if x := pointAt(ff, rr); x >= 0 && board[x] == 0 {
			return x
		}
		return -1
	}
	switch pc & 7 {
	case tb.King:
		for _, d := range orthogonal {
			if x := empty(f+d[0], r+d[1]); x >= 0 && inPalace(c, f+d[0], r+d[1]) {
				from(x)
			}
		}
	case tb.Advisor:
		for _, d := range diagonal {
			if x := empty(f+d[0], r+d[1]); x >= 0 && inPalace(c, f+d[0], r+d[1]) {
				from(x)
			}
		}
	case tb.Elephant:
		for _, d := range diagonal {
			eye := pointAt(f+d[0], r+d[1])
			if x := empty(f+2*d[0], r+2*d[1]); x >= 0 && board[eye] == 0 && ownHalf(c, r+2*d[1]) {
				from(x)
			}
		}
	case tb.Horse:
		// The horse went from x by two points along one line and one across;
		// its leg is the point next to x along the long line.
		for _, d := range horseSteps {
			xf, xr := f-d[0], r-d[1]
			x := empty(xf, xr)
			if x < 0 {
				continue
			}
			lf, lr := xf, xr
			if d[0] == 2 || d[0] == -2 {
				lf += d[0] / 2
			} else {
				lr += d[1] / 2
			}
			if board[pointAt(lf, lr)] == 0 {
				from(x)
			}
		}
	case tb.Rook, tb.Cannon:
		// A cannon that captured nothing moved as a chariot does.
		for _, d := range orthogonal {
			for ff, rr := f+d[0], r+d[1]; ; ff, rr = ff+d[0], rr+d[1] {
				x := empty(ff, rr)
				if x < 0 {
					break
				}
				from(x)
			}
		}
	case tb.Pawn:
		forward := 1
		if c == tb.Black {
			forward = -1
		}
		if x := empty(f, r-forward); x >= 0 {
			from(x)
		}
		if !ownHalf(c, r) {
			for _, df := range [2]int{1, -1} {
				if x := empty(f+df, r); x >= 0 {
					from(x)
				}
			}
		}
	}
}
