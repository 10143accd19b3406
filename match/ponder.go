package match

import (
	"context"
	"slices"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// ponderState is a ponder search in progress: the engine thinks on the
// position after its own move and the reply it predicted.
type ponderState struct {
	move string // the predicted reply, ICCS
}

// never is a stop time that does not come before any deadline: await with
// it waits for an answer without sending stop.
const never = 24 * time.Hour

// startPonder sends an engine that pondes, after its move, the position with
// its predicted reply and "go ponder" with the clocks as they stand (its own
// clock does not run until ponderhit). Nothing is sent when the prediction
// is missing or illegal, or when it would end the game.
func (gs *gameState) startPonder(ctx context.Context, side engine.Color, s *session, predicted string) {
	if !s.Spec().Ponder || predicted == "" || s.broken || gs.over() {
		return
	}
	pos := gs.ref.Position()
	iccs := engineproc.MoveFromEngine(s.Proto(), predicted)
	m, err := pos.ParseMove(iccs)
	if err != nil {
		s.Note("no pondering on the illegal prediction " + predicted)
		return
	}
	hyp := gs.after(m)
	if hyp == nil {
		return
	}
	if s.prepare(ctx).fail != failNone {
		return
	}
	args := hyp.goArgs(side, s)
	args.Ponder, args.Draw = true, false
	for _, l := range append(hyp.setupLines(s), engineproc.GoLine(s.Proto(), args)) {
		if s.Send(l) != nil {
			s.broken = true
			return
		}
	}
	s.ponder = &ponderState{move: m.String()}
}

// after returns a copy of the game with m played, or nil when m is illegal
// or ends the game.
func (gs *gameState) after(m engine.Move) *gameState {
	ref := *gs.ref
	hyp := *gs
	hyp.ref = &ref
	hyp.all = slices.Clone(gs.all)
	hyp.since = slices.Clone(gs.since)
	if v, err := hyp.play(m); err != nil || v.Over() {
		return nil
	}
	return &hyp
}

// ponderAnswer gets the move of an engine that pondered while its opponent
// thought. On a hit (the opponent played the predicted move) it sends
// ponderhit, with draw when the opponent offers one, and the clock runs from
// then. On a miss it sends stop, discards the answer, and asks for the move
// of the real position; the clock runs from the stop. An answer the engine
// gave before ponderhit or stop (ElephantEye does so with book moves) is
// taken as the move on a hit, at no cost, and ignored on a miss.
func (gs *gameState) ponderAnswer(ctx context.Context, side engine.Color, s *session, deadline time.Duration) reply {
	p := s.ponder
	s.ponder = nil
	moves := gs.ref.Moves()
	hit := len(moves) > 0 && moves[len(moves)-1].String() == p.move
	var r reply
	early, open := s.earlyAnswer(&r)
	if !open {
		return s.crashed(true)
	}
	start := time.Now()
	stopAfter := deadline - gs.cfg.grace()
	if hit {
		gs.ponderHits[side]++
		if early {
			s.Note("bestmove while pondering taken on the ponder hit")
			return r
		}
		cmd := "ponderhit"
		if gs.offer == int(side.Opponent()) && s.Proto() == engineproc.ProtoUCCI {
			cmd = "ponderhit draw"
		}
		if s.Send(cmd) != nil {
			return s.crashed(false)
		}
		return s.await(ctx, start, stopAfter, deadline, r)
	}
	gs.ponderMisses[side]++
	if !early {
		if s.Send("stop") != nil {
			return s.crashed(false)
		}
		s.stopped = true
		if d := s.await(ctx, start, never, deadline, reply{}); d.fail != failNone {
			return d
		}
	}
	used := time.Since(start)
	args := gs.goArgs(side, s)
	args.Own.Time = max(args.Own.Time-used, 0)
	r = s.think(ctx, gs.setupLines(s), engineproc.GoLine(s.Proto(), args), stopAfter-used, deadline-used)
	r.elapsed += used
	return r
}

// earlyAnswer reads, without waiting, the output of a ponder search that
// has arrived: it reports whether it holds an answer (filled into r with
// the scores before it) and whether the output is still open.
func (s *session) earlyAnswer(r *reply) (answered, open bool) {
	for {
		select {
		case l, ok := <-s.Lines():
			if !ok {
				return false, false
			}
			if bm, ok := engineproc.ParseBestMove(l.Text); ok {
				r.bm = bm
				return true, true
			}
			r.note(l.Text)
		default:
			return false, true
		}
	}
}

// cancelPonder ends a ponder search the game no longer needs: stop, and the
// answer is read and discarded (an engine that does not answer within the
// session timeout is not reused).
func (s *session) cancelPonder(ctx context.Context) {
	if s == nil || s.ponder == nil {
		return
	}
	s.ponder = nil
	var r reply
	early, open := s.earlyAnswer(&r)
	switch {
	case !open:
		s.broken = true
		return
	case early:
		return
	}
	if s.Send("stop") != nil {
		s.broken = true
		return
	}
	s.stopped = true
	if d := s.await(ctx, time.Now(), never, s.Timeout(), reply{}); d.fail != failNone {
		s.broken = true
	}
}
