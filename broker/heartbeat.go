package broker

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// heartbeatEvery is how often a worker says it is there; a worker not
// heard of for workerTimeout is no longer counted.
const (
	heartbeatEvery = 5 * time.Second
	workerTimeout  = 3 * heartbeatEvery
)

// heartbeat is what a worker sends on heartbeatSubject: its name, its
// game pair slots and how many of them are playing, its platform
// (GOOS_GOARCH) and the keys it trusts (in hex): the queues it takes work
// from. Gone says it stops.
type heartbeat struct {
	Name     string   `json:"name"`
	Slots    int      `json:"slots"`
	Busy     int      `json:"busy"`
	Platform string   `json:"platform,omitempty"`
	Keys     []string `json:"keys,omitempty"`
	Gone     bool     `json:"gone,omitempty"`
}

// beat sends the worker's heartbeat every heartbeatEvery, and at once when
// a coordinator asks (helloSubject), until the returned stop is called,
// which says the worker is gone.
func (w *worker) beat() (stop func()) {
	var platform string
	var keys []string
	for _, q := range w.queues {
		platform = q.queue.platform
		keys = append(keys, q.queue.key)
	}
	send := func(gone bool) {
		data, _ := json.Marshal(heartbeat{Name: w.opts.Name, Slots: w.opts.Concurrency, Busy: int(w.busy.Load()),
			Platform: platform, Keys: keys, Gone: gone})
		w.nc.Publish(heartbeatSubject, data)
	}
	hello, err := w.nc.Subscribe(helloSubject, func(*nats.Msg) { send(false) })
	if err != nil {
		w.opts.Log.Warn().Err(err).Msg("answering coordinators")
	}
	send(false)
	stopBeats := every(heartbeatEvery, func() { send(false) })
	return func() {
		stopBeats()
		if hello != nil {
			hello.Unsubscribe()
		}
		send(true)
		// Not when the broker is out of reach: a flush would wait for it
		// (10 s), and a worker stops at once.
		if w.nc.IsConnected() {
			w.nc.FlushTimeout(time.Second)
		}
	}
}

// workerBoard counts the workers a coordinator hears from.
type workerBoard struct {
	sub  *nats.Subscription
	mu   sync.Mutex
	seen map[string]seenWorker
	last time.Time // of the last heartbeat, or when the board was made
}

// seenWorker is the last heartbeat of a worker and when it came.
type seenWorker struct {
	at time.Time
	hb heartbeat
}

// watchWorkers listens to the workers' heartbeats and asks every worker
// for one.
func watchWorkers(nc *nats.Conn) (*workerBoard, error) {
	b := &workerBoard{seen: map[string]seenWorker{}, last: time.Now()}
	var err error
	b.sub, err = nc.Subscribe(heartbeatSubject, func(m *nats.Msg) {
		var hb heartbeat
		if json.Unmarshal(m.Data, &hb) != nil || hb.Name == "" {
			return
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if hb.Gone {
			delete(b.seen, hb.Name)
			return
		}
		b.last = time.Now()
		b.seen[hb.Name] = seenWorker{at: b.last, hb: hb}
	})
	if err != nil {
		return nil, err
	}
	return b, nc.Publish(helloSubject, nil)
}

// count returns the workers heard of within workerTimeout, their slots
// and the slots playing.
func (b *workerBoard) count(now time.Time) (workers, slots, busy int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for name, s := range b.seen {
		if now.Sub(s.at) > workerTimeout {
			delete(b.seen, name)
			continue
		}
		workers++
		slots += s.hb.Slots
		busy += s.hb.Busy
	}
	return workers, slots, busy
}

// lastHeard returns when a worker was last heard of (when the board was
// made if none was).
func (b *workerBoard) lastHeard() time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// able returns the workers heard of within workerTimeout that take the
// work of queue q, and a description of the others by platform, e.g.
// "2 on linux/amd64 (1 trusting the key)".
func (b *workerBoard) able(now time.Time, q workQueue) (able int, others []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	type tally struct{ workers, trusting int }
	byPlatform := map[string]*tally{}
	for _, s := range b.seen {
		if now.Sub(s.at) > workerTimeout {
			continue
		}
		trusts := slices.Contains(s.hb.Keys, q.key)
		if s.hb.Platform == q.platform && trusts {
			able++
			continue
		}
		t := byPlatform[s.hb.Platform]
		if t == nil {
			t = &tally{}
			byPlatform[s.hb.Platform] = t
		}
		t.workers++
		if trusts {
			t.trusting++
		}
	}
	for _, p := range slices.Sorted(maps.Keys(byPlatform)) {
		t := byPlatform[p]
		others = append(others, fmt.Sprintf("%d on %s (%d trusting the key)", t.workers, platformName(p), t.trusting))
	}
	return able, others
}

// platformName returns GOOS_GOARCH as GOOS/GOARCH ("unknown" for none).
func platformName(p string) string {
	if p == "" {
		return "an unknown platform"
	}
	return strings.Replace(p, "_", "/", 1)
}

// stop stops listening.
func (b *workerBoard) stop() { b.sub.Unsubscribe() }
