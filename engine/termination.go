package engine

// Termination is how a game ended, whoever decided it: the outcome, the
// reason (a referee's verdict or an ending off the board) and, for an
// ending off the board, an explanation. The zero Termination is a game
// that goes on.
type Termination struct {
	Outcome Outcome
	Reason  Reason
	// Detail explains an ending off the board, e.g. "black played illegal
	// move h2h9"; empty for a rules ending.
	Detail string
}

// Termination returns the referee's verdict as a termination (a game that
// goes on for an ongoing verdict).
func (v Verdict) Termination() Termination {
	return Termination{Outcome: v.Outcome, Reason: v.Reason}
}

// Over tells whether the game has ended.
func (t Termination) Over() bool { return t.Outcome != Ongoing }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (t Termination) Result() string { return t.Outcome.Result() }

// String returns "RESULT reason", e.g. "1-0 checkmate".
func (t Termination) String() string { return t.Result() + " " + t.Reason.String() }

// Lost tells whether side c lost the game for reason r.
func (t Termination) Lost(c Color, r Reason) bool {
	return t.Reason == r && t.Outcome == WinFor(c.Opponent())
}

// Loss is the termination in which side loses for reason r, explained by
// "SIDE detail" (e.g. "red resigned").
func Loss(side Color, r Reason, detail string) Termination {
	return Termination{Outcome: WinFor(side.Opponent()), Reason: r, Detail: side.String() + " " + detail}
}
