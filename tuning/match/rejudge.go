package match

import (
	"fmt"
	"slices"

	"github.com/goxq/ucci/engine"
)

// rejudge replays a finished game through the referee as the runner plays
// one (newGameState: opening opening of c, c's rules) and checks the
// ending it records against the adjudication chain (judgeTurn):
//
//   - the game starts from the opening, every later move is legal, and no
//     move comes after an ending the referee sees: its rules ending
//     (mate, stalemate, the repetition rules, the natural limit,
//     insufficient material) or the ply limit (Config.MaxPlies);
//   - a game that ends where the referee sees a rules ending records that
//     ending, result and reason; one that ends at the ply limit records an
//     adjudication (the score rules come first, so either kind);
//   - any other game records an ending off the board, taken as recorded
//     (the referee cannot see it) as far as the position tells: illegal
//     move, resignation, time forfeit and crash lose for the side to move,
//     on whose turn the chain decides them; an agreement is a draw; an
//     adjudication needs a score rule that gives its result (the resign
//     rule a win, the draw rule a draw).
func (c *Config) rejudge(opening int, g GameResult) error {
	o := c.Openings[opening]
	gs, err := newGameState(c, o)
	if err != nil {
		return err
	}
	start, err := engine.NewPosition(g.StartFEN)
	if err != nil {
		return fmt.Errorf("start position: %v", err)
	}
	if start.FEN() != gs.ref.StartFEN() || len(g.Moves) < len(o.Moves) || !slices.Equal(g.Moves[:len(o.Moves)], o.Moves) {
		return fmt.Errorf("it does not start with opening %d of the set", opening+1)
	}
	played := g.Moves[len(o.Moves):]
	var end Termination
	for i, m := range played {
		ply := len(o.Moves) + i + 1
		if end.Over() {
			return fmt.Errorf("ply %d %s comes after the end of the game (%s at ply %d)", ply, m, end, ply-1)
		}
		if _, err := gs.play(m); err != nil {
			return fmt.Errorf("ply %d %s: %v", ply, m, err)
		}
		if end = rulesEnding(gs.ref.Verdict()); !end.Over() {
			end = gs.plyLimitEnding()
		}
	}
	rec := g.Termination
	_, rulesRecorded := rec.Reason.Rules()
	resignRule, drawRule := c.Adjudication.ResignMoves > 0, c.Adjudication.DrawMoves > 0
	switch {
	case end.Over() && end.Reason == Adjudication:
		// The score rules come before the ply limit in the chain.
		if rec.Reason != Adjudication || rec.Outcome != engine.Draw && !resignRule {
			return fmt.Errorf("it records %s, but the game reached the ply limit (%d), which draws it, and no resign rule is on", rec, c.MaxPlies)
		}
	case end.Over():
		if rec.Outcome != end.Outcome || rec.Reason != end.Reason {
			return fmt.Errorf("it records %s, but the referee ends it %s", rec, end)
		}
	case rulesRecorded:
		return fmt.Errorf("it records %s, but the referee sees no ending after the last move", rec)
	case rec.Reason == Agreement && rec.Outcome != engine.Draw:
		return fmt.Errorf("it records %s: an agreement is a draw", rec)
	case rec.Reason == Adjudication && rec.Outcome == engine.Draw && !drawRule:
		return fmt.Errorf("it records %s, but no draw rule is on and the game is short of the ply limit", rec)
	case rec.Reason == Adjudication && rec.Outcome != engine.Draw && !resignRule:
		return fmt.Errorf("it records %s, but no resign rule is on", rec)
	case rec.Reason == IllegalMove || rec.Reason == Resignation || rec.Reason == TimeForfeit || rec.Reason == Crash:
		side := gs.ref.Position().SideToMove()
		if rec.Outcome != engine.WinFor(side.Opponent()) {
			return fmt.Errorf("it records %s, but %s loses by %s only on its own turn, and %s is to move", rec, side.Opponent(), rec.Reason, side)
		}
	}
	return nil
}
