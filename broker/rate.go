package broker

import (
	"sync"
	"time"
)

// rateWindow is the span over which the rate of games is measured.
const rateWindow = 10 * time.Minute

// gameRate measures how fast a run's games come back from the workers.
type gameRate struct {
	mu    sync.Mutex
	start time.Time   // when measuring began
	done  []doneGames // within the window, oldest first
}

// doneGames are games that came back at one time.
type doneGames struct {
	at time.Time
	n  int
}

// newGameRate starts measuring at now.
func newGameRate(now time.Time) *gameRate { return &gameRate{start: now} }

// add counts n games that came back at now.
func (g *gameRate) add(now time.Time, n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.done = append(g.done, doneGames{at: now, n: n})
}

// perMinute returns the games per minute over the window up to now (over
// the time since the start when that is shorter).
func (g *gameRate) perMinute(now time.Time) float64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	i := 0
	for i < len(g.done) && now.Sub(g.done[i].at) > rateWindow {
		i++
	}
	g.done = g.done[i:]
	span := min(now.Sub(g.start), rateWindow)
	if span < time.Second {
		return 0
	}
	n := 0
	for _, d := range g.done {
		n += d.n
	}
	return float64(n) / span.Minutes()
}
