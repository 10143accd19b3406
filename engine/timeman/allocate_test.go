package timeman

import (
	"fmt"
	"testing"
	"time"
)

const sec = time.Second

// checkBudget asserts what must hold for every timed budget.
func checkBudget(t *testing.T, what string, l Limits, s Settings, b Budget) {
	t.Helper()
	o := s.MoveOverhead
	room := max(l.Time-o-margin(l.Time), 0)
	switch {
	case !b.Limited:
		t.Errorf("%s: unlimited budget for a timed go", what)
	case b.Soft < 0 || b.Soft > b.Hard:
		t.Errorf("%s: soft %v outside [0, hard %v]", what, b.Soft, b.Hard)
	case b.Hard > room:
		t.Errorf("%s: hard %v exceeds time %v minus overhead and margin (%v)", what, b.Hard, l.Time, room)
	}
	if c := minPositive(s.MoveCap, s.Schedule.MoveCap); c > 0 && b.Hard > c-o {
		t.Errorf("%s: hard %v exceeds the move cap %v minus overhead", what, b.Hard, c)
	}
	if l.MovesToGo == 1 && b.Hard > l.Time*6/10 && !(s.Schedule.MoveCap > 0 && !s.Schedule.HasClock()) {
		t.Errorf("%s: movestogo 1 may spend %v of %v", what, b.Hard, l.Time)
	}
}

// limitsOf turns a clock report into what go sends.
func limitsOf(r Report) Limits {
	return Limits{TimeSet: true, Time: r.Time, Inc: r.Inc, MovesToGo: r.MovesToGo}
}

// settingsFor returns default settings, with the timecontrol option set to
// sch when withOption.
func settingsFor(sch Schedule, withOption bool, played int) Settings {
	s := DefaultSettings()
	if withOption {
		s.Schedule = sch
	}
	s.MovesPlayed = played
	return s
}

func TestAllocateFirstMove(t *testing.T) {
	tests := []struct {
		name     string
		lo, hi   time.Duration // expected soft target at move 1, both with and without the option
		blackLo  time.Duration // SWISS: black's range, if different
		blackHi  time.Duration
		noOption *[2]time.Duration // range without the option, if different
	}{
		{name: "CXA-6.1", lo: 100 * sec, hi: 125 * sec},               // ≈ 5400/50 … 5400/43
		{name: "CXA-6.2", lo: 80 * sec, hi: 100 * sec},                // ≈ 3600/40
		{name: "CXA-6.3", lo: 11 * sec, hi: 14 * sec},                 // ≈ 600/50 … 600/43
		{name: "CXA-6.4", lo: 7 * sec, hi: 9 * sec},                   // 300/40 … 300/33 (option: next base known)
		{name: "CXA-6.5=900", lo: 900 * sec / 55, hi: 900 * sec / 48}, // SD over ≈ 50 moves
		{name: "NAT-15", lo: 900 * sec / 55, hi: 900 * sec / 48},      //
		{name: "NAT-25", lo: 1500 * sec / 55, hi: 1500 * sec / 48},    //
		{name: "NAT-30", lo: 1800 * sec / 55, hi: 1800 * sec / 48},    //
		{name: "NAT-45", lo: 2700 * sec / 55, hi: 2700 * sec / 48},    //
		{name: "LEAGUE-SLOW", lo: 54 * sec, hi: 64 * sec},             // ≈ 1800/35 + 10 (an increment game: horizon 35)
		{name: "LEAGUE-FAST", lo: 17 * sec, hi: 21 * sec},             // ≈ 600/35 + 3
		{name: "SWISS-25/30", lo: 1500 * sec / 55, hi: 1500 * sec / 48, blackLo: 1800 * sec / 55, blackHi: 1800 * sec / 48},
		// MOVE-150 sent as "time 150 movestogo 1": with the option the
		// engine knows it is a per-move cap (target half of it), without
		// it movestogo 1 keeps a reserve.
		{name: "MOVE-150", lo: 70 * sec, hi: 75 * sec, noOption: &[2]time.Duration{13 * sec, 14 * sec}},
	}
	for _, tt := range tests {
		c := mustParse(t, tt.name)
		for _, red := range []bool{true, false} {
			sch := c.Side(red)
			lo, hi := tt.lo, tt.hi
			if !red && tt.blackHi > 0 {
				lo, hi = tt.blackLo, tt.blackHi
			}
			for _, opt := range []bool{true, false} {
				clk := NewClock(sch, 0)
				l, s := limitsOf(clk.Report()), settingsFor(sch, opt, 0)
				b := Allocate(l, s)
				what := fmt.Sprintf("%s red=%v option=%v move 1", tt.name, red, opt)
				checkBudget(t, what, l, s, b)
				wantLo, wantHi := lo, hi
				if !opt && tt.noOption != nil {
					wantLo, wantHi = tt.noOption[0], tt.noOption[1]
				}
				if b.Soft < wantLo || b.Soft > wantHi || b.Emergency {
					t.Errorf("%s: soft %v (emergency %v), want %v … %v", what, b.Soft, b.Emergency, wantLo, wantHi)
				}
			}
		}
	}
}

