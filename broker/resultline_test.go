package broker

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match"
)

func TestResultLine(t *testing.T) {
	work := &Work{Run: "R", ID: 6, Engines: [2]Engine{{Name: "alpha"}, {Name: "beta"}},
		Games: []WireGame{{Number: 13, Red: 0}, {Number: 14, Red: 1}}}
	for _, c := range []struct {
		outcomes [2]engine.Outcome
		numbers  [2]int
		err      string
		want     string
	}{
		{[2]engine.Outcome{engine.RedWins, engine.Draw}, [2]int{13, 14}, "", "run R: games 13-14 done: alpha 1.5 - beta 0.5"},
		// beta has Red in the second game: its win is beta's.
		{[2]engine.Outcome{engine.BlackWins, engine.RedWins}, [2]int{13, 14}, "", "run R: games 13-14 done: alpha 0 - beta 2"},
		{[2]engine.Outcome{engine.Draw, engine.BlackWins}, [2]int{3, 9}, "", "run R: games 3, 9 done: alpha 1.5 - beta 0.5"},
		{err: "engine 1: exec format error", want: "run R: pair 6 not played: engine 1: exec format error"},
	} {
		res := &Result{Run: "R", ID: 6, Error: c.err}
		if c.err == "" {
			for i, o := range c.outcomes {
				res.Games = append(res.Games, WireResult{Number: c.numbers[i], Outcome: o})
			}
		}
		if got := resultLine(work, res); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	one := &Work{Run: "R", Engines: [2]Engine{{Name: "alpha"}, {}}, Games: []WireGame{{Number: 7, Red: 1}}}
	res := &Result{Games: []WireResult{{Number: 7, Outcome: engine.RedWins}}}
	if got, want := resultLine(one, res), "run R: game 7 done: alpha 0 - engine 2 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWorkerLogsEachResult: a worker logs a line for each result it
// stores, with the run, the games and the scores.
func TestWorkerLogsEachResult(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	cfg := testMatch(t, 2)
	coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "lines", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	var log syncBuffer
	wctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", CacheDir: t.TempDir(), Log: bufferLog(&log)})
	})
	res, err := match.Run(ctx, cfg)
	// The worker logs the line after it has stored the result, which the
	// coordinator may read first: wait for it before the worker stops.
	// The games are drawn by the ply limit.
	const want = "run lines: games 1-2 done: a 1 - b 1"
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(log.String(), want) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 {
		t.Fatalf("%d games, want 2", len(res.Games))
	}
	if !strings.Contains(log.String(), want) {
		t.Errorf("worker log:\n%s\nwant a line with %q", log.String(), want)
	}
}
