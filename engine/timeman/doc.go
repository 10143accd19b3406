// Package timeman implements time management for the engine and the match
// runner: the time-control syntax shared by the engine's timecontrol option
// and the runner's -tc flag (Parse), a game clock as a GUI or match runner
// keeps it (Clock), the per-move budget the engine derives from what go
// sends (Allocate), and the in-search manager that decides when to stop
// (Manager).
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
//	@150            no game clock, at most 150 s a move (MOVE-150)
//	1500,1800       red 25 min, black 30 min (SWISS-25/30)
//
// and the ids of TIMECONTROLS.md are accepted as names (see Names).
//
// # Game clock
//
// A match runner keeps one Clock per side:
//
//	red := timeman.NewClock(ctl.Red, 200*time.Millisecond)
//	r := red.Report()          // send go time r.Time movestogo r.MovesToGo …
//	deadline := red.Deadline() // send stop and forfeit after this long
//	if !red.Punch(took) { /* red lost on time */ }
package timeman
