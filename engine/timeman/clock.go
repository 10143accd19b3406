package timeman

import "time"

// Clock is one side's game clock, as a match runner or GUI keeps it. Create
// it with NewClock; an asymmetric control is simply two clocks with
// different schedules.
//
// Before each move the runner reads Report (what to send with go),
// StopAfter (when to send stop) and Deadline (when to forfeit); after the
// move it calls Punch with the time the move took. Unused time carries over; the increment of the running
// period is added after every move, and the next period's base after the
// move that completes the current period (the control move).
type Clock struct {
	sch     Schedule
	grace   time.Duration
	left    time.Duration // time on the clock; for cap-only schedules unused
	period  int           // index of the running period (clamped to the last)
	done    int           // own moves completed in the running period
	moves   int           // own moves completed in the game
	flagged bool
}

// Report is what a GUI sends with go before a move of this side.
type Report struct {
	// Time is the time left on the clock. For a schedule without a game
	// clock (only a move cap) it is the cap, and MovesToGo is 1.
	Time time.Duration
	// MovesToGo is the number of moves to make before the next period
	// starts, the current one included; 0 means sudden death.
	MovesToGo int
	// Inc is the increment added after this move.
	Inc time.Duration
	// MoveCap is the most this single move may take (0 = no cap).
	MoveCap time.Duration
}

// NewClock returns a clock at the start of a game under s: the first
// period's base on the clock, no moves made. grace is how far a move may
// overrun the clock before it counts as a flag fall (the xqbase league's
// StoppingTime); 0 is the strict rule. Negative grace is taken as 0.
func NewClock(s Schedule, grace time.Duration) Clock {
	c := Clock{sch: s, grace: max(grace, 0)}
	if s.HasClock() {
		c.left = s.Periods[0].Base
	}
	return c
}

// Schedule returns the schedule the clock runs under.
func (c *Clock) Schedule() Schedule { return c.sch }

// Remaining returns the time left on the clock (the move cap for a schedule
// without a game clock).
func (c *Clock) Remaining() time.Duration {
	if !c.sch.HasClock() {
		return c.sch.MoveCap
	}
	return c.left
}

// Moves returns the number of own moves completed.
func (c *Clock) Moves() int { return c.moves }

// Flagged reports whether the flag has fallen.
func (c *Clock) Flagged() bool { return c.flagged }

// Report returns the figures a GUI sends before the next move.
func (c *Clock) Report() Report {
	if !c.sch.HasClock() {
		return Report{Time: c.sch.MoveCap, MovesToGo: 1, MoveCap: c.sch.MoveCap}
	}
	p := c.sch.period(c.period)
	r := Report{Time: c.left, Inc: p.Inc, MoveCap: c.sch.MoveCap}
	if p.Moves > 0 {
		r.MovesToGo = p.Moves - c.done
	}
	return r
}

// StopAfter returns how long the next move may run before its time is up:
// the time left or the move cap, whichever is less. A runner sends stop
// when it passes (the xqbase league does). A flagged clock returns 0.
func (c *Clock) StopAfter() time.Duration {
	if c.flagged {
		return 0
	}
	d := c.left
	if !c.sch.HasClock() || (c.sch.MoveCap > 0 && c.sch.MoveCap < d) {
		d = c.sch.MoveCap
	}
	return d
}

// Deadline returns how long the next move may take before it loses on
// time: StopAfter plus the grace. A runner forfeits the side if no move
// has arrived by then. A flagged clock returns 0.
func (c *Clock) Deadline() time.Duration {
	if c.flagged {
		return 0
	}
	return c.StopAfter() + c.grace
}

// Punch charges a completed move that took elapsed and reports whether the
// side is still within its time. A move that took longer than Deadline
// makes the flag fall; the clock then stays flagged and ignores further
// moves. Otherwise the time is subtracted (the clock never goes below 0),
// the increment is added, and after the control move of a period the next
// period's base is added. A negative elapsed counts as 0.
func (c *Clock) Punch(elapsed time.Duration) bool {
	if c.flagged {
		return false
	}
	elapsed = max(elapsed, 0)
	if elapsed > c.Deadline() {
		c.flagged = true
		return false
	}
	c.moves++
	if !c.sch.HasClock() {
		return true
	}
	p := c.sch.period(c.period)
	c.left = max(c.left-elapsed, 0) + p.Inc
	if p.Moves > 0 {
		c.done++
		if c.done == p.Moves {
			c.done = 0
			if c.period < len(c.sch.Periods)-1 {
				c.period++
			}
			c.left += c.sch.period(c.period).Base
		}
	}
	return true
}
