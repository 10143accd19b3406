package timeman

import (
	"strconv"
	"strings"
	"time"
)

// Period is one stage of a time control for one side.
type Period struct {
	// Moves is the number of own moves that must be completed inside the
	// period; 0 means the rest of the game (sudden death).
	Moves int
	// Base is added to the clock when the period starts. Unused time carries
	// over into the next period.
	Base time.Duration
	// Inc is added to the clock after each own move made in the period
	// (Fischer increment).
	Inc time.Duration
}

// Schedule is the time control of one side: an ordered list of periods, the
// last of which repeats, plus an optional cap on any single move.
//
// A Schedule without periods but with a MoveCap has no game clock at all:
// every move may take up to MoveCap (MOVE-150). The zero Schedule means "no
// time control". A Schedule is a value; treat its Periods as read-only.
type Schedule struct {
	// Periods lists the stages of the game clock; the last one repeats.
	Periods []Period
	// MoveCap is the longest any single move may take; exceeding it loses.
	// 0 means no cap.
	MoveCap time.Duration
}

// Control is a time control for a whole game: one Schedule per side. Most
// controls are symmetric (Red and Black equal); SWISS-25/30 is not.
type Control struct {
	Red   Schedule // the first mover's control
	Black Schedule // the second mover's control
}

// IsZero reports whether s is the zero Schedule (no time control).
func (s Schedule) IsZero() bool { return len(s.Periods) == 0 && s.MoveCap == 0 }

// HasClock reports whether s has a game clock (at least one period). A
// Schedule with only a MoveCap has none.
func (s Schedule) HasClock() bool { return len(s.Periods) > 0 }

// Equal reports whether s and t describe the same control.
func (s Schedule) Equal(t Schedule) bool {
	if s.MoveCap != t.MoveCap || len(s.Periods) != len(t.Periods) {
		return false
	}
	for i := range s.Periods {
		if s.Periods[i] != t.Periods[i] {
			return false
		}
	}
	return true
}

// String returns the control in the syntax accepted by Parse, e.g.
// "40/5400:10/900", "600+3" or "@150". The zero Schedule gives "".
func (s Schedule) String() string {
	var b strings.Builder
	for i, p := range s.Periods {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(p.String())
	}
	if s.MoveCap > 0 {
		b.WriteByte('@')
		b.WriteString(formatSeconds(s.MoveCap))
	}
	return b.String()
}

// String returns the period as [MOVES/]SECONDS[+INCREMENT], e.g. "40/5400"
// or "10+0.1".
func (p Period) String() string {
	var b strings.Builder
	if p.Moves > 0 {
		b.WriteString(strconv.Itoa(p.Moves))
		b.WriteByte('/')
	}
	b.WriteString(formatSeconds(p.Base))
	if p.Inc > 0 {
		b.WriteByte('+')
		b.WriteString(formatSeconds(p.Inc))
	}
	return b.String()
}

// Side returns the Schedule of the first mover (red true) or of the second.
func (c Control) Side(red bool) Schedule {
	if red {
		return c.Red
	}
	return c.Black
}

// Symmetric reports whether both sides have the same Schedule.
func (c Control) Symmetric() bool { return c.Red.Equal(c.Black) }

// Equal reports whether c and d describe the same control.
func (c Control) Equal(d Control) bool { return c.Red.Equal(d.Red) && c.Black.Equal(d.Black) }

// IsZero reports whether c is the zero Control (no time control).
func (c Control) IsZero() bool { return c.Red.IsZero() && c.Black.IsZero() }

// String returns the control in the syntax accepted by Parse: the Red
// schedule, followed by "," and the Black schedule when they differ
// (SWISS-25/30 gives "1500,1800").
func (c Control) String() string {
	if c.Symmetric() {
		return c.Red.String()
	}
	return c.Red.String() + "," + c.Black.String()
}

// locate finds where a side stands in its schedule after played own moves:
// the period now running (index into Periods, clamped to the last) and the
// number of moves still to make in it (0 = sudden death). It runs in time
// independent of played. s must have a clock.
func (s Schedule) locate(played int) (idx, movesToGo int) {
	if played < 0 {
		played = 0
	}
	last := len(s.Periods) - 1
	for i := 0; i < last; i++ {
		p := s.Periods[i]
		if played < p.Moves {
			return i, p.Moves - played
		}
		played -= p.Moves
	}
	p := s.Periods[last]
	if p.Moves == 0 {
		return last, 0
	}
	return last, p.Moves - played%p.Moves
}

// period returns the period with index i, the last one repeating.
func (s Schedule) period(i int) Period {
	if i >= len(s.Periods) {
		i = len(s.Periods) - 1
	}
	return s.Periods[i]
}
