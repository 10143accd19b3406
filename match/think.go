package match

import (
	"context"
	"time"

	"github.com/goxq/ucci/engineproc"
)

// failure says how a move request went wrong.
type failure uint8

const (
	failNone    failure = iota
	failCrash           // the engine's output ended or its input broke
	failTime            // no move by the deadline (stop was sent before)
	failAborted         // the match was cancelled
)

// reply is the outcome of one move request.
type reply struct {
	bm       engineproc.BestMove
	score    int  // the last score the engine reported, its own view
	hasScore bool // score is set
	depth    int  // the depth of that score, 0 when not given
	book     bool // the engine announced a book move (a depth-0 info line)
	elapsed  time.Duration
	fail     failure
	detail   string // for failCrash: what happened to the engine
}

// crashed marks the session broken and returns a failCrash reply that says
// why; outputEnded tells whether the output ended (else the input broke).
func (s *session) crashed(outputEnded bool) reply {
	s.broken = true
	return reply{fail: failCrash, detail: s.Failure(outputEnded)}
}

// think sends the setup lines (position, banmoves) and go, then waits for
// bestmove or nobestmove. After a search that was stopped it first syncs
// with isready, so that a reply to the stop cannot pass for the next answer.
// The time is taken from just before go is written to the arrival of the
// answer. When stopAfter passes, stop is sent; when deadline passes without
// an answer, the request fails with failTime and the session is marked
// broken (it may answer later, so it is not reused).
func (s *session) think(ctx context.Context, setup []string, gocmd string, stopAfter, deadline time.Duration) reply {
	if r := s.prepare(ctx); r.fail != failNone {
		return r
	}
	for _, l := range setup {
		if err := s.Send(l); err != nil {
			return s.crashed(false)
		}
	}
	start := time.Now()
	if err := s.Send(gocmd); err != nil {
		return s.crashed(false)
	}
	return s.await(ctx, start, stopAfter, deadline, reply{})
}

// prepare readies an idle engine for a new search: it discards the output
// nobody waited for and, after a search that was stopped, syncs with
// isready, because the last answer may have crossed the stop, which an idle
// engine may answer with nobestmove (ElephantEye does). A reply with a
// failure says why the engine cannot search.
func (s *session) prepare(ctx context.Context) reply {
	if !s.Drain() {
		return s.crashed(true)
	}
	if s.stopped {
		s.stopped = false
		if err := s.Sync(ctx, s.Timeout()); err != nil {
			s.broken = true
			if ctx.Err() != nil {
				return reply{fail: failAborted}
			}
			return reply{fail: failCrash, detail: "did not answer isready after stop: " + err.Error()}
		}
	}
	return reply{}
}

// await waits for the answer to a search whose clock started at start: it
// sends stop when stopAfter has passed and fails with failTime when
// deadline passes without an answer (the session is then marked broken). r
// carries what was already read of the search (a score).
func (s *session) await(ctx context.Context, start time.Time, stopAfter, deadline time.Duration, r reply) reply {
	stop := time.NewTimer(max(stopAfter-time.Since(start), 0))
	defer stop.Stop()
	forfeit := time.NewTimer(max(deadline-time.Since(start), 0))
	defer forfeit.Stop()
	for {
		select {
		case l, ok := <-s.Lines():
			if !ok {
				c := s.crashed(true)
				r.fail, r.detail = c.fail, c.detail
				r.elapsed = time.Since(start)
				return r
			}
			if bm, ok := engineproc.ParseBestMove(l.Text); ok {
				r.bm = bm
				r.elapsed = max(l.At.Sub(start), 0)
				return r
			}
			r.note(l.Text)
			if s.onInfo != nil {
				s.onInfo(l.Text)
			}
		case <-stop.C:
			s.Send("stop")
			s.stopped = true
		case <-forfeit.C:
			// An answer may be waiting, read in time by the reader
			// while this goroutine was not scheduled.
			if s.answerBy(start.Add(deadline), start, &r) {
				return r
			}
			s.broken = true
			r.fail = failTime
			r.elapsed = time.Since(start)
			return r
		case <-ctx.Done():
			s.broken = true
			r.fail = failAborted
			return r
		}
	}
}

// answerBy looks through the output already read, without waiting, for a
// bestmove or nobestmove that arrived by the deadline, and fills in r from
// it (and from any scores before it).
func (s *session) answerBy(deadline, start time.Time, r *reply) bool {
	for {
		select {
		case l, ok := <-s.Lines():
			if !ok {
				return false
			}
			if bm, ok := engineproc.ParseBestMove(l.Text); ok {
				if l.At.After(deadline) {
					return false
				}
				r.bm, r.elapsed = bm, l.At.Sub(start)
				return true
			}
			r.note(l.Text)
		default:
			return false
		}
	}
}

// note records what an engine's info line says in the reply to a search:
// the last exact score with its depth, and whether a book move was
// announced.
func (r *reply) note(text string) {
	in, ok := engineproc.ParseInfo(text)
	switch {
	case !ok:
	case in.HasScore:
		r.score, r.hasScore, r.depth = in.Score, true, in.Depth
	case in.Book:
		r.book = true
	}
}
