package timeman

import (
	"testing"
	"time"
)

// FuzzParse checks that Parse never panics and that whatever it accepts
// prints in a canonical form that parses back to the same control.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"10+0.1", "1500", "30/300", "40/5400:10/900", "40/5400+30:1800+30",
		"@150", "900@60", "1500,1800", "CXA-6.1", "swiss-25/30", "CXA-6.5=900",
		"0.5+0.005", "1.000000001", "", "40/", "300:40/300", "1/1:1/1:1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		text := c.String()
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its String %q fails: %v", s, text, err)
		}
		if !back.Equal(c) {
			t.Fatalf("Parse(%q) = %+v, String %q parses to %+v", s, c, text, back)
		}
		if back.String() != text {
			t.Fatalf("String not canonical: %q then %q", text, back.String())
		}
		for _, sch := range []Schedule{c.Red, c.Black} {
			clk := NewClock(sch, 0)
			for range 3 {
				clk.Punch(clk.Deadline() / 2)
				_ = clk.Report()
			}
		}
	})
}

// FuzzAllocate checks that Allocate never panics, never returns a negative
// or inverted budget and never plans beyond the clock, whatever go sends.
func FuzzAllocate(f *testing.F) {
	f.Add(int64(300_000), int64(0), 30, int64(30), 0, "CXA-6.4", int64(0))
	f.Add(int64(10_000), int64(100), 0, int64(30), 77, "", int64(0))
	f.Add(int64(150_000), int64(0), 1, int64(30), 5, "MOVE-150", int64(0))
	f.Add(int64(0), int64(0), 0, int64(0), 0, "", int64(500))
	f.Add(int64(-5), int64(-5), -5, int64(-5), -5, "40/5400:10/900", int64(-5))
	f.Fuzz(func(t *testing.T, timeMs, incMs int64, mtg int, overheadMs int64, played int, control string, moveTimeMs int64) {
		c, err := Parse(control)
		if err != nil {
			c = Control{}
		}
		ms := func(v int64) time.Duration { return time.Duration(v) * time.Millisecond }
		l := Limits{TimeSet: timeMs >= 0, Time: ms(timeMs), Inc: ms(incMs), MovesToGo: mtg, MoveTime: ms(moveTimeMs)}
		s := Settings{MoveOverhead: ms(overheadMs), Schedule: c.Red, MovesPlayed: played}
		b := Allocate(l, s)
		if b.Soft < 0 || b.Hard < 0 || b.Soft > b.Hard {
			t.Fatalf("Allocate(%+v, %+v) = %+v", l, s, b)
		}
		if l.TimeSet && b.Hard > max(l.Time, 0) {
			t.Fatalf("Allocate(%+v, %+v) = %+v: beyond the clock", l, s, b)
		}
	})
}
