package match

import "slices"

// inOrder puts the writes of games in the order of their places (the
// schedule's game numbers, a round's fixtures), whatever the order the
// games finish in: a place's write runs once every place before it is
// resolved, with a game to write or without (a game not played, an
// error). flush runs the writes still held, in order, for the end of a
// match whose earlier places never came (stopped by the SPRT, cancelled).
type inOrder struct {
	next int                  // the first place not resolved yet
	held map[int]func() error // resolved places after next; nil: nothing to write
}

// newInOrder returns an empty order whose first place is first.
func newInOrder(first int) *inOrder { return &inOrder{next: first, held: map[int]func() error{}} }

// resolve marks place p resolved with its write (nil for none) and runs
// the writes now due; it returns the first error of one.
func (o *inOrder) resolve(p int, write func() error) error {
	o.held[p] = write
	for {
		w, ok := o.held[o.next]
		if !ok {
			return nil
		}
		delete(o.held, o.next)
		o.next++
		if w != nil {
			if err := w(); err != nil {
				return err
			}
		}
	}
}

// flush runs the writes still held, in the order of their places.
func (o *inOrder) flush() error {
	places := make([]int, 0, len(o.held))
	for p := range o.held {
		places = append(places, p)
	}
	slices.Sort(places)
	for _, p := range places {
		w := o.held[p]
		delete(o.held, p)
		if w != nil {
			if err := w(); err != nil {
				return err
			}
		}
	}
	return nil
}
