package timeman

import (
	"sync/atomic"
	"time"
)

// Tuning constants of the Manager.
const (
	// changeWeight is how much one recent best-move change stretches the
	// target; changes decay by half each iteration.
	changeWeight = 0.7
	// A best move unchanged for stableShort (stableLong) iterations
	// shrinks the target to stableShortFactor (stableLongFactor).
	stableShort       = 3
	stableShortFactor = 0.8
	stableLong        = 6
	stableLongFactor  = 0.7
	// A score drop of dropScale centipawns or more against the running
	// average of earlier iterations stretches the target by dropWeight.
	dropScale  = 100
	dropWeight = 0.6
	// The stability factor stays within [minFactor, maxFactor].
	minFactor = 0.4
	maxFactor = 2.0
	// No new iteration starts once nextIterationShare of the target is
	// used: the next one would usually not finish in time.
	nextIterationShare = 0.9
	// Inside an iteration the search stops at overrunShare times the
	// target (or at the hard limit, if sooner).
	overrunShare = 1.4
)

// Iteration summarises one completed iteration of iterative deepening.
type Iteration struct {
	// Depth is the depth just completed.
	Depth int
	// Best is the best root move in any stable encoding, e.g.
	// uint32(engine.Move); only equality is used.
	Best uint32
	// Score is Best's score from the side to move, in centipawns.
	Score int
	// RootMoves is the number of legal root moves; 1 means the move is
	// forced and is answered at once.
	RootMoves int
}

// Manager decides when a timed search stops. One Manager serves one search
// at a time and can be reused: Start it at go, call HardStop from any
// search goroutine every few thousand nodes, call IterationDone from the
// goroutine that runs iterative deepening after each completed iteration,
// and call PonderHit from the protocol goroutine when ponderhit arrives.
// None of these allocate. The zero Manager is ready to Start.
type Manager struct {
	now    func() time.Time
	budget Budget
	epoch  time.Time // when Start was called

	// Shared with the search goroutines and the protocol goroutine.
	startNs   atomic.Int64 // the clock's start, in ns after epoch
	stopNs    atomic.Int64 // in-search deadline, in ns after the start
	pondering atomic.Bool  // go ponder, before ponderhit
	ready     atomic.Bool  // an iteration has completed: a move exists
	wouldStop atomic.Bool  // pondering, but the budget is already used up

	// Owned by the iterative-deepening goroutine.
	iterations int
	best       uint32
	stable     int     // consecutive iterations that kept best
	changes    float64 // decayed count of best-move changes
	avgScore   float64 // running average of earlier iterations' scores
	drop       float64 // how far the last score fell below that average
	target     time.Duration
}

// SetTimeSource replaces time.Now as the Manager's clock (for tests and
// simulations). Call it before Start; nil restores time.Now.
func (m *Manager) SetTimeSource(now func() time.Time) { m.now = now }

// Start begins a search with budget b; its clock starts now unless
// pondering, in which case it starts at PonderHit. Call it before the
// search goroutines start.
func (m *Manager) Start(b Budget, pondering bool) {
	if m.now == nil {
		m.now = time.Now
	}
	m.StartFrom(b, pondering, m.now())
}

// StartFrom is Start with the clock started at t0 (before now: the time
// since the go command arrived is already spent).
func (m *Manager) StartFrom(b Budget, pondering bool, t0 time.Time) {
	if m.now == nil {
		m.now = time.Now
	}
	m.budget = b
	m.epoch = t0
	m.startNs.Store(0)
	m.stopNs.Store(int64(b.Hard))
	m.pondering.Store(pondering)
	m.ready.Store(false)
	m.wouldStop.Store(false)
	m.iterations, m.best, m.stable, m.changes, m.avgScore, m.drop = 0, 0, 0, 0, 0, 0
	m.target = b.Soft
}