// playTo advances clk by moves that each take a fair share, until
// stop(report) holds, and returns the number of moves played.
func playTo(t *testing.T, clk *Clock, stop func(Report) bool) int {
	t.Helper()
	for n := 0; n < 1000; n++ {
		r := clk.Report()
		if stop(r) {
			return n
		}
		share := r.Time / 50
		if r.MovesToGo > 0 {
			share = r.Time / time.Duration(r.MovesToGo+5)
		}
		if !clk.Punch(share) {
			t.Fatalf("flag while setting up (move %d)", n)
		}
	}
	t.Fatal("position never reached")
	return 0
}

func TestAllocatePeriodBoundary(t *testing.T) {
	for _, name := range []string{"CXA-6.1", "CXA-6.2", "CXA-6.3", "CXA-6.4", "10/10", "40/5400+30:1800+30"} {
		c := mustParse(t, name)
		sch := c.Red
		for _, opt := range []bool{true, false} {
			clk := NewClock(sch, 0)
			// The second control (the first period and one more), or the
			// first when sudden death follows it.
			target, nextIdx := sch.Periods[0].Moves+sch.period(1).Moves, 2
			if sch.period(1).Moves == 0 {
				target, nextIdx = sch.Periods[0].Moves, 1
			}
			played := playTo(t, &clk, func(r Report) bool { return clk.Moves() == target-2 })
			var before [2]Budget
			for i := range 2 { // movestogo 2, then 1
				r := clk.Report()
				l, s := limitsOf(r), settingsFor(sch, opt, played+i)
				b := Allocate(l, s)
				what := fmt.Sprintf("%s option=%v movestogo %d", name, opt, r.MovesToGo)
				checkBudget(t, what, l, s, b)
				if r.MovesToGo != 2-i {
					t.Fatalf("%s: movestogo %d, want %d", what, r.MovesToGo, 2-i)
				}
				if b.Soft == 0 || b.Emergency {
					t.Errorf("%s: soft %v, emergency %v", what, b.Soft, b.Emergency)
				}
				// Bare time with the option gives the same budget.
				if opt {
					bare := Allocate(Limits{TimeSet: true, Time: r.Time}, s)
					if bare != b {
						t.Errorf("%s: bare time gives %+v, with movestogo %+v", what, bare, b)
					}
				}
				before[i] = b
				clk.Punch(b.Soft)
			}
			r := clk.Report()
			next := sch.period(nextIdx)
			if r.MovesToGo != next.Moves {
				t.Fatalf("%s: after the control movestogo %d, want %d", name, r.MovesToGo, next.Moves)
			}
			l, s := limitsOf(r), settingsFor(sch, opt, played+2)
			after := Allocate(l, s)
			what := fmt.Sprintf("%s option=%v after the control", name, opt)
			checkBudget(t, what, l, s, after)
			// The new base lifts the budget above the last move's, and
			// stays within the new period's pace.
			pace := r.Time / 30
			if next.Inc > 0 {
				pace = r.Time / incHorizonMin // an increment game's shortest horizon
			}
			if next.Moves > 0 {
				pace = r.Time / time.Duration(next.Moves)
			}
			if after.Soft <= before[1].Soft/2 || after.Soft > pace+next.Inc {
				t.Errorf("%s: soft %v (before the control %v, time %v for %d moves)", what, after.Soft, before[1].Soft, r.Time, next.Moves)
			}
		}
	}
}

