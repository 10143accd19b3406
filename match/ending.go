package match

import (
	"fmt"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/quote"
)

// judgeTurn is the adjudication chain: every match game ends here, on the
// turn of the engine of side (s, nil when it has none) that answered r
// with deadline on its clock. The links run in this order and the first
// that applies decides the game:
//
//  1. no engine (it did not start, or was withdrawn): Crash;
//  2. the answer (answerEnding): the engine crashed (Crash); it did not
//     answer by the deadline, or answered after it (TimeForfeit); it
//     resigned or answered nobestmove (Resignation); it answered the
//     opponent's draw offer with one (Agreement);
//  3. the move: illegal or unreadable (IllegalMove); otherwise it is
//     played;
//  4. the position after it: the referee's rules ending (engine.Game:
//     mate, stalemate, repetition, the natural limit, insufficient
//     material); the endgame tables (Config.Tablebases, Tablebase); the
//     score rules (Config.Adjudication, the resign rule first); the ply
//     limit (Config.MaxPlies, Adjudication).
//
// The zero Termination means that the game goes on.
func (gs *gameState) judgeTurn(side engine.Color, s *session, r reply, deadline time.Duration) engine.Termination {
	if s == nil {
		return engine.Loss(side, engine.Crash, gs.absent[side].detail())
	}
	if t := gs.answerEnding(side, r, deadline); t.Over() {
		return t
	}
	v, err := gs.playAnswer(side, s, r)
	if err != nil {
		// The engine's text is escaped and cut: it goes into the PGN.
		return engine.Loss(side, engine.IllegalMove, "played illegal move "+quote.Input(r.bm.Move))
	}
	return gs.afterMove(side, v, r.score, r.hasScore)
}

// afterMove is link 4 of the chain: the position after the move of side,
// which the referee judged v, with the score its engine reported (when
// hasScore). Rejudge replays a game through it.
func (gs *gameState) afterMove(side engine.Color, v engine.Verdict, score int, hasScore bool) engine.Termination {
	if v.Over() {
		return v.Termination()
	}
	if t := gs.tablebaseEnding(); t.Over() {
		return t
	}
	if t := gs.adj.add(side, score, hasScore); t.Over() {
		return t
	}
	return gs.plyLimitEnding()
}

// plyLimitEnding is the last link of the chain: a draw once the game has
// Config.MaxPlies plies (the opening's included).
func (gs *gameState) plyLimitEnding() engine.Termination {
	if n := gs.cfg.MaxPlies; n > 0 && len(gs.all) >= n {
		return engine.Termination{Outcome: engine.Draw, Reason: engine.Adjudication, Detail: fmt.Sprintf("the game reached %d plies", n)}
	}
	return engine.Termination{}
}

// answerEnding is link 2 of the chain: how the engine of side answered.
// It punches side's clock with the time the answer took (not after a
// crash).
func (gs *gameState) answerEnding(side engine.Color, r reply, deadline time.Duration) engine.Termination {
	clock := &gs.clocks[side]
	switch r.fail {
	case failCrash:
		return engine.Loss(side, engine.Crash, r.detail)
	case failTime:
		clock.Punch(r.elapsed)
		return engine.Loss(side, engine.TimeForfeit, fmt.Sprintf("did not move within %v", deadline.Round(time.Millisecond)))
	}
	if !clock.Punch(r.elapsed) {
		return engine.Loss(side, engine.TimeForfeit, fmt.Sprintf("moved after %v, deadline %v", r.elapsed.Round(time.Millisecond), deadline.Round(time.Millisecond)))
	}
	switch {
	case r.bm.Resign:
		return engine.Loss(side, engine.Resignation, "resigned")
	case r.bm.Move == "":
		return engine.Loss(side, engine.Resignation, "answered nobestmove")
	case r.bm.Draw && gs.offer == int(side.Opponent()):
		return engine.Termination{Outcome: engine.Draw, Reason: engine.Agreement, Detail: side.String() + " accepted the draw offer"}
	}
	return engine.Termination{}
}

// playAnswer is link 3 of the chain: it plays the move of the answer r of
// the engine of side through the referee, with its note and its draw
// offer, and returns the referee's verdict; an error for a move that is
// illegal or cannot be read.
func (gs *gameState) playAnswer(side engine.Color, s *session, r reply) (engine.Verdict, error) {
	m, err := gs.ref.Position().ParseMove(engineproc.MoveFromEngine(s.Proto(), r.bm.Move))
	if err != nil {
		return engine.Verdict{}, err
	}
	v, err := gs.play(m)
	if err != nil {
		return v, err
	}
	gs.notes = append(gs.notes, MoveNote{Book: r.book && !r.hasScore, Score: r.score, Depth: r.depth,
		HasScore: r.hasScore, Time: r.elapsed})
	if r.bm.Draw {
		gs.offer = int(side)
	} else {
		gs.offer = -1
	}
	return v, nil
}
