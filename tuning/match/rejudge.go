package match

import (
	"fmt"

	"github.com/goxq/ucci/engine"
)

// Rejudge replays game g, played elsewhere (on a broker's worker), through
// the referee and the adjudication of cfg (which has its defaults), as the
// runner judges a game it plays, and checks the termination g reports.
//
// The endings the referee sees after a move are recomputed: checkmate,
// stalemate, the repetition rules, the natural limit, insufficient
// material, and the score and ply-limit adjudication (from the scores in
// the moves' notes). A game that goes on after one of them, or that
// reports another ending than the one it reached, is an error. The
// endings off the board (an illegal move, a resignation, a time forfeit, a
// crash, a draw by agreement) happen on the turn of the side to move after
// the last move: they are taken as reported (reported is true) when their
// result is that side's loss (a draw for an agreement).
func Rejudge(cfg *Config, g GameResult) (reported bool, err error) {
	if g.Opening < 0 || g.Opening >= len(cfg.Openings) {
		return false, fmt.Errorf("game %d: opening %d out of range", g.Number, g.Opening)
	}
	o := cfg.Openings[g.Opening]
	if g.StartFEN != o.FEN || len(g.Moves) < len(o.Moves) {
		return false, fmt.Errorf("game %d: not played from its opening", g.Number)
	}
	for i, m := range o.Moves {
		if g.Moves[i] != m {
			return false, fmt.Errorf("game %d: not played from its opening", g.Number)
		}
	}
	if len(g.Notes) != len(g.Moves) {
		return false, fmt.Errorf("game %d: %d notes for %d moves", g.Number, len(g.Notes), len(g.Moves))
	}
	gs, err := newGameState(cfg, o)
	if err != nil {
		return false, fmt.Errorf("game %d: %v", g.Number, err)
	}
	for i := len(o.Moves); i < len(g.Moves); i++ {
		if gs.over() {
			return false, fmt.Errorf("game %d goes on after its end (%s) at ply %d", g.Number, gs.term, i)
		}
		side := gs.ref.Position().SideToMove()
		v, err := gs.play(g.Moves[i])
		if err != nil {
			return false, fmt.Errorf("game %d: ply %d: %v", g.Number, i+1, err)
		}
		gs.term = gs.afterMove(side, v, g.Notes[i].Score, g.Notes[i].HasScore)
	}
	claim := g.Termination
	if gs.over() {
		if claim.Outcome != gs.term.Outcome || claim.Reason != gs.term.Reason {
			return false, fmt.Errorf("game %d reports %s, the referee %s", g.Number, claim, gs.term)
		}
		return false, nil
	}
	side := gs.ref.Position().SideToMove()
	switch claim.Reason {
	case IllegalMove, Resignation, TimeForfeit, Crash:
		if claim.Outcome != engine.WinFor(side.Opponent()) {
			return false, fmt.Errorf("game %d reports %s with %s to move", g.Number, claim, side)
		}
	case Agreement:
		if claim.Outcome != engine.Draw {
			return false, fmt.Errorf("game %d reports %s", g.Number, claim)
		}
	default:
		return false, fmt.Errorf("game %d reports %s, the referee sees it go on", g.Number, claim)
	}
	return true, nil
}
