package protocol

import (
	"math"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
)

// bookMove picks a book move for the current position, skipping banned
// moves and moves that would repeat an earlier position.
func (s *Session) bookMove() (engine.Move, []book.Entry) {
	if !s.set.useBook || s.weakened() {
		return engine.NoMove, nil
	}
	src := s.openingBook()
	if src == nil {
		return engine.NoMove, nil
	}
	pos := s.pos
	opt := book.Options{Randomness: s.set.randomness, MaxPly: s.set.bookDepth, Filter: func(m engine.Move) bool {
		for _, b := range s.banMoves {
			if b.Short() == m.Short() {
				return false
			}
		}
		return !pos.WouldRepeat(m)
	}}
	var buf [64]book.Entry
	return book.Select(src, pos, opt, s.rng, buf[:0])
}

// playBookMove answers with a book move, at once unless pondering. Each
// book move of the position is announced first: in UCCI as a depth-0 line
// whose score is the centipawn value of the move's results (no score for
// books without results), in UCI as an info string with its statistics.
func (s *Session) playBookMove(st *searchState, m engine.Move, entries []book.Entry) {
	reply := engine.NoMove
	if src := s.openingBook(); src != nil {
		// The reply is looked up after the move, taken back then: no
		// search runs on the position.
		var buf [64]book.Entry
		s.pos.MakeMove(m)
		if e := src.Probe(s.pos, buf[:0]); len(e) > 0 {
			reply = e[0].Move
		}
		s.pos.UnmakeMove(m)
	}
	lines := make([]string, 0, len(entries))
	for _, e := range entries {
		var b []byte
		cp, hasScore := bookScore(e)
		if st.uci {
			b = append(b, "info string book move "...)
			b = s.appendMove(b, e.Move)
			b = append(b, " weight "...)
			b = appendInt(b, int64(e.Weight))
			if hasScore {
				b = append(b, " games "...)
				b = appendInt(b, int64(e.Games()))
				b = append(b, " score cp "...)
				b = appendInt(b, int64(cp))
			}
		} else {
			b = append(b, "info depth 0"...)
			if hasScore {
				b = append(b, " score "...)
				b = appendInt(b, int64(cp))
				b = appendWDL(b, cp, st.wdlMaterial)
			}
			b = append(b, " pv "...)
			b = s.appendMove(b, e.Move)
		}
		lines = append(lines, string(b))
	}
	out := searchOutcome{result: engine.Result{BestMove: m, PonderMove: reply}, fromBook: true, bookLines: lines}
	st.started = true
	if !st.ponder {
		st.done <- out
		return
	}
	go func() {
		<-st.release
		st.done <- out
	}()
}

// bookScoreScale is the logistic constant of the evaluation against game
// results (K of the Texel tuning, per centipawn; tuning/README.md): a
// result share p corresponds to ln(p/(1-p))/K centipawns.
const bookScoreScale = 0.010228

// bookScorePrior is the number of drawn games added to a book move's
// results before they are turned into a score, so that a move with few
// games is not announced as winning.
const bookScorePrior = 2

// bookScore turns a book move's results into centipawns for the side to
// move; false when the book has no results.
func bookScore(e book.Entry) (int, bool) {
	n := e.Games()
	if n == 0 {
		return 0, false
	}
	p := (float64(e.Wins) + float64(e.Draws+bookScorePrior)/2) / float64(n+bookScorePrior)
	cp := math.Log(p/(1-p)) / bookScoreScale
	return int(math.Round(min(max(cp, -1000), 1000))), true
}
