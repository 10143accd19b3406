package match

import "github.com/goxq/ucci/engine"

// Reason says why a match game ended: a rules ending of the referee (an
// engine.Reason, with the same word) or an ending the runner decides.
type Reason uint8

// runnerReasons is the first runner reason; the values below it are the
// referee's engine.Reason values (TestReasonWords checks that they fit).
const runnerReasons Reason = 64

// The endings the runner decides, off the board (see the chain in
// ending.go).
const (
	// IllegalMove: the engine's move was illegal or could not be read.
	IllegalMove Reason = runnerReasons + iota
	// Resignation: "bestmove ... resign", or nobestmove in a game that
	// goes on.
	Resignation
	// TimeForfeit: no move by the deadline, or one after it.
	TimeForfeit
	// Crash: the engine did not start, was withdrawn, exited, closed its
	// output or broke its input.
	Crash
	// Agreement: a draw offer answered with an offer.
	Agreement
	// Adjudication: the score rules (Config.Adjudication) or the ply
	// limit (Config.MaxPlies).
	Adjudication
)

var runnerWords = [...]string{
	IllegalMove - runnerReasons:  "illegal-move",
	Resignation - runnerReasons:  "resignation",
	TimeForfeit - runnerReasons:  "time-forfeit",
	Crash - runnerReasons:        "crash",
	Agreement - runnerReasons:    "agreement",
	Adjudication - runnerReasons: "adjudication",
}

// RulesReason returns the match reason of a referee's reason.
func RulesReason(r engine.Reason) Reason { return Reason(r) }

// Rules returns the referee's reason, and false for a runner ending.
func (r Reason) Rules() (engine.Reason, bool) {
	if r < runnerReasons {
		return engine.Reason(r), true
	}
	return engine.ReasonNone, false
}

// String returns the word of the PGN Termination tag: the referee's word
// for a rules ending (engine.Reason.String), else "illegal-move",
// "resignation", "time-forfeit", "crash", "agreement" or "adjudication".
func (r Reason) String() string {
	if rr, ok := r.Rules(); ok {
		return rr.String()
	}
	if i := int(r - runnerReasons); i < len(runnerWords) {
		return runnerWords[i]
	}
	return "unknown"
}

// Termination is how a match game ended: the outcome, the reason and the
// runner's explanation. The zero Termination is a game that goes on.
type Termination struct {
	Outcome engine.Outcome
	Reason  Reason
	// Detail explains a runner ending for [TerminationDetail], e.g.
	// "black played illegal move h2h9"; empty for a rules ending.
	Detail string
}

// Over tells whether the game has ended.
func (t Termination) Over() bool { return t.Outcome != engine.Ongoing }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (t Termination) Result() string { return t.Outcome.Result() }

// String returns "RESULT reason", e.g. "1-0 checkmate".
func (t Termination) String() string { return t.Result() + " " + t.Reason.String() }

// Lost tells whether side c lost the game for reason r.
func (t Termination) Lost(c engine.Color, r Reason) bool {
	return t.Reason == r && t.Outcome == engine.WinFor(c.Opponent())
}

// rulesEnding is the termination for a referee's verdict (ongoing for an
// ongoing game).
func rulesEnding(v engine.Verdict) Termination {
	return Termination{Outcome: v.Outcome, Reason: RulesReason(v.Reason)}
}

// loss is the termination in which side loses for reason r, explained by
// "SIDE detail" (e.g. "red resigned").
func loss(side engine.Color, r Reason, detail string) Termination {
	return Termination{Outcome: engine.WinFor(side.Opponent()), Reason: r, Detail: side.String() + " " + detail}
}
