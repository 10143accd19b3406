package match

import (
	"fmt"
	"slices"

	"github.com/goxq/ucci/engine"
)

// Rejudge replays game g, played elsewhere (on a broker's worker) or read
// back from an event's PGN (-resume), through the runner's own judgement
// of a game it plays (newGameState and the adjudication chain of
// judgeTurn, under cfg's rules and openings: cfg has its defaults), from
// opening g.Opening, and checks the ending g records. It reports whether
// that ending is one the referee cannot see, taken as recorded.
//
//   - The game starts from its opening, every later move is legal, and no
//     move comes after an ending the referee sees: its rules ending (mate,
//     stalemate, the repetition rules, the natural limit, insufficient
//     material), the score rules (Config.Adjudication) and the ply limit
//     (Config.MaxPlies).
//   - A game that ends where the chain ends it records that ending,
//     result and reason.
//   - The score rules judge by the engines' scores, which a game carries
//     in its notes, one per move (as the runner and the broker's workers
//     record them): withScores says the game has them, and a game that
//     then lacks any is refused. A game without them (a PGN read back) is
//     judged by the rules and the ply limit alone, and an adjudication it
//     records needs a score rule that can give its result (the resign rule
//     a win, the draw rule a draw, or the ply limit a draw).
//   - Any other game records an ending off the board, taken as recorded as
//     far as the position tells: illegal move, resignation, time forfeit
//     and crash lose for the side to move, on whose turn the chain decides
//     them; an agreement is a draw.
func Rejudge(cfg *Config, g GameResult, withScores bool) (reported bool, err error) {
	if g.Opening < 0 || g.Opening >= len(cfg.Openings) {
		return false, fmt.Errorf("opening %d is not in the set", g.Opening+1)
	}
	o := cfg.Openings[g.Opening]
	gs, err := newGameState(cfg, o)
	if err != nil {
		return false, err
	}
	start, err := engine.NewPosition(g.StartFEN)
	if err != nil {
		return false, fmt.Errorf("start position: %v", err)
	}
	if start.FEN() != gs.ref.StartFEN() || len(g.Moves) < len(o.Moves) || !slices.Equal(g.Moves[:len(o.Moves)], o.Moves) {
		return false, fmt.Errorf("it does not start with opening %d of the set", g.Opening+1)
	}
	scored := withScores
	if scored && len(g.Notes) != len(g.Moves) {
		return false, fmt.Errorf("%d notes for %d moves", len(g.Notes), len(g.Moves))
	}
	end := gs.tablebaseEnding()
	for i := len(o.Moves); i < len(g.Moves); i++ {
		ply, m := i+1, g.Moves[i]
		if end.Over() {
			return false, fmt.Errorf("ply %d %s comes after the end of the game (%s at ply %d)", ply, m, end, ply-1)
		}
		side := gs.ref.Position().SideToMove()
		v, err := gs.play(m)
		if err != nil {
			return false, fmt.Errorf("ply %d %s: %v", ply, m, err)
		}
		if scored {
			end = gs.afterMove(side, v, g.Notes[i].Score, g.Notes[i].HasScore)
		} else if end = v.Termination(); !end.Over() {
			if end = gs.tablebaseEnding(); !end.Over() {
				end = gs.plyLimitEnding()
			}
		}
	}
	rec := g.Termination
	rulesRecorded := rec.Reason.Rules()
	resignRule, drawRule := cfg.Adjudication.ResignMoves > 0, cfg.Adjudication.DrawMoves > 0
	switch {
	case end.Over() && end.Reason == engine.Adjudication && !scored:
		// Without the scores, the score rules (which come before the
		// ply limit in the chain) may have ended it there too.
		if rec.Reason != engine.Adjudication || rec.Outcome != engine.Draw && !resignRule {
			return false, fmt.Errorf("it records %s, but the game reached the ply limit (%d), which draws it, and no resign rule is on", rec, cfg.MaxPlies)
		}
		return true, nil
	case end.Over():
		if rec.Outcome != end.Outcome || rec.Reason != end.Reason {
			return false, fmt.Errorf("it records %s, but the referee ends it %s", rec, end)
		}
		return false, nil
	case rec.Reason == engine.Tablebase && cfg.Tablebases == nil:
		return false, fmt.Errorf("it records %s, which only the endgame tables (-tb) can check", rec)
	case rulesRecorded:
		return false, fmt.Errorf("it records %s, but the referee sees no ending after the last move", rec)
	case rec.Reason == engine.Adjudication && scored:
		return false, fmt.Errorf("it records %s, but the engines' scores never met the adjudication rules", rec)
	case rec.Reason == engine.Adjudication && rec.Outcome == engine.Draw && !drawRule:
		return false, fmt.Errorf("it records %s, but no draw rule is on and the game is short of the ply limit", rec)
	case rec.Reason == engine.Adjudication && rec.Outcome != engine.Draw && !resignRule:
		return false, fmt.Errorf("it records %s, but no resign rule is on", rec)
	case rec.Reason == engine.Adjudication:
		return true, nil
	case rec.Reason == engine.Agreement:
		if rec.Outcome != engine.Draw {
			return false, fmt.Errorf("it records %s: an agreement is a draw", rec)
		}
		return true, nil
	case rec.Reason == engine.IllegalMove || rec.Reason == engine.Resignation || rec.Reason == engine.TimeForfeit || rec.Reason == engine.Crash:
		side := gs.ref.Position().SideToMove()
		if rec.Outcome != engine.WinFor(side.Opponent()) {
			return false, fmt.Errorf("it records %s, but %s loses by %s only on its own turn, and %s is to move", rec, side.Opponent(), rec.Reason, side)
		}
		return true, nil
	}
	return false, fmt.Errorf("it records %s, but the referee sees the game go on", rec)
}
