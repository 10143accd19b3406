package web

import (
	"fmt"

	"github.com/goxq/ucci/engine"
)

// sideName returns "Red" or "Black".
func sideName(c engine.Color) string {
	if c == engine.Red {
		return "Red"
	}
	return "Black"
}

// verdictWords says a result in words: what happened, who must change (for
// the forbidden repetitions) and who wins. detail adds what the referee
// was told (an illegal move, an engine failure).
func verdictWords(v engine.Termination, detail string) string {
	if !v.Over() {
		return ""
	}
	winner, loser := engine.Red, engine.Black
	if v.Outcome == engine.BlackWins {
		winner, loser = engine.Black, engine.Red
	}
	W, L := sideName(winner), sideName(loser)
	wins := " — " + W + " wins"
	switch v.Reason {
	case engine.Checkmate:
		return "Checkmate" + wins
	case engine.Stalemate:
		return L + " has no legal move (stalemate)" + wins
	case engine.PerpetualCheck:
		return "Perpetual check by " + L + ": " + L + " must change and loses by the rules" + wins
	case engine.PerpetualChase:
		return "Perpetual chase by " + L + ": " + L + " must change and loses by the rules" + wins
	case engine.PerpetualAttack:
		return "Perpetual check and chase by " + L + ": " + L + " must change and loses by the rules" + wins
	case engine.Repetition:
		return "Repetition with no forbidden attack — draw"
	case engine.NaturalLimit:
		return "Natural limit: 60 moves each without a capture — draw"
	case engine.InsufficientMaterial:
		return "Neither side can mate — draw"
	case engine.Resignation:
		return L + " resigns" + wins
	case engine.TimeForfeit:
		return L + " lost on time" + wins
	case engine.Agreement:
		return "Draw agreed"
	case engine.IllegalMove:
		return fmt.Sprintf("%s's engine played an illegal move (%s)%s", L, detail, wins)
	case engine.Crash:
		return fmt.Sprintf("%s's engine stopped (%s)%s", L, detail, wins)
	}
	return v.String()
}

// forbiddenWords says which moves the side to move may not play because
// they would lose by the repetition rules, e.g. "Red must change: h2e2
// would repeat a perpetual check".
func forbiddenWords(side engine.Color, forbidden []forbiddenMove) string {
	if len(forbidden) == 0 {
		return ""
	}
	s := sideName(side) + " must change:"
	for i, f := range forbidden {
		if i > 0 {
			s += ";"
		}
		s += " " + f.Text + " would repeat a " + map[engine.Reason]string{
			engine.PerpetualCheck:  "perpetual check",
			engine.PerpetualChase:  "perpetual chase",
			engine.PerpetualAttack: "perpetual check and chase",
		}[f.reason]
	}
	return s + " and lose"
}

// forbiddenMove is a legal move that loses by the repetition rules.
type forbiddenMove struct {
	Move   string `json:"move"` // ICCS
	Text   string `json:"text"` // Chinese notation
	reason engine.Reason
}
