package broker

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

// storedPairs returns the pair ids of the results of run on the stream,
// counting each stored copy.
func storedPairs(t *testing.T, js jetstream.JetStream, run string) map[int]int {
	t.Helper()
	out := map[int]int{}
	for _, r := range storedResults(t, js, run) {
		out[r.ID]++
	}
	return out
}

// TestResumeStoppedRun stops a coordinator after a few games (as Ctrl-C
// does), lets the worker finish the pairs it holds, and resumes the run
// with a new coordinator: the games stored are counted once and not
// published again, the run ends with exactly the requested games, and
// the totals, the pentanomial counts and the PGN are those of a local run.
func TestResumeStoppedRun(t *testing.T) {
	const games, pairs = 12, 6
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	js, _ := jetstream.New(nc)

	// Every pair is published at once: those not taken yet when the
	// coordinator stops are withdrawn from the queue, and must be
	// published again on the resume.
	cfg := testMatch(t, games)
	cfg.Concurrency = pairs
	first, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "r1", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Remote = first
	stopCtx, stop := context.WithCancel(ctx)
	cfg.OnGame = func(g match.GameResult, r *match.Result) {
		first.Counted(g, r)
		if len(r.Games) == 4 {
			stop()
		}
	}
	wctx, stopWorker := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		stopWorker()
		wg.Wait()
	}()
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", Concurrency: 2, CacheDir: t.TempDir(), Log: testLog(t)})
	})
	res, err := match.Run(stopCtx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Games) >= games {
		t.Fatalf("%d games, interrupted %v: want the run stopped early", len(res.Games), res.Interrupted)
	}
	first.Finish(res, nil)
	first.Close()
	// The worker finishes the pairs it took; their results are stored
	// with nobody waiting for them.
	waitIdle(t, nc)
	before := storedPairs(t, js, "r1")
	if len(before) < 2 || len(before) >= pairs {
		t.Fatalf("%d pairs stored when stopped: want some but not all", len(before))
	}
	st, err := ReadStatus(ctx, nc, "r1")
	if err != nil || len(st) != 1 || st[0].State != StateInterrupted {
		t.Fatalf("status %+v, %v: want one interrupted run", st, err)
	}

	published := map[int]int{}
	var mu sync.Mutex
	sub, err := nc.Subscribe(runSubjects("r1"), func(m *nats.Msg) {
		var s signedWork
		var w Work
		json.Unmarshal(m.Data, &s)
		json.Unmarshal(s.Payload, &w)
		mu.Lock()
		published[w.ID]++
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()

	again := testMatch(t, games)
	again.Concurrency = 3
	var out bytes.Buffer
	again.PGN = &out
	second, err := NewCoordinator(ctx, nc, &again, CoordinatorOptions{Key: testKey, Run: "r1", Resume: true, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	again.Remote = second
	again.OnGame = second.Counted
	res, err = match.Run(ctx, again)
	if err != nil {
		t.Fatal(err)
	}
	second.Finish(res, nil)
	if len(res.Games) != games || len(byNumber(t, res)) != games || res.Interrupted {
		t.Fatalf("%d games, interrupted %v: want %d", len(res.Games), res.Interrupted, games)
	}
	mu.Lock()
	for id := range before {
		if published[id] > 0 {
			t.Errorf("pair %d was stored and published again", id)
		}
	}
	if len(published)+len(before) != pairs {
		t.Errorf("%d pairs published on resume, %d stored before: want %d in all", len(published), len(before), pairs)
	}
	mu.Unlock()
	for id, n := range storedPairs(t, js, "r1") {
		if n != 1 {
			t.Errorf("pair %d stored %d times: played twice", id, n)
		}
	}

	want := likeLocal(t, res, &out, games)
	st, err = ReadStatus(ctx, nc, "r1")
	if err != nil || len(st) != 1 || st[0].State != StateFinished || st[0].Games != games ||
		st[0].Record != want.Players[0].Record || st[0].Resumed.IsZero() {
		t.Errorf("status %+v, %v: want the finished run with the local totals", st, err)
	}
}

// likeLocal checks that the totals, the pentanomial counts and the PGN
// games of a match on the broker are those of a local run of the same
// match, which it returns.
func likeLocal(t *testing.T, res *match.Result, out *bytes.Buffer, games int) *match.Result {
	t.Helper()
	local := testMatch(t, games)
	var localPGN bytes.Buffer
	local.PGN = &localPGN
	want, err := match.Run(context.Background(), local)
	if err != nil {
		t.Fatal(err)
	}
	for e := range want.Players {
		if res.Players[e].Record != want.Players[e].Record {
			t.Errorf("engine %d: %+v, local run %+v", e, res.Players[e].Record, want.Players[e].Record)
		}
	}
	if res.Pairings[0].Penta != want.Pairings[0].Penta {
		t.Errorf("pentanomial %v, local run %v", res.Pairings[0].Penta, want.Pairings[0].Penta)
	}
	if got, wantGames := pgnGames(t, out), pgnGames(t, &localPGN); got != wantGames {
		t.Errorf("PGN of the resumed run:\n%s\nlocal run:\n%s", got, wantGames)
	}
	return want
}

// waitIdle waits until the workers play nothing (by their heartbeats,
// asked for every 100 ms; twice in a row, so that a pair being taken up
// is not missed).
func waitIdle(t *testing.T, nc *nats.Conn) {
	t.Helper()
	b, err := watchWorkers(nc)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	idle := 0
	for deadline := time.Now().Add(30 * time.Second); idle < 2; {
		if time.Now().After(deadline) {
			t.Fatal("the worker is still busy")
		}
		nc.Publish(helloSubject, nil)
		time.Sleep(100 * time.Millisecond)
		if w, _, busy := b.count(time.Now()); w > 0 && busy == 0 {
			idle++
		} else {
			idle = 0
		}
	}
}

// pgnGames returns the games of a PGN by their round (game number), each
// as its result and moves, in round order.
func pgnGames(t *testing.T, b *bytes.Buffer) string {
	t.Helper()
	games := map[string]string{}
	rd := pgn.NewReader(bytes.NewReader(b.Bytes()), "test.pgn")
	for {
		g, err := rd.Next()
		if err != nil {
			break
		}
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.String())
		}
		r := g.Tag("Round")
		if _, dup := games[r]; dup {
			t.Errorf("round %s twice in the PGN", r)
		}
		games[r] = g.Result + " " + strings.Join(moves, " ")
	}
	var out strings.Builder
	for i := 1; i <= len(games); i++ {
		out.WriteString(games[strconv.Itoa(i)] + "\n")
	}
	return out.String()
}

func TestResumeNeedsTheSameMatch(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	cfg := testMatch(t, 4)
	if _, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "nope", Resume: true}); err == nil ||
		!strings.Contains(err.Error(), "not on the broker") {
		t.Errorf("resuming an unknown run: %v", err)
	}
	c, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "same"})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if _, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "same"}); err == nil ||
		!strings.Contains(err.Error(), "on the broker already") {
		t.Errorf("a new run under a used id: %v", err)
	}
	other := testMatch(t, 6)
	if _, err := NewCoordinator(ctx, nc, &other, CoordinatorOptions{Key: testKey, Run: "same", Resume: true}); err == nil ||
		!strings.Contains(err.Error(), "other engines, games") {
		t.Errorf("resuming with other games: %v", err)
	}
	c, err = NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "same", Resume: true})
	if err != nil {
		t.Fatalf("resuming the same match: %v", err)
	}
	c.Close()
}

