// Package timeman implements time management for the engine and the match
// runner: the time-control syntax shared by the engine's timecontrol option
// and the runner's -tc flag (Parse), a game clock as a GUI or match runner
// keeps it (Clock), the per-move budget the engine derives from what go
// sends (Allocate), and the in-search manager that decides when to stop
// (Manager). It depends on the standard library only.
//
// # Time controls
//
// A Control has one Schedule per side; a Schedule is a list of Periods (the
// last repeating) and an optional per-move cap. The text form is
//
//	10+0.1          10 s plus 0.1 s a move
//	1500            25 min sudden death
//	30/300          5 min for every 30 moves
//	40/5400:10/900  90 min for 40 moves, then 15 min per 10 moves (CXA-6.1)
//	900@60          15 min sudden death, at most 60 s a move
//	@150            no game clock, at most 150 s a move (MOVE-150)
//	1500,1800       red 25 min, black 30 min (SWISS-25/30)
//
// and the ids of TIMECONTROLS.md are accepted as names, case-insensitive
// (Names lists them; CXA-6.5 needs its length: "CXA-6.5=900"). String
// prints the canonical form, which Parse reads back to an equal Control.
//
// # Match runner
//
// A runner keeps one Clock per side (asymmetric controls are simply two
// clocks):
//
//	ctl, err := timeman.Parse(tc)
//	clocks := [2]timeman.Clock{
//		timeman.NewClock(ctl.Red, grace),
//		timeman.NewClock(ctl.Black, grace),
//	}
//	// before a move of side i:
//	r := clocks[i].Report()        // go time r.Time movestogo r.MovesToGo / increment r.Inc
//	o := clocks[1-i].Report()      // opptime …
//	stopAfter := clocks[i].StopAfter() // send stop after this long
//	deadline := clocks[i].Deadline()   // forfeit if no move has come by then (grace included)
//	// after the move, which took elapsed:
//	if !clocks[i].Punch(elapsed) { /* side i lost on time */ }
//
// A schedule without a game clock reports Time = MoveCap and MovesToGo 1,
// the encoding TIMECONTROLS.md §3.1 suggests for MOVE-150.
//
// # Engine
//
// At go the protocol layer fills Limits (converted to durations and to the
// side to move) and Settings (Move Overhead, movecap, the side's Schedule of
// the timecontrol option, own moves since newgame, ponder option), then
//
//	budget := timeman.Allocate(limits, settings)
//	mgr.Start(budget, limits.Ponder) // before the search goroutines start
//
// The search loop uses the Manager without allocating:
//
//	for depth := 1; ; depth++ {
//		// inside the search, every few thousand nodes, in every thread:
//		//	if mgr.HardStop() { abort }
//		…search depth…
//		if aborted { break } // keep the last completed iteration
//		if mgr.IterationDone(timeman.Iteration{Depth: depth,
//			Best: uint32(best), Score: score, RootMoves: n}) {
//			break
//		}
//	}
//
// and the protocol goroutine calls
//
//	if mgr.PonderHit() { stop the search now }
//
// when ponderhit arrives: the budget then counts from that moment. While
// pondering, HardStop and IterationDone never stop the search (a bestmove
// before ponderhit or stop is a protocol violation); Budget.Limited false
// (depth, nodes, infinite) never stops it either. HardStop stays false
// until the first iteration has completed, so there is always a move.
//
// # Allocation
//
// A bare time (no movestogo, no increment) is sudden death. The plan looks
// at horizons of h = 1 … H moves and takes the smallest per-move share that
// lets h moves fit in the time they have: the clock, minus a safety margin
// (5 ms + time/32) and the increment reserve (two increments, at most a
// quarter of the clock), minus Move Overhead for each move (in full for the
// next five, half for later ones), plus the increments of the first h-1
// moves and, when the timecontrol option describes the later periods, their
// bases from three moves after each control move. H is the expected number
// of moves left in the game (50 − moves/2, at least 22) for sudden death;
// movestogo + 10 for periods whose successors are unknown (so that
// movestogo 1 plans for a tenth of the clock, and a reserve is carried into
// the next period); with the option, the larger of the two.
//
// The hard limit is 2.2 times that share (1.8 without the option under a
// period control), at most 3.5 times the share of a 150-move game (which
// keeps time spread in long games), and never more than the clock minus
// margin, Move Overhead, increment reserve and the minimal cost (overhead
// plus 2 ms, net of the increment) of every move still due before new time
// arrives (four for sudden death).
// Under the emergency line (that same cost of this move and four more,
// scaled down to an eighth of the base for very fast games) the budget is
// an emergency one: stop after the first iteration.
//
// # In-search decisions
//
// After each iteration the target is Soft × f, with f the product of
// 1 + 0.7 × (best-move changes, halved each iteration), 0.8 after three and
// 0.7 after six iterations with the same best move, and up to 1.6 for a
// score 100 cp below the running average of earlier iterations; f stays in
// [0.4, 2]. The search stops between iterations once 90% of the target is
// used, and inside an iteration at 1.4 × the target or the hard limit. A
// forced move (one legal root move) and emergency mode stop after the first
// iteration; a fixed move time (movetime) always runs to its end.
//
// The constants were tuned with the simulation in sim_test.go: whole games
// of 20 to 150 moves for every control of TIMECONTROLS.md, both sides, with
// and without the timecontrol option, with a noisy fake search and with the
// Manager driving fake iterations; no flag falls and no middle-game move
// takes more than four times the game's average.
package timeman