// PonderHit switches a pondering search to a timed one: the budget counts
// from now. It reports whether the search should stop at once because the
// time spent pondering already covers the target (EE behaviour). It may be
// called from any goroutine.
func (m *Manager) PonderHit() (stopNow bool) {
	m.startNs.Store(int64(m.sinceEpoch()))
	m.pondering.Store(false)
	return m.budget.Limited && m.wouldStop.Load()
}

// Elapsed returns how long the clock has run: since Start, or since
// PonderHit when the search began pondering (0 while still pondering).
func (m *Manager) Elapsed() time.Duration {
	if m.pondering.Load() {
		return 0
	}
	return m.sinceEpoch() - time.Duration(m.startNs.Load())
}

// sinceEpoch returns the time since Start (time.Now if no source is set, so
// that a Manager that was never started does not panic).
func (m *Manager) sinceEpoch() time.Duration {
	if m.now == nil {
		return time.Since(m.epoch)
	}
	return m.now().Sub(m.epoch)
}

// HardStop reports whether the search must stop now: the hard limit, or
// the overrun limit of the current target, has passed. It is false while
// pondering and for unlimited searches. Before the first iteration has
// completed only the hard limit counts: the search then answers with its
// first root move (the table's move when there is one) rather than lose on
// time. It is safe for concurrent use and does not allocate.
func (m *Manager) HardStop() bool {
	if !m.budget.Limited || m.pondering.Load() {
		return false
	}
	limit := m.stopNs.Load()
	if !m.ready.Load() {
		limit = int64(m.budget.Hard)
	}
	return int64(m.sinceEpoch())-m.startNs.Load() >= limit
}

// IterationDone records a completed iteration and reports whether the
// search should stop rather than start the next one. It stops at once for
// a forced move and in emergency mode; otherwise it scales the target by
// the stability of the best move and the score trend, and stops when the
// next iteration would not fit. While pondering it always returns false
// but remembers the verdict for PonderHit. Call it only from the goroutine
// running iterative deepening.
func (m *Manager) IterationDone(it Iteration) bool {
	m.track(it)
	m.ready.Store(true)
	if !m.budget.Limited || m.budget.Fixed {
		return false
	}
	var stop bool
	switch {
	case it.RootMoves == 1, m.budget.Emergency:
		stop = true
	default:
		m.target = min(time.Duration(float64(m.budget.Soft)*m.factor()), m.budget.Hard)
		m.stopNs.Store(int64(min(time.Duration(float64(m.target)*overrunShare), m.budget.Hard)))
		var spent time.Duration
		if m.pondering.Load() {
			spent = m.sinceEpoch() // all the time pondered so far
		} else {
			spent = m.Elapsed()
		}
		stop = spent >= time.Duration(float64(m.target)*nextIterationShare)
	}
	if m.pondering.Load() {
		m.wouldStop.Store(stop)
		return false
	}
	return stop
}

// Target returns the current target: Soft scaled by the stability of the
// search so far.
func (m *Manager) Target() time.Duration { return m.target }

// track updates the best-move and score history with it.
func (m *Manager) track(it Iteration) {
	m.iterations++
	m.changes /= 2
	if m.iterations == 1 {
		m.best, m.stable, m.avgScore = it.Best, 0, float64(it.Score)
		return
	}
	if it.Best == m.best {
		m.stable++
	} else {
		m.best, m.stable = it.Best, 0
		m.changes++
	}
	m.drop = m.avgScore - float64(it.Score)
	m.avgScore = (m.avgScore + float64(it.Score)) / 2
}

// factor returns the multiplier of Soft for the search so far.
func (m *Manager) factor() float64 {
	f := 1 + changeWeight*m.changes
	switch {
	case m.stable >= stableLong:
		f *= stableLongFactor
	case m.stable >= stableShort:
		f *= stableShortFactor
	}
	if m.drop > 0 {
		f *= 1 + dropWeight*min(m.drop, dropScale)/dropScale
	}
	return min(max(f, minFactor), maxFactor)
}
