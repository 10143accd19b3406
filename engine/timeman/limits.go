package timeman

import "time"

// DefaultMoveOverhead is the default Move Overhead: time reserved on every
// move for GUI, pipe and scheduling latency.
const DefaultMoveOverhead = 30 * time.Millisecond

// Limits holds the time figures that arrived with go, already converted to
// durations and to the engine's own side (the protocol layer maps UCCI
// time/opptime and UCI wtime/btime by side to move, and handles units).
// Depth, node and infinite searches are not the time manager's business:
// leave TimeSet and MoveTime unset for them.
type Limits struct {
	// TimeSet reports that a clock figure was sent (UCCI time, UCI
	// wtime/btime). Time may then be 0: the last second in seconds mode.
	TimeSet bool
	// Time is the engine's remaining clock.
	Time time.Duration
	// Inc is the engine's increment (UCCI increment, UCI winc/binc).
	Inc time.Duration
	// MovesToGo is the number of moves to the next time control, this one
	// included; 0 means not sent.
	MovesToGo int
	// OppTime, OppInc and OppMovesToGo describe the opponent. They are
	// information only (TIMECONTROLS.md §4.4) and do not change the budget.
	OppTime      time.Duration
	OppInc       time.Duration
	OppMovesToGo int
	// MoveTime is a fixed time for this move (UCI movetime); 0 = none.
	MoveTime time.Duration
	// Ponder reports go ponder: the clock runs only from ponderhit, with
	// the same figures.
	Ponder bool
}

// Settings holds the engine-side inputs of the allocation: options and
// what the engine knows about the game so far.
type Settings struct {
	// MoveOverhead is reserved on every move for latency outside the
	// search (UCI "Move Overhead"); see DefaultMoveOverhead.
	MoveOverhead time.Duration
	// MoveCap is the movecap option: the most any move may take; 0 = none.
	MoveCap time.Duration
	// Schedule is the engine's own side of the timecontrol option; the zero
	// Schedule means the option is unset. When set, it fills in what the
	// GUI leaves out: with a bare time (no movestogo, no increment) the
	// moves to go and the increment come from the schedule, and the bases
	// of later periods are planned for. Figures the GUI does send win.
	Schedule Schedule
	// MovesPlayed is the number of own moves made since newgame, counted
	// by the engine (GUIs reset the FEN move number after captures).
	MovesPlayed int
	// Ponder reports that pondering is on, so that some of the opponent's
	// time will be used as well; the soft target is raised a little.
	Ponder bool
}

// DefaultSettings returns Settings with the default Move Overhead and no
// other option set.
func DefaultSettings() Settings { return Settings{MoveOverhead: DefaultMoveOverhead} }

// Budget is the time allotted to one move, measured from the moment the
// clock starts (go, or ponderhit when pondering).
type Budget struct {
	// Limited is false when there is no time limit at all (depth, nodes,
	// infinite, or go without any time figure); Soft and Hard are then 0.
	Limited bool
	// Soft is the target: the time the move should take on average. The
	// Manager scales it by the search's stability and stops between
	// iterations once it is used up.
	Soft time.Duration
	// Hard is the absolute limit: the search must stop once it has run
	// this long. 0 means stop after the first completed iteration.
	Hard time.Duration
	// Fixed marks a fixed move time (movetime): use all of it, never stop
	// early on a stable best move.
	Fixed bool
	// Emergency marks a clock too short to cover a few more moves at the
	// current rate: answer from the first completed iteration.
	Emergency bool
}
