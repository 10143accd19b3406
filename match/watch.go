package match

import (
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// Watcher follows a match as it is played (Config.Watch): each game's
// start, its moves with the clocks, what the engines say while they
// think, and each game's end with the standings so far. GameStarted,
// Moved and Searching are called from the goroutines that play the games,
// several games at once when Concurrency is above 1, so they must be safe
// for concurrent use and return quickly (the clocks run meanwhile).
// GameEnded and MatchEnded are called one at a time from the runner's
// loop, like Config.OnGame. Games played by a Remote are only seen when
// they end.
type Watcher interface {
	// GameStarted: game g starts, its opening moves already played.
	GameStarted(g LiveStart)
	// Moved: a move of an engine was played.
	Moved(m LiveMove)
	// Searching: an engine sent an info line of its search (with a depth).
	Searching(i LiveInfo)
	// GameEnded: game g ended and was counted; r is the match so far, to
	// be read during the call only (it changes afterwards).
	GameEnded(g GameResult, r *Result)
	// MatchEnded: the match is over (or interrupted); r is its result.
	MatchEnded(r *Result)
}

// LiveStart is a game that starts.
type LiveStart struct {
	Number     int    // game number (GameResult.Number)
	Red, Black int    // engine indexes (Result.Names)
	Opening    int    // index into the openings
	StartFEN   string // the opening's start position
	// Moves are the opening's moves in ICCS, played before the engines'.
	Moves []string
	// Clocks are the time left on each side's clock (index by Color).
	Clocks [2]time.Duration
}

// LiveMove is a move an engine played.
type LiveMove struct {
	Number int          // game number
	Ply    int          // the move's index among the game's moves, from 0
	Side   engine.Color // the side that moved
	Move   string       // ICCS
	Note   MoveNote     // its score, depth and time
	// Clocks are the time left on each side's clock after the move.
	Clocks [2]time.Duration
}

// LiveInfo is an info line of an engine's search.
type LiveInfo struct {
	Number int          // game number
	Side   engine.Color // the side of the engine that thinks
	Ply    int          // the ply the engine thinks about (the game's length)
	Depth  int
	// Score is the engine's own view (HasScore), mates as
	// ±(engine.ScoreMate − plies).
	Score    int
	HasScore bool
	// PV is the line's moves in ICCS.
	PV []string
}

// gameWatch reports one game to a Watcher; nil when nobody watches.
type gameWatch struct {
	w                   Watcher
	number              int
	red, black, opening int
}

// started reports the start of the game of gs.
func (gw *gameWatch) started(gs *gameState) {
	if gw == nil {
		return
	}
	gw.w.GameStarted(LiveStart{Number: gw.number, Red: gw.red, Black: gw.black, Opening: gw.opening,
		StartFEN: gs.ref.StartFEN(), Moves: append([]string(nil), gs.all...), Clocks: gs.clockTimes()})
}

// moved reports the move side played in its turn, when the turn played
// one (the game has more than plies moves).
func (gw *gameWatch) moved(gs *gameState, side engine.Color, plies int) {
	if gw == nil || len(gs.all) <= plies {
		return
	}
	gw.w.Moved(LiveMove{Number: gw.number, Ply: plies, Side: side, Move: gs.all[plies], Note: gs.notes[plies], Clocks: gs.clockTimes()})
}

// searching returns the hook that reports the info lines of the engine of
// side (speaking proto) while it thinks in gs, or nil when nobody watches.
func (gw *gameWatch) searching(gs *gameState, side engine.Color, proto engineproc.Protocol) func(string) {
	if gw == nil {
		return nil
	}
	ply := len(gs.all)
	return func(text string) {
		in, ok := engineproc.ParseInfo(text)
		if !ok || in.Depth == 0 || in.Report || in.Bound || in.MultiPV != 1 {
			return
		}
		pv := make([]string, len(in.PV))
		for i, m := range in.PV {
			pv[i] = engineproc.MoveFromEngine(proto, m)
		}
		gw.w.Searching(LiveInfo{Number: gw.number, Side: side, Ply: ply, Depth: in.Depth, Score: in.Score, HasScore: in.HasScore, PV: pv})
	}
}

// clockTimes returns the time left on each side's clock.
func (gs *gameState) clockTimes() [2]time.Duration {
	return [2]time.Duration{gs.clocks[engine.Red].Remaining(), gs.clocks[engine.Black].Remaining()}
}
