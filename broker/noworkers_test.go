package broker

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goxq/ucci/match"
)

// TestNoWorkersNotice: while work waits and no worker is heard of, the
// coordinator says so after the wait, then after twice as long each
// time; a worker's heartbeat starts it over, and nothing is said while
// no work waits.
func TestNoWorkersNotice(t *testing.T) {
	var log syncBuffer
	t0 := time.Now()
	pending := 3
	board := &workerBoard{seen: map[string]seenWorker{}, last: t0}
	l := &runLink{run: "R", log: bufferLog(&log), pending: func() int { return pending }, workers: board,
		idle: noWorkers{wait: noWorkersWait}}
	tick := func(from, to int) {
		for s := from; s <= to; s += 5 {
			l.reportNoWorkers(t0.Add(time.Duration(s) * time.Second))
		}
	}
	notices := func() []string {
		var out []string
		for _, line := range strings.Split(log.String(), "\n") {
			if _, after, ok := strings.Cut(line, "run R: waiting for workers: none connected for "); ok {
				out = append(out, after)
			}
		}
		return out
	}
	check := func(want ...string) {
		t.Helper()
		if got := notices(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("notices after %v, want after %v; log:\n%s", got, want, log.String())
		}
	}
	tick(0, 25)
	check()
	tick(30, 300)
	check("30 s", "60 s", "2 min", "4 min")
	// A worker comes at 300 s, plays and goes at 320 s.
	board.mu.Lock()
	board.last = t0.Add(300 * time.Second)
	board.seen["w"] = seenWorker{at: board.last, hb: heartbeat{Name: "w", Slots: 1}}
	board.mu.Unlock()
	tick(305, 310)
	board.mu.Lock()
	board.last = t0.Add(320 * time.Second)
	delete(board.seen, "w")
	board.mu.Unlock()
	tick(315, 360)
	check("30 s", "60 s", "2 min", "4 min", "30 s")
	pending = 0
	tick(365, 1000)
	check("30 s", "60 s", "2 min", "4 min", "30 s")
}

// TestCoordinatorWaitsForWorkers: a coordinator whose work waits with no
// worker says so (its wait made short) and says nothing of stranded work,
// and the match ends once a worker comes.
func TestCoordinatorWaitsForWorkers(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testMatch(t, 2)
	var log syncBuffer
	coord, err := NewCoordinator(ctx, connect(t, broker, "coordinator"), &cfg,
		CoordinatorOptions{Key: testKey, Run: "idle", Log: bufferLog(&log), NoWorkersWait: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	done := make(chan *match.Result, 1)
	go func() {
		res, err := match.Run(ctx, cfg)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	waitForText(t, &log, "run idle: waiting for workers: none connected for ", 10*time.Second)
	// With no worker at all, this notice is the one said.
	coord.link.reportStranded()
	if strings.Contains(log.String(), "no connected worker can take them") {
		t.Errorf("the stranded-work notice spoke too:\n%s", log.String())
	}
	wctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", CacheDir: t.TempDir(), Log: testLog(t)})
	})
	defer func() { stop(); wg.Wait() }()
	if res := <-done; res == nil || len(res.Games) != 2 {
		t.Fatalf("result %+v, want the two games", res)
	}
}
