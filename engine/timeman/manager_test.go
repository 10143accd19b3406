package timeman

import (
	"sync"
	"testing"
	"time"
)

// fakeTime is a settable clock for Manager tests.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time          { return f.t }
func (f *fakeTime) advance(d time.Duration) { f.t = f.t.Add(d) }
func newFakeManager() (*Manager, *fakeTime) {
	ft := &fakeTime{t: time.Unix(1_000_000, 0)}
	m := &Manager{}
	m.SetTimeSource(ft.now)
	return m, ft
}

const ms = time.Millisecond

func TestHardStop(t *testing.T) {
	m, ft := newFakeManager()
	m.Start(Budget{Limited: true, Soft: 100 * ms, Hard: 300 * ms}, false)
	ft.advance(299 * ms)
	if m.HardStop() {
		t.Fatal("HardStop before the hard limit, before the first iteration")
	}
	ft.advance(ms)
	if !m.HardStop() {
		t.Fatal("no HardStop at the hard limit even though no iteration completed")
	}
	m.IterationDone(Iteration{Depth: 1, Best: 7, RootMoves: 30})
	if !m.HardStop() {
		t.Fatal("no HardStop at 1 s with a 300 ms hard limit")
	}

	// Target = Soft after one iteration; the search may overrun it up to
	// overrunShare, but never the hard limit.
	m.Start(Budget{Limited: true, Soft: 300 * ms, Hard: 300 * ms}, false)
	m.IterationDone(Iteration{Depth: 1, Best: 7, RootMoves: 30})
	ft.advance(299 * ms)
	if m.HardStop() {
		t.Fatal("HardStop before the hard limit")
	}
	ft.advance(ms)
	if !m.HardStop() {
		t.Fatal("no HardStop at the hard limit")
	}
	m.Start(Budget{Limited: true, Soft: 100 * ms, Hard: 300 * ms}, false)
	m.IterationDone(Iteration{Depth: 1, Best: 7, RootMoves: 30})
	ft.advance(139 * ms)
	if m.HardStop() {
		t.Fatal("HardStop before the overrun limit")
	}
	ft.advance(ms)
	if !m.HardStop() {
		t.Fatal("no HardStop at overrunShare times the target")
	}

	m.Start(Budget{}, false) // unlimited
	m.IterationDone(Iteration{Depth: 1, Best: 7, RootMoves: 30})
	ft.advance(time.Hour)
	if m.HardStop() || m.IterationDone(Iteration{Depth: 2, Best: 7, RootMoves: 30}) {
		t.Fatal("an unlimited search stopped")
	}
}

// runIterations feeds iterations, each costing a quarter more than the
// last, until the manager says stop, and returns the time used and the
// target at that point.
func runIterations(m *Manager, ft *fakeTime, best func(depth int) uint32, score func(depth int) int) (used, target time.Duration) {
	start := ft.t
	cost := ms
	for depth := 1; depth < 100; depth++ {
		ft.advance(cost)
		if depth > 1 && m.HardStop() {
			break
		}
		if m.IterationDone(Iteration{Depth: depth, Best: best(depth), Score: score(depth), RootMoves: 30}) {
			break
		}
		cost += cost / 4
	}
	return ft.t.Sub(start), m.Target()
}

func TestIterationStability(t *testing.T) {
	b := Budget{Limited: true, Soft: time.Second, Hard: 2500 * ms}
	flat := func(int) int { return 20 }
	m, ft := newFakeManager()

	m.Start(b, false)
	stable, stableTarget := runIterations(m, ft, func(int) uint32 { return 1 }, flat)

	m.Start(b, false)
	unstable, unstableTarget := runIterations(m, ft, func(d int) uint32 { return uint32(d) }, flat)

	m.Start(b, false)
	falling, fallingTarget := runIterations(m, ft, func(int) uint32 { return 1 }, func(d int) int { return 100 - 40*d })

	t.Logf("used: stable %v, unstable %v, falling score %v", stable, unstable, falling)
	t.Logf("targets: stable %v, unstable %v, falling score %v", stableTarget, unstableTarget, fallingTarget)
	if want := time.Duration(float64(b.Soft) * stableLongFactor); stableTarget != want {
		t.Errorf("stable target %v, want %v", stableTarget, want)
	}
	if want := time.Duration(float64(b.Soft) * maxFactor); unstableTarget != want {
		t.Errorf("unstable target %v, want the maximum %v", unstableTarget, want)
	}
	if !(stable < falling && falling < unstable) {
		t.Errorf("want stable < falling score < unstable, got %v, %v, %v", stable, falling, unstable)
	}
	if stable < time.Duration(float64(stableTarget)*nextIterationShare) || unstable > b.Hard {
		t.Errorf("stopped outside [%v, %v]: %v, %v", stableTarget, b.Hard, stable, unstable)
	}
}

func TestIterationStableStopsEarly(t *testing.T) {
	m, ft := newFakeManager()
	m.Start(Budget{Limited: true, Soft: time.Second, Hard: 2500 * ms}, false)
	// Cheap iterations with the same best move: after a long stable run
	// the target shrinks to stableLongFactor.
	for d := 1; d <= 10; d++ {
		ft.advance(10 * ms)
		m.IterationDone(Iteration{Depth: d, Best: 5, Score: 10, RootMoves: 20})
	}
	if got, want := m.Target(), time.Duration(float64(time.Second)*stableLongFactor); got != want {
		t.Errorf("target after 10 stable iterations %v, want %v", got, want)
	}
}

