package pgn

import (
	"fmt"

	"github.com/goxq/ucci/engine"
)

// fileIndex turns a file number counted from the mover's right (1-9) into an
// engine file (0-8, a-i): Red's first file is i, Black's is a.
func fileIndex(c engine.Color, n int) int {
	if c == engine.Red {
		return engine.NumFiles - n
	}
	return n - 1
}

// forward is the rank step toward the opponent.
func forward(c engine.Color) int {
	if c == engine.Red {
		return 1
	}
	return -1
}

// fileGroups lists, per engine file, the squares of one piece kind ordered
// from the front (nearest the opponent) to the back. No kind has more than
// five pieces.
type fileGroups struct {
	sq [engine.NumFiles][5]engine.Square
	n  [engine.NumFiles]int
}

// file returns the pieces on engine file f, front first.
func (g *fileGroups) file(f int) []engine.Square { return g.sq[f][:g.n[f]] }

// groupByFile collects the side to move's pieces of type t by file.
func groupByFile(pos *engine.Position, t engine.PieceType, g *fileGroups) {
	us := pos.SideToMove()
	var store [16]engine.Square
	n := 0
	for bb := pos.Pieces(engine.MakePiece(us, t)); !bb.IsEmpty() && n < len(store); {
		store[n] = bb.PopFirst()
		n++
	}
	// Squares come out in ascending order (rank by rank from Red's side), so
	// Black's front comes first and Red's must be reversed.
	for i := 0; i < n; i++ {
		s := store[i]
		if us == engine.Red {
			s = store[n-1-i]
		}
		f := s.File()
		if g.n[f] < len(g.sq[f]) {
			g.sq[f][g.n[f]] = s
			g.n[f]++
		}
	}
}

// pick chooses an index among n pieces on one file for a selector, -1 when
// any of them may be meant (legality decides) and ok false when the
// selector cannot apply.
func pick(n int, sel selKind, wxf bool) (idx int, ok bool) {
	switch sel {
	case selNone:
		switch {
		case n == 1:
			return 0, true
		case n >= 3 && n%2 == 1: // the middle soldier keeps the plain form
			return n / 2, true
		}
		return -1, n > 0
	case selFront:
		if wxf && n >= 4 {
			return 1, true
		}
		return 0, n >= 2
	case selRear:
		if wxf && n >= 4 {
			return n - 2, true
		}
		return n - 1, n >= 2
	case selMiddle:
		return n / 2, n >= 3 && n%2 == 1
	case selForemost:
		return 0, n >= 2
	case selRearmost:
		return n - 1, n >= 2
	}
	return 0, false
}

// candidates returns the origin squares a spec may mean.
func candidates(pos *engine.Position, spec moveSpec, out []engine.Square) ([]engine.Square, error) {
	var g fileGroups
	groupByFile(pos, spec.piece, &g)
	us := pos.SideToMove()
	addFile := func(group []engine.Square) {
		switch idx, ok := pick(len(group), spec.sel, spec.wxf); {
		case !ok:
		case idx < 0:
			out = append(out, group...)
		default:
			out = append(out, group[idx])
		}
	}
	switch {
	case spec.file != 0:
		addFile(g.file(fileIndex(us, spec.file)))
	case spec.sel == selOrdinal:
		// Tandem pieces numbered from the mover's right file to the left,
		// front to back within a file.
		k := spec.ordinal
		for n := 1; n <= engine.NumFiles; n++ {
			group := g.file(fileIndex(us, n))
			if len(group) < 2 {
				continue
			}
			if k <= len(group) {
				return append(out, group[k-1]), nil
			}
			k -= len(group)
		}
		return nil, ErrNoPiece
	case spec.sel != selNone:
		for f := range engine.NumFiles {
			if group := g.file(f); len(group) >= 2 {
				addFile(group)
			}
		}
	}
	if len(out) == 0 {
		return nil, ErrNoPiece
	}
	return out, nil
}

// destination computes where the piece on from goes under spec, false when
// the spec makes no sense for that piece.
func destination(us engine.Color, t engine.PieceType, from engine.Square, spec moveSpec) (engine.Square, bool) {
	ff, fr := from.File(), from.Rank()
	dir := forward(us)
	if spec.action == '-' {
		dir = -dir
	}
	tf, tr := ff, fr
	switch t {
	case engine.King, engine.Rook, engine.Cannon, engine.Pawn:
		if spec.action == '.' {
			tf = fileIndex(us, spec.target)
			if tf == ff {
				return engine.NoSquare, false
			}
		} else {
			tr = fr + dir*spec.target
		}
	case engine.Advisor, engine.Elephant, engine.Horse:
		if spec.action == '.' {
			return engine.NoSquare, false
		}
		tf = fileIndex(us, spec.target)
		dx := max(tf-ff, ff-tf)
		var dy int
		switch {
		case t == engine.Advisor && dx == 1:
			dy = 1
		case t == engine.Elephant && dx == 2:
			dy = 2
		case t == engine.Horse && dx == 1:
			dy = 2
		case t == engine.Horse && dx == 2:
			dy = 1
		default:
			return engine.NoSquare, false
		}
		tr = fr + dir*dy
	default:
		return engine.NoSquare, false
	}
	if tr < 0 || tr >= engine.NumRanks {
		return engine.NoSquare, false
	}
	return engine.MakeSquare(tf, tr), true
}

// legalMove returns the move from..to if it is legal in pos, NoMove otherwise.
func legalMove(pos *engine.Position, from, to engine.Square) engine.Move {
	m := pos.MoveFromShort(uint16(from) | uint16(to)<<7)
	if m == engine.NoMove || !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
		return engine.NoMove
	}
	return m
}

// resolve finds the one legal move a relative spec describes.
func resolve(pos *engine.Position, spec moveSpec) (engine.Move, error) {
	var buf [16]engine.Square
	froms, err := candidates(pos, spec, buf[:0])
	if err != nil {
		return engine.NoMove, err
	}
	us := pos.SideToMove()
	found := engine.NoMove
	for _, from := range froms {
		to, ok := destination(us, spec.piece, from, spec)
		if !ok {
			continue
		}
		m := legalMove(pos, from, to)
		if m == engine.NoMove {
			continue
		}
		if found != engine.NoMove && found != m {
			return engine.NoMove, fmt.Errorf("%w: %s or %s", ErrAmbiguous, found, m)
		}
		found = m
	}
	if found == engine.NoMove {
		return engine.NoMove, ErrIllegal
	}
	return found, nil
}