func TestAllocateLittleTime(t *testing.T) {
	ms := time.Millisecond
	for _, name := range timeControlIDs {
		c := mustParse(t, name)
		sch := c.Red
		for _, left := range []time.Duration{2 * sec, 500 * ms, 100 * ms, 40 * ms, 10 * ms, 0} {
			for _, opt := range []bool{true, false} {
				clk := NewClock(sch, 0)
				r := clk.Report()
				r.Time = left
				if !sch.HasClock() {
					r.Time = min(left, r.Time)
				}
				l, s := limitsOf(r), settingsFor(sch, opt, 60)
				b := Allocate(l, s)
				what := fmt.Sprintf("%s option=%v time %v movestogo %d", name, opt, left, r.MovesToGo)
				checkBudget(t, what, l, s, b)
				if (left <= 10*ms || (left <= 40*ms && r.Inc == 0 && sch.HasClock())) && !b.Emergency {
					t.Errorf("%s: no emergency with %v left: %+v", what, left, b)
				}
				if left >= 2*sec && r.MovesToGo == 0 && b.Emergency {
					t.Errorf("%s: emergency with %v left", what, left)
				}
			}
		}
	}
}

func TestAllocateLargeIncrement(t *testing.T) {
	tests := []struct {
		control string
		left    time.Duration
		lo, hi  time.Duration
	}{
		// A clock below the increment: spend most of what is there,
		// keep a quarter, never hit zero.
		{"60+30", 10 * sec, 6 * sec, 8 * sec},
		// A clock of a few increments: about one increment a move.
		{"60+30", 100 * sec, 25 * sec, 35 * sec},
		{"LEAGUE-SLOW", 5 * sec, 3 * sec, 4 * sec},
		{"LEAGUE-SLOW", 60 * sec, 8 * sec, 13 * sec},
		{"LEAGUE-FAST", 2 * sec, 1 * sec, 1600 * time.Millisecond},
		{"1+0.5", 300 * time.Millisecond, 150 * time.Millisecond, 250 * time.Millisecond},
	}
	for _, tt := range tests {
		c := mustParse(t, tt.control)
		clk := NewClock(c.Red, 0)
		r := clk.Report()
		r.Time = tt.left
		l, s := limitsOf(r), settingsFor(c.Red, false, 80)
		b := Allocate(l, s)
		what := fmt.Sprintf("%s with %v left", tt.control, tt.left)
		checkBudget(t, what, l, s, b)
		if b.Soft < tt.lo || b.Soft > tt.hi || b.Emergency {
			t.Errorf("%s: soft %v (emergency %v), want %v … %v", what, b.Soft, b.Emergency, tt.lo, tt.hi)
		}
		if keep := min(r.Inc*incReserve, tt.left/4); b.Hard > tt.left-keep {
			t.Errorf("%s: hard %v eats into the kept %v", what, b.Hard, keep)
		}
	}
}

