package broker

import (
	"fmt"
	"time"
)

// The "waiting for workers" notice of a coordinator: noWorkersWait is how
// long a run's work waits with no worker connected before its
// coordinator says so (CoordinatorOptions.NoWorkersWait sets another);
// the notice comes again after twice as long each time, at most every
// noWorkersMaxGap, until a worker comes.
const (
	noWorkersWait   = 30 * time.Second
	noWorkersMaxGap = 10 * time.Minute
)

// noWorkers is the state of the notice.
type noWorkers struct {
	wait time.Duration
	said time.Time     // when it was last said (zero: not since a worker was there)
	gap  time.Duration // from then to the next one
}

// watchNoWorkers checks, often enough for the notice to come on time,
// whether it is due, until the returned stop is called.
func (l *runLink) watchNoWorkers() (stop func()) {
	return every(max(l.idle.wait/6, 10*time.Millisecond), func() { l.reportNoWorkers(time.Now()) })
}

// reportNoWorkers says, when work items of the run wait and no worker has
// been heard of (no heartbeat, whatever its platform) for the wait,
// "run R: waiting for workers: none connected for 30 s"; then again,
// spaced further each time, while none comes.
func (l *runLink) reportNoWorkers(now time.Time) {
	if workers, _, _ := l.workers.count(now); workers > 0 || l.pending() == 0 {
		l.idle.said, l.idle.gap = time.Time{}, 0
		return
	}
	quiet := now.Sub(l.workers.lastHeard())
	if quiet < l.idle.wait || !l.idle.said.IsZero() && now.Sub(l.idle.said) < l.idle.gap {
		return
	}
	l.idle.gap = min(max(2*l.idle.gap, l.idle.wait), noWorkersMaxGap)
	l.idle.said = now
	l.log.Warn().Msgf("run %s: waiting for workers: none connected for %s", l.run, spokenDuration(quiet))
}

// spokenDuration returns d in whole seconds under two minutes ("30 s"),
// in whole minutes after ("12 min").
func spokenDuration(d time.Duration) string {
	if d < 2*time.Minute {
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	}
	return fmt.Sprintf("%d min", int(d/time.Minute))
}