// TestResumeKilledCoordinator kills a coordinator mid-run (its connection
// closes; nothing is withdrawn from the queue) and resumes the run at once,
// while the worker still plays the pairs published before: they are not
// played twice, and the run ends as a local one.
func TestResumeKilledCoordinator(t *testing.T) {
	const games = 12
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	wctx, stopWorker := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		stopWorker()
		wg.Wait()
	}()
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", Concurrency: 2, CacheDir: t.TempDir(), Log: testLog(t)})
	})

	dying := connect(t, broker, "killed coordinator")
	cfg := testMatch(t, games)
	cfg.Concurrency = 4
	first, err := NewCoordinator(ctx, dying, &cfg, CoordinatorOptions{Key: testKey, Run: "k1", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	// A killed process's goroutines end with it: its status updates must
	// not outlive the test (they log to it).
	defer first.refreshing()
	cfg.Remote = first
	killCtx, kill := context.WithCancel(ctx)
	cfg.OnGame = func(_ match.GameResult, r *match.Result) {
		if len(r.Games) == 2 {
			kill()
		}
	}
	if _, err := match.Run(killCtx, cfg); err != nil {
		t.Fatal(err)
	}
	dying.Close()

	nc := connect(t, broker, "coordinator")
	again := testMatch(t, games)
	again.Concurrency = 4
	var out bytes.Buffer
	again.PGN = &out
	second, err := NewCoordinator(ctx, nc, &again, CoordinatorOptions{Key: testKey, Run: "k1", Resume: true, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	again.Remote = second
	res, err := match.Run(ctx, again)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != games || len(byNumber(t, res)) != games {
		t.Fatalf("%d games, want %d", len(res.Games), games)
	}
	likeLocal(t, res, &out, games)
	js, _ := jetstream.New(nc)
	for id, n := range storedPairs(t, js, "k1") {
		if n != 1 {
			t.Errorf("pair %d stored %d times: played twice", id, n)
		}
	}
}

// TestOneCoordinatorPerRun: a run whose coordinator is alive is not
// resumed by a second one (on any connection); once it is gone, it is.
func TestOneCoordinatorPerRun(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testMatch(t, 4)
	first, err := NewCoordinator(ctx, connect(t, broker, "first"), &cfg, CoordinatorOptions{Key: testKey, Run: "once"})
	if err != nil {
		t.Fatal(err)
	}
	nc := connect(t, broker, "second")
	if _, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "once", Resume: true}); err == nil ||
		!strings.Contains(err.Error(), "has a coordinator running") || !strings.Contains(err.Error(), "pid") {
		t.Errorf("resuming a run with a live coordinator: %v", err)
	}
	first.Close()
	second, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "once", Resume: true})
	if err != nil {
		t.Fatalf("resuming once the coordinator is gone: %v", err)
	}
	second.Close()
}
