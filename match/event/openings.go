package event

// OpeningOrder chooses the openings of an event's games from a set of n:
// the next of the set, except that the games of a knockout match after
// the first repeat its opening with the colours swapped (games 2, 4, ...
// of a tie, board by board).
type OpeningOrder struct {
	n, used int
	last    map[tieBoard]int // the last opening of each knockout tie (and board)
}

// tieBoard is a board of a knockout tie.
type tieBoard struct {
	tie   *tie
	board int
}

// NewOpeningOrder returns the order of a set of n openings.
func NewOpeningOrder(n int) *OpeningOrder {
	return &OpeningOrder{n: n, last: map[tieBoard]int{}}
}

// Next returns the opening of fixture f, the fixtures being asked in the
// order they are played.
func (o *OpeningOrder) Next(f Fixture) int {
	tie := tieBoard{f.tie, f.Board}
	if f.tie != nil && f.Game%2 == 0 {
		if op, ok := o.last[tie]; ok {
			return op
		}
	}
	op := o.used % o.n
	o.used++
	o.last[tie] = op
	return op
}
