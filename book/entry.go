package book

import "github.com/goxq/ucci/engine"

// Entry is one book move of a position.
type Entry struct {
	Move   engine.Move // legal in the probed position
	Weight int         // relative preference, > 0
	// Game statistics from the point of view of the side to move; all
	// zero for formats without them (BOOK.DAT).
	Wins, Draws, Losses int
}

// Games returns the number of games behind the entry.
func (e Entry) Games() int { return e.Wins + e.Draws + e.Losses }

// Score returns the side to move's average result with the move (win 1,
// draw 1/2), or -1 when the entry has no statistics.
func (e Entry) Score() float64 {
	n := e.Games()
	if n == 0 {
		return -1
	}
	return (float64(e.Wins) + float64(e.Draws)/2) / float64(n)
}

// Source is an opening book that can be probed.
type Source interface {
	// Probe appends the book moves of pos that are legal there to dst,
	// highest weight first, and returns the extended slice. It does not
	// allocate when dst has room.
	Probe(pos *engine.Position, dst []Entry) []Entry
}

// Set probes several books in order: the first one that knows the
// position answers alone (weights of different books are not comparable).
type Set []Source

// Probe implements Source.
func (s Set) Probe(pos *engine.Position, dst []Entry) []Entry {
	for _, src := range s {
		if out := src.Probe(pos, dst); len(out) > len(dst) {
			return out
		}
	}
	return dst
}

// legalMove returns the move from..to when it is legal in pos, NoMove
// otherwise (stale or colliding book entries are dropped this way).
func legalMove(pos *engine.Position, from, to engine.Square) engine.Move {
	if from >= engine.NumSquares || to >= engine.NumSquares {
		return engine.NoMove
	}
	m := pos.MoveFromShort(uint16(from) | uint16(to)<<7)
	if m == engine.NoMove || !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
		return engine.NoMove
	}
	return m
}

// sortByWeight orders entries by weight, highest first, keeping the order
// of equal weights (insertion sort: lists are short and must not allocate).
func sortByWeight(e []Entry) {
	for i := 1; i < len(e); i++ {
		x := e[i]
		j := i
		for j > 0 && e[j-1].Weight < x.Weight {
			e[j] = e[j-1]
			j--
		}
		e[j] = x
	}
}