func TestIterationForcedAndEmergency(t *testing.T) {
	m, ft := newFakeManager()
	m.Start(Budget{Limited: true, Soft: 10 * time.Second, Hard: 30 * time.Second}, false)
	ft.advance(ms)
	if !m.IterationDone(Iteration{Depth: 1, Best: 3, RootMoves: 1}) {
		t.Error("a forced move did not stop after the first iteration")
	}
	m.Start(Budget{Limited: true, Hard: 5 * ms, Emergency: true}, false)
	if !m.IterationDone(Iteration{Depth: 1, Best: 3, RootMoves: 40}) {
		t.Error("emergency mode did not stop after the first iteration")
	}
	m.Start(Budget{Limited: true, Soft: 100 * ms, Hard: 100 * ms, Fixed: true}, false)
	ft.advance(90 * ms)
	if m.IterationDone(Iteration{Depth: 1, Best: 3, RootMoves: 1}) {
		t.Error("a fixed move time stopped early")
	}
	ft.advance(10 * ms)
	if !m.HardStop() {
		t.Error("a fixed move time did not stop at its end")
	}
}

func TestPonder(t *testing.T) {
	m, ft := newFakeManager()
	b := Budget{Limited: true, Soft: time.Second, Hard: 3 * time.Second}
	m.Start(b, true)
	for d := 1; d <= 5; d++ {
		ft.advance(100 * ms)
		if m.IterationDone(Iteration{Depth: d, Best: 1, RootMoves: 30}) {
			t.Fatal("stopped while pondering")
		}
	}
	ft.advance(10 * time.Second)
	if m.HardStop() || m.Elapsed() != 0 {
		t.Fatalf("pondering: HardStop %v, Elapsed %v", m.HardStop(), m.Elapsed())
	}
	// 10.5 s of pondering already covers the target: stop at ponderhit.
	m.IterationDone(Iteration{Depth: 6, Best: 1, RootMoves: 30})
	if !m.PonderHit() {
		t.Error("PonderHit after a long ponder did not ask to stop")
	}

	m.Start(b, true)
	ft.advance(100 * ms)
	m.IterationDone(Iteration{Depth: 1, Best: 1, RootMoves: 30})
	if m.PonderHit() {
		t.Error("PonderHit after a short ponder asked to stop")
	}
	// The budget now counts from the ponderhit: the overrun limit is
	// 1.4 s after it.
	ft.advance(1399 * ms)
	if m.Elapsed() != 1399*ms || m.HardStop() {
		t.Errorf("after ponderhit: Elapsed %v, HardStop %v", m.Elapsed(), m.HardStop())
	}
	ft.advance(ms)
	if !m.HardStop() {
		t.Error("no HardStop at the overrun limit counted from ponderhit")
	}
}

func TestManagerConcurrent(t *testing.T) {
	var m Manager
	m.Start(Budget{Limited: true, Soft: 20 * ms, Hard: 40 * ms}, true)
	m.IterationDone(Iteration{Depth: 1, Best: 1, RootMoves: 10})
	var wg sync.WaitGroup
	stopped := make([]bool, 2)
	for i := range stopped {
		wg.Go(func() {
			for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
				if m.HardStop() {
					stopped[i] = true
					return
				}
			}
		})
	}
	time.Sleep(ms)
	m.PonderHit()
	wg.Wait()
	for i, s := range stopped {
		if !s {
			t.Errorf("searcher %d never saw HardStop", i)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	var m Manager
	b := Allocate(Limits{TimeSet: true, Time: 300 * time.Second, MovesToGo: 30}, DefaultSettings())
	m.Start(b, false)
	if n := testing.AllocsPerRun(100, func() { _ = m.HardStop() }); n != 0 {
		t.Errorf("HardStop allocates %v times", n)
	}
	d := 0
	if n := testing.AllocsPerRun(100, func() {
		d++
		_ = m.IterationDone(Iteration{Depth: d, Best: uint32(d % 3), Score: d, RootMoves: 20})
	}); n != 0 {
		t.Errorf("IterationDone allocates %v times", n)
	}
	set := DefaultSettings()
	set.Schedule = mustParse(t, "CXA-6.1").Red
	if n := testing.AllocsPerRun(100, func() {
		_ = Allocate(Limits{TimeSet: true, Time: 5400 * time.Second}, set)
	}); n != 0 {
		t.Errorf("Allocate allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { m.Start(b, false); _ = m.PonderHit() }); n != 0 {
		t.Errorf("Start/PonderHit allocate %v times", n)
	}
}

func TestZeroManager(t *testing.T) {
	var m Manager
	if m.HardStop() || m.IterationDone(Iteration{Depth: 1, RootMoves: 1}) || m.PonderHit() {
		t.Error("a Manager that was never started stopped a search")
	}
	_ = m.Elapsed()
	_ = m.Target()
}

// TestStartFromChargesTheWait: a search whose clock started before the
// manager did (the go command waited for the table) has that time spent
// already: at once past a hard limit shorter than the wait.
func TestStartFromChargesTheWait(t *testing.T) {
	m, ft := newFakeManager()
	b := Budget{Limited: true, Soft: 30 * time.Millisecond, Hard: 40 * time.Millisecond}
	m.StartFrom(b, false, ft.t.Add(-50*time.Millisecond))
	if got := m.Elapsed(); got != 50*time.Millisecond {
		t.Errorf("elapsed %v at the start, want 50ms", got)
	}
	if !m.HardStop() {
		t.Error("no hard stop 50 ms into a 40 ms budget")
	}
	m.Start(b, false)
	if m.Elapsed() != 0 || m.HardStop() {
		t.Errorf("Start: elapsed %v, hard stop %v", m.Elapsed(), m.HardStop())
	}
}
