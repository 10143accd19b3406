package broker

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/match"
)

// TestWorkersAreCounted starts two workers, then stops one: the
// coordinator counts the workers and their slots from their heartbeats,
// and a worker that stops is no longer counted at once.
func TestWorkersAreCounted(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testMatch(t, 2)
	c, err := NewCoordinator(ctx, connect(t, broker, "coordinator"), &cfg, CoordinatorOptions{Key: testKey, Run: "hb"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	waitFor := func(workers, slots int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			w, s, _ := c.link.workers.count(time.Now())
			if w == workers && s == slots {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d workers with %d slots, want %d with %d", w, s, workers, slots)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	stops := make([]context.CancelFunc, 2)
	dones := make([]chan struct{}, 2)
	for i, n := range []int{2, 1} {
		wctx, stop := context.WithCancel(ctx)
		stops[i], dones[i] = stop, make(chan struct{})
		nc := connect(t, broker, "w")
		go func() {
			defer close(dones[i])
			RunWorker(wctx, nc, WorkerOptions{Trusted: testTrust, Name: []string{"a", "b"}[i], Concurrency: n, CacheDir: t.TempDir()})
		}()
	}
	waitFor(2, 3)
	stops[1]()
	<-dones[1]
	waitFor(1, 2)
	if live := c.Live(&match.Result{Planned: 2}); !strings.HasPrefix(live, "1 worker (2 slots)  0.0 games/min") {
		t.Errorf("live %q", live)
	}
	stops[0]()
	<-dones[0]
}

func TestGameRate(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	g := newGameRate(start)
	if r := g.perMinute(start); r != 0 {
		t.Errorf("rate at the start %v", r)
	}
	g.add(start.Add(20*time.Second), 2)
	g.add(start.Add(40*time.Second), 4)
	if r := g.perMinute(start.Add(time.Minute)); r != 6 {
		t.Errorf("6 games in the first minute: %v per minute", r)
	}
	if r := g.perMinute(start.Add(20 * time.Minute)); r != 0 {
		t.Errorf("nothing for 19 minutes: %v per minute", r)
	}
	g.add(start.Add(25*time.Minute), 5)
	if r := g.perMinute(start.Add(30 * time.Minute)); r != 0.5 {
		t.Errorf("5 games in the last 10 minutes: %v per minute, want 0.5", r)
	}
}
