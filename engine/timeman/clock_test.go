package timeman

import (
	"testing"
	"time"
)

func mustParse(t testing.TB, s string) Control {
	t.Helper()
	c, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return c
}

func TestClockPeriods(t *testing.T) {
	sec := time.Second
	clk := NewClock(mustParse(t, "CXA-6.1").Red, 0)
	if r := clk.Report(); r != (Report{Time: 5400 * sec, MovesToGo: 40}) {
		t.Fatalf("first report %+v", r)
	}
	for i := 1; i <= 39; i++ {
		if !clk.Punch(100 * sec) {
			t.Fatalf("flag at move %d", i)
		}
	}
	// 39 moves of 100 s: 5400-3900 = 1500 s left, one move to the control.
	if r := clk.Report(); r.Time != 1500*sec || r.MovesToGo != 1 {
		t.Fatalf("before the control move: %+v", r)
	}
	if !clk.Punch(1400 * sec) {
		t.Fatal("flag on the control move")
	}
	// 100 s carried over plus the next period's 900 s.
	if r := clk.Report(); r.Time != 1000*sec || r.MovesToGo != 10 {
		t.Fatalf("after the control move: %+v", r)
	}
	for range 10 {
		clk.Punch(10 * sec)
	}
	if r := clk.Report(); r.Time != 1800*sec || r.MovesToGo != 10 {
		t.Fatalf("after the second control (repeating period): %+v", r)
	}
	if clk.Moves() != 50 || clk.Flagged() {
		t.Fatalf("moves %d flagged %v", clk.Moves(), clk.Flagged())
	}
}

func TestClockFlagOnControlMove(t *testing.T) {
	clk := NewClock(mustParse(t, "30/300").Red, 0)
	for range 29 {
		clk.Punch(10 * time.Second)
	}
	if clk.Remaining() != 10*time.Second {
		t.Fatalf("remaining %v", clk.Remaining())
	}
	// The control move must be completed before the flag: the next
	// period's base does not rescue a move that overruns.
	if clk.Punch(10*time.Second + time.Millisecond) {
		t.Fatal("overrunning control move not flagged")
	}
	if !clk.Flagged() || clk.Deadline() != 0 || clk.StopAfter() != 0 || clk.Punch(0) {
		t.Fatal("flag did not stick")
	}
}

func TestClockIncrementAndExactZero(t *testing.T) {
	ms := time.Millisecond
	clk := NewClock(mustParse(t, "1+0.01").Red, 0)
	if !clk.Punch(1000 * ms) { // using exactly all of it is allowed
		t.Fatal("flag at exactly zero")
	}
	if r := clk.Report(); r.Time != 10*ms || r.Inc != 10*ms || r.MovesToGo != 0 {
		t.Fatalf("report %+v", r)
	}
	if clk.Punch(11 * ms) {
		t.Fatal("overrun not flagged")
	}
}

func TestClockGrace(t *testing.T) {
	ms := time.Millisecond
	clk := NewClock(mustParse(t, "1").Red, 200*ms)
	if clk.Deadline() != 1200*ms || clk.StopAfter() != 1000*ms {
		t.Fatalf("deadline %v, stop after %v", clk.Deadline(), clk.StopAfter())
	}
	if !clk.Punch(1100 * ms) {
		t.Fatal("move within grace flagged")
	}
	if clk.Remaining() != 0 {
		t.Fatalf("clock below zero or not floored: %v", clk.Remaining())
	}
	if clk.Punch(201 * ms) {
		t.Fatal("overrun beyond grace not flagged")
	}
	if neg := NewClock(mustParse(t, "1").Red, -time.Second); neg.Deadline() != time.Second {
		t.Fatalf("negative grace: deadline %v", neg.Deadline())
	}
}

func TestClockMoveCap(t *testing.T) {
	sec := time.Second
	clk := NewClock(mustParse(t, "MOVE-150").Red, 0)
	if r := clk.Report(); r != (Report{Time: 150 * sec, MovesToGo: 1, MoveCap: 150 * sec}) {
		t.Fatalf("report %+v", r)
	}
	for range 100 {
		if !clk.Punch(150 * sec) {
			t.Fatal("move at the cap flagged")
		}
	}
	if clk.Punch(150*sec + 1) {
		t.Fatal("move over the cap not flagged")
	}

	capped := NewClock(mustParse(t, "900@60").Red, 0)
	if capped.Deadline() != 60*sec {
		t.Fatalf("capped deadline %v", capped.Deadline())
	}
	capped.Punch(60 * sec)
	for range 13 {
		capped.Punch(60 * sec)
	}
	if capped.Remaining() != 60*sec || capped.Deadline() != 60*sec {
		t.Fatalf("remaining %v deadline %v", capped.Remaining(), capped.Deadline())
	}
	capped.Punch(59 * sec)
	if capped.Deadline() != sec {
		t.Fatalf("deadline when the clock is below the cap: %v", capped.Deadline())
	}
}

func TestClockAsymmetric(t *testing.T) {
	c := mustParse(t, "SWISS-25/30")
	red, black := NewClock(c.Red, 0), NewClock(c.Black, 0)
	if red.Remaining() != 1500*time.Second || black.Remaining() != 1800*time.Second {
		t.Fatalf("red %v black %v", red.Remaining(), black.Remaining())
	}
}

func TestClockNegativeElapsed(t *testing.T) {
	clk := NewClock(mustParse(t, "10").Red, 0)
	if !clk.Punch(-time.Hour) || clk.Remaining() != 10*time.Second {
		t.Fatalf("negative elapsed changed the clock: %v", clk.Remaining())
	}
}
