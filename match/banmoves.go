package match

import (
	"strings"

	"github.com/goxq/ucci/engine"
)

// bannedMoves returns, as the UCCI league does before each move, the legal
// moves that would make the mover the offender of a forbidden perpetual
// (check, chase or attack) one cycle before the referee would rule on it:
// each move is judged with the repetition rules triggered one occurrence
// earlier (engine.Game.VerdictAfter). Nothing is returned when every legal
// move would be banned.
func (gs *gameState) bannedMoves() []string {
	pos := gs.ref.Position()
	if pos.PliesSinceCapture() < 4 {
		return nil // no cycle is possible yet
	}
	var list engine.MoveList
	pos.GenerateLegalMoves(&list)
	mover := pos.SideToMove()
	var banned []string
	for _, m := range list.Slice() {
		v, err := gs.ref.VerdictAfter(m, gs.cfg.Folds-1)
		if err != nil || v.Outcome != engine.WinFor(mover.Opponent()) {
			continue
		}
		switch v.Reason {
		case engine.PerpetualCheck, engine.PerpetualChase, engine.PerpetualAttack:
			banned = append(banned, m.String())
		}
	}
	if len(banned) == list.Count {
		return nil
	}
	return banned
}

// banLine formats the banmoves command, "" for no moves.
func banLine(moves []string) string {
	if len(moves) == 0 {
		return ""
	}
	return "banmoves " + strings.Join(moves, " ")
}