func TestAllocateModes(t *testing.T) {
	ms := time.Millisecond
	def := DefaultSettings()

	if b := Allocate(Limits{}, def); b != (Budget{}) {
		t.Errorf("no time figure: %+v, want unlimited", b)
	}
	b := Allocate(Limits{MoveTime: 1000 * ms}, def)
	if !b.Fixed || b.Soft != 970*ms || b.Hard != 970*ms {
		t.Errorf("movetime 1000: %+v, want fixed 970 ms", b)
	}
	if b := Allocate(Limits{MoveTime: 20 * ms}, def); b.Hard != 5*ms {
		t.Errorf("movetime 20 ms: %+v, want a quarter of it", b)
	}
	if b := Allocate(Limits{MoveTime: 10 * sec, TimeSet: true, Time: 2 * sec}, def); b.Hard > 2*sec-30*ms-margin(2*sec) {
		t.Errorf("movetime beyond the clock: %+v", b)
	}
	capped := def
	capped.MoveCap = 10 * sec
	if b := Allocate(Limits{}, capped); !b.Limited || b.Hard != 10*sec-30*ms-margin(10*sec) || b.Soft != b.Hard/2 {
		t.Errorf("cap only: %+v", b)
	}
	l := Limits{TimeSet: true, Time: 1500 * sec}
	if b := Allocate(l, capped); b.Hard > 10*sec-30*ms {
		t.Errorf("cap with a clock: %+v", b)
	}
	// Bare time is sudden death: the same as increment 0 and no movestogo.
	if a, b := Allocate(l, def), Allocate(Limits{TimeSet: true, Time: 1500 * sec, MovesToGo: 0}, def); a != b || a.Soft > 1500*sec/48 {
		t.Errorf("bare time %+v", a)
	}
	// The GUI's increment wins over the option's.
	opt := def
	opt.Schedule = mustParse(t, "1500+5").Red
	withInc := Allocate(Limits{TimeSet: true, Time: 1500 * sec, Inc: 10 * sec}, opt)
	noOpt := Allocate(Limits{TimeSet: true, Time: 1500 * sec, Inc: 10 * sec}, def)
	optInc := Allocate(Limits{TimeSet: true, Time: 1500 * sec}, opt)
	if withInc != noOpt || !(optInc.Soft < withInc.Soft) {
		t.Errorf("increment precedence: GUI %+v, no option %+v, option only %+v", withInc, noOpt, optInc)
	}
	// An option that disagrees with the GUI's movestogo is ignored.
	sd := def
	sd.Schedule = mustParse(t, "900").Red
	gui := Limits{TimeSet: true, Time: 300 * sec, MovesToGo: 30}
	if a, b := Allocate(gui, sd), Allocate(gui, def); a != b {
		t.Errorf("option 900 with movestogo 30: %+v, without the option %+v", a, b)
	}
	// Pondering raises the target, not the hard limit.
	pon := def
	pon.Ponder = true
	if a, b := Allocate(l, def), Allocate(l, pon); !(b.Soft > a.Soft) || b.Hard != a.Hard {
		t.Errorf("ponder: %+v vs %+v", b, a)
	}
	// Nonsense does not panic and stays safe.
	bad := Settings{MoveOverhead: -sec, MoveCap: -sec, MovesPlayed: -5}
	for _, l := range []Limits{
		{TimeSet: true, Time: -sec},
		{TimeSet: true, Time: sec, MovesToGo: -3, Inc: -sec},
		{TimeSet: true, Time: 1 << 62, MovesToGo: 1 << 40},
		{MoveTime: -sec},
	} {
		b := Allocate(l, bad)
		if b.Soft < 0 || b.Hard < 0 || b.Soft > b.Hard || (l.TimeSet && b.Hard > max(l.Time, 0)) {
			t.Errorf("Allocate(%+v) = %+v", l, b)
		}
	}
}

// TestShortSuddenDeathThinks: two seconds of sudden death with the default
// Move Overhead still plan a real search, not an emergency answer (the
// long-game spike bound used to collapse to zero and force emergencies).
func TestShortSuddenDeathThinks(t *testing.T) {
	b := Allocate(Limits{TimeSet: true, Time: 2 * time.Second}, DefaultSettings())
	if b.Emergency || b.Soft < 5*time.Millisecond || b.Hard < b.Soft {
		t.Errorf("2 s sudden death: %+v", b)
	}
}
