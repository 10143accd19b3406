package engine

import (
	"fmt"
	"strings"
)

// RuleSet selects the repetition rules the referee and the search apply.
type RuleSet uint8

// The supported rule sets.
const (
	// RulesCXA is the Chinese Xiangqi Association 1999 competition rules:
	// perpetual check, chase, mate threats and their alternations are all
	// forbidden attacks, whether one piece or several are chased.
	RulesCXA RuleSet = iota
	// RulesAXF is the Asian Xiangqi Federation rules: perpetual check and
	// perpetual chase of the same piece lose; one check plus one chase,
	// mate threats and chasing several pieces in turn are allowed.
	RulesAXF
)

// ParseRuleSet reads "cxa" (also "chinese") or "axf" (also "asian").
func ParseRuleSet(s string) (RuleSet, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "cxa", "chinese", "chineserule", "cxa1999":
		return RulesCXA, nil
	case "axf", "asian", "asianrule":
		return RulesAXF, nil
	}
	return RulesCXA, fmt.Errorf("unknown rule set %q (want cxa or axf)", s)
}

// String returns "cxa" or "axf".
func (r RuleSet) String() string {
	if r == RulesAXF {
		return "axf"
	}
	return "cxa"
}

// Outcome is the state of a game.
type Outcome int8

// Game outcomes.
const (
	Ongoing Outcome = iota
	RedWins
	BlackWins
	Draw
)

// Result returns the PGN result of the outcome: "1-0", "0-1", "1/2-1/2"
// or "*" (ongoing).
func (o Outcome) Result() string {
	switch o {
	case RedWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// WinFor returns the outcome in which c wins.
func WinFor(c Color) Outcome {
	if c == Red {
		return RedWins
	}
	return BlackWins
}

// Reason says why a game ended: under the rules (the referee, Game, gives
// only these: Reason.Rules) or off the board (resignation, time, a crash,
// an illegal or unreadable move, agreement, adjudication), as a match
// runner or the browser board decides them.
type Reason uint8

// The rules' reasons for the end of a game.
const (
	ReasonNone Reason = iota
	Checkmate
	Stalemate
	NaturalLimit
	PerpetualCheck
	PerpetualChase
	PerpetualAttack
	Repetition
	InsufficientMaterial

	// IllegalMove: the engine's move was illegal or could not be read.
	IllegalMove
	// Resignation: "bestmove ... resign", or nobestmove in a game that
	// goes on, or a player who resigns.
	Resignation
	// TimeForfeit: no move by the deadline, or one after it.
	TimeForfeit
	// Crash: the engine did not start, was withdrawn, exited, closed its
	// output or broke its input.
	Crash
	// Agreement: a draw offer answered with an offer.
	Agreement
	// Adjudication: a match's score rules or ply limit.
	Adjudication
	// Tablebase: a match's endgame tables know the result of the position
	// reached.
	Tablebase
)

// lastRulesReason is the last reason the referee gives.
const lastRulesReason = InsufficientMaterial

var reasonWords = [...]string{
	ReasonNone:           "ongoing",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	NaturalLimit:         "natural-limit",
	PerpetualCheck:       "perpetual-check",
	PerpetualChase:       "perpetual-chase",
	PerpetualAttack:      "perpetual-attack",
	Repetition:           "repetition",
	InsufficientMaterial: "insufficient-material",
	IllegalMove:          "illegal-move",
	Resignation:          "resignation",
	TimeForfeit:          "time-forfeit",
	Crash:                "crash",
	Agreement:            "agreement",
	Adjudication:         "adjudication",
	Tablebase:            "tablebase",
}

// Rules tells whether the rules decide this ending (the referee's verdict,
// from the position), not a player, a clock or a match runner.
func (r Reason) Rules() bool { return r > ReasonNone && r <= lastRulesReason }

// String returns the reason word used by `judge` and in PGN Termination
// tags: "checkmate" ... "insufficient-material", "illegal-move",
// "resignation", "time-forfeit", "crash", "agreement", "adjudication",
// "tablebase".
func (r Reason) String() string {
	if int(r) < len(reasonWords) {
		return reasonWords[r]
	}
	return "unknown"
}

// Verdict is a game result with its reason.
type Verdict struct {
	Outcome Outcome
	Reason  Reason
}

// Over tells whether the game has ended.
func (v Verdict) Over() bool { return v.Outcome != Ongoing }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (v Verdict) Result() string { return v.Outcome.Result() }

// String returns "RESULT reason", e.g. "1-0 checkmate".
func (v Verdict) String() string { return v.Result() + " " + v.Reason.String() }
