package broker

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match"
)

// answerOnce takes one work item from the coordinator's queue, as a worker
// named name that trusts the test key, and stores the result answer makes
// of it instead of playing it. It runs on a goroutine of its own: it
// reports failures with t.Error.
func answerOnce(t *testing.T, ctx context.Context, js jetstream.JetStream, coord *Coordinator, name string, answer func(*Work) *Result) {
	cons, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Error(err)
		return
	}
	batch, err := cons.Fetch(1, jetstream.FetchMaxWait(10*time.Second))
	if err != nil {
		t.Error(err)
		return
	}
	msg, ok := <-batch.Messages()
	if !ok {
		t.Error("no work item")
		return
	}
	payload, u := openWork(msg.Data(), testTrust[0], testTrust)
	var w Work
	if u != nil || json.Unmarshal(payload, &w) != nil {
		t.Errorf("work item %q", msg.Data())
		return
	}
	r := answer(&w)
	r.Version, r.Run, r.ID, r.Worker = wireVersion, w.Run, w.ID, name
	data, _ := json.Marshal(r)
	if _, err := js.Publish(ctx, resultSubject+w.Run, data); err != nil {
		t.Error(err)
	}
	msg.Ack()
}

// zeroMoveMates claims that Red mated at once in every game of w.
func zeroMoveMates(w *Work) *Result {
	r := &Result{}
	for _, g := range w.Games {
		r.Games = append(r.Games, WireResult{Number: g.Number, Outcome: engine.RedWins, Reason: engine.Checkmate,
			StartFEN: w.Opening.FEN, Moves: w.Opening.Moves, Notes: make([]match.MoveNote, len(w.Opening.Moves))})
	}
	return r
}

// TestBadResultsAreNotReused: a worker that answers a game pair with
// 0-move "checkmates" (or with an error) stops the run with a message
// naming it, and nothing of it is counted; the resumed run plays that
// pair again, and ends as a local run.
func TestBadResultsAreNotReused(t *testing.T) {
	const games = 4
	for _, c := range []struct {
		run, worker string
		answer      func(*Work) *Result
		want        string
	}{
		{"liar", "liar", zeroMoveMates, `worker "liar" sent a bad result for game pair 0: game 1: it records 1-0 checkmate, but the referee sees no ending after the last move`},
		{"broken", "broken", func(*Work) *Result { return &Result{Error: "engine a: exec format error"} },
			`worker "broken", game pair 0: engine a: exec format error`},
	} {
		t.Run(c.run, func(t *testing.T) {
			broker := startBroker(t, Credentials{})
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			nc := connect(t, broker, "coordinator")
			js, _ := jetstream.New(nc)
			cfg := testMatch(t, games)
			first, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: c.run, Log: testLog(t)})
			if err != nil {
				t.Fatal(err)
			}
			cfg.Remote = first
			go answerOnce(t, ctx, js, first, c.worker, c.answer)
			res, err := match.Run(ctx, cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("run: %v, want %q", err, c.want)
			}
			if res != nil && len(res.Games) != 0 {
				t.Errorf("%d games counted from the bad result", len(res.Games))
			}
			first.Finish(res, err)
			first.Close()

			var wg sync.WaitGroup
			defer wg.Wait()
			wctx, stop := context.WithCancel(ctx)
			defer stop()
			wg.Go(func() {
				RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Name: "w", CacheDir: t.TempDir(), Trusted: testTrust, Log: testLog(t)})
			})
			again := testMatch(t, games)
			var out bytes.Buffer
			again.PGN = &out
			second, err := NewCoordinator(ctx, nc, &again, CoordinatorOptions{Key: testKey, Run: c.run, Resume: true, Log: testLog(t)})
			if err != nil {
				t.Fatal(err)
			}
			defer second.Close()
			again.Remote = second
			res, err = match.Run(ctx, again)
			if err != nil {
				t.Fatalf("resumed run: %v", err)
			}
			if len(res.Games) != games {
				t.Fatalf("%d games, want %d", len(res.Games), games)
			}
			likeLocal(t, res, &out, games)
			var report bytes.Buffer
			second.WriteReport(&report)
			if want := "Workers (games; endings the referee cannot see, taken as reported):\n  \"w\": 4 games; none\n"; report.String() != want {
				t.Errorf("workers' report:\n%s\nwant:\n%s", report.String(), want)
			}
		})
	}
}

// TestWorkerTally: the workers' report counts each worker's games and the
// endings taken as reported, by reason.
func TestWorkerTally(t *testing.T) {
	var c Coordinator
	var empty bytes.Buffer
	c.WriteReport(&empty)
	if empty.Len() != 0 {
		t.Errorf("a report without results: %q", empty.String())
	}
	game := func(r engine.Reason) match.GameResult {
		return match.GameResult{Termination: engine.Termination{Outcome: engine.RedWins, Reason: r}}
	}
	c.tally.add("b\x1b[2J", []match.GameResult{game(engine.Resignation), game(engine.TimeForfeit)}, []bool{true, true})
	c.tally.add("a", []match.GameResult{game(engine.Checkmate), game(engine.Crash)}, []bool{false, true})
	c.tally.add("b\x1b[2J", []match.GameResult{game(engine.Resignation), game(engine.Adjudication)}, []bool{true, false})
	var out bytes.Buffer
	c.WriteReport(&out)
	want := "Workers (games; endings the referee cannot see, taken as reported):\n" +
		"  \"a\": 2 games; 1 crash\n" +
		"  \"b\\x1b[2J\": 4 games; 2 resignation, 1 time-forfeit\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}
