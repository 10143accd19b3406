package broker

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/match"
)

// fakeBin is the scripted engine of match, built by TestMain.
var fakeBin string

func TestMain(m *testing.M) { os.Exit(enginetest.MainWithFake(m, &fakeBin)) }

// testKey signs the work of the tests' coordinators; their workers trust
// it (testTrust).
var (
	testKey   = newTestKey()
	testTrust = []ed25519.PublicKey{testKey.Public().(ed25519.PublicKey)}
)

func newTestKey() ed25519.PrivateKey {
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	return key
}

// testLog returns a logger that writes to the test's log.
func testLog(t *testing.T) zerolog.Logger {
	return zerolog.New(zerolog.NewTestWriter(t)).With().Timestamp().Logger()
}

// startBroker starts an embedded broker for the test.
func startBroker(t *testing.T, c Credentials) *Embedded {
	t.Helper()
	e, err := StartEmbedded("127.0.0.1:0", t.TempDir(), c, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// connect connects to the test broker.
func connect(t *testing.T, e *Embedded, name string) *nats.Conn {
	t.Helper()
	nc, err := Connect(e.URL(), name, Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// testMatch is a gauntlet of two fake engines that play their first legal
// move after a short delay, drawn by the ply limit: deterministic games.
func testMatch(t *testing.T, games int) match.Config {
	t.Helper()
	ctl, err := timeman.Parse("10+0")
	if err != nil {
		t.Fatal(err)
	}
	return match.Config{
		Engines: []engineproc.EngineSpec{
			{Name: "a", Cmd: fakeBin, Args: []string{"-delay", "15ms"}},
			{Name: "b", Cmd: fakeBin, Args: []string{"-delay", "15ms", "-script", "-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,resign"}},
		},
		Games:            games,
		Control:          ctl,
		MaxPlies:         30,
		HandshakeTimeout: 5 * time.Second,
		QuitTimeout:      200 * time.Millisecond,
	}
}

// byNumber returns the games of a result by game number, failing on a
// duplicate.
func byNumber(t *testing.T, res *match.Result) map[int]match.GameResult {
	t.Helper()
	out := map[int]match.GameResult{}
	for _, g := range res.Games {
		if _, dup := out[g.Number]; dup {
			t.Errorf("game %d counted twice", g.Number)
		}
		out[g.Number] = g
	}
	return out
}

func TestMatchOnThreeWorkersOneKilled(t *testing.T) {
	const games = 8
	broker := startBroker(t, Credentials{})
	cfg := testMatch(t, games)
	cfg.Concurrency = 4

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	coordConn := connect(t, broker, "coordinator")
	coord, err := NewCoordinator(ctx, coordConn, &cfg, CoordinatorOptions{Key: testKey, Run: "t1", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord

	var wg sync.WaitGroup
	var killConn *nats.Conn
	killCache := t.TempDir()
	killCtx, kill := context.WithCancel(ctx)
	defer kill()
	for i := range 3 {
		nc := connect(t, broker, fmt.Sprint("w", i))
		wctx, cache := ctx, t.TempDir()
		if i == 2 {
			killConn, wctx, cache = nc, killCtx, killCache
		}
		wg.Go(func() {
			err := RunWorker(wctx, nc, WorkerOptions{Trusted: testTrust, Name: fmt.Sprint("w", i), CacheDir: cache, Log: testLog(t)})
			if err != nil && wctx.Err() == nil {
				t.Errorf("worker %d: %v", i, err)
			}
		})
	}
	// Kill the third worker in its first game (a game takes 30 plies of
	// 15 ms at least; it starts once the binary is in the worker's cache):
	// it dies without acknowledging or handing back its game pair.
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(filepath.Join(killCache, coord.hashes[0])); err == nil {
				time.Sleep(150 * time.Millisecond)
				killConn.Close()
				kill()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()

	res, err := match.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	wg.Wait()
	if killCtx.Err() == nil {
		t.Fatal("the third worker was never killed")
	}
	if len(res.Games) != games {
		t.Fatalf("%d games, want %d", len(res.Games), games)
	}
	remote := byNumber(t, res)
	// The killed worker's pair was delivered again: more deliveries than
	// the four pairs.
	js, _ := jetstream.New(coordConn)
	if c, err := js.Consumer(context.Background(), workStream, coord.wq.consumerConfig().Durable); err != nil {
		t.Error(err)
	} else if d := c.CachedInfo().Delivered.Consumer; d <= games/2 {
		t.Errorf("%d deliveries of %d game pairs: the killed worker's was not delivered again", d, games/2)
	}

	local := testMatch(t, games)
	want, err := match.Run(context.Background(), local)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want.Games {
		g, ok := remote[w.Number]
		switch {
		case !ok:
			t.Errorf("game %d missing", w.Number)
		case g.Termination != w.Termination || g.Red != w.Red || g.Opening != w.Opening ||
			strings.Join(moveStrings(g.Moves), " ") != strings.Join(moveStrings(w.Moves), " "):
			t.Errorf("game %d: %v %v after %d moves, local run %v %v after %d moves",
				w.Number, g.Termination, g.Red, len(g.Moves), w.Termination, w.Red, len(w.Moves))
		}
	}
	for e := range want.Players {
		if res.Players[e].Record != want.Players[e].Record {
			t.Errorf("engine %d: %+v, local run %+v", e, res.Players[e].Record, want.Players[e].Record)
		}
	}
	if res.Pairings[0].Penta != want.Pairings[0].Penta {
		t.Errorf("pentanomial %v, local run %v", res.Pairings[0].Penta, want.Pairings[0].Penta)
	}
}

func TestMalformedWorkIsRejectedOnce(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "test")
	cfg := testMatch(t, 2)
	coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "bad"})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	notices := make(chan string, 10)
	sub, err := nc.Subscribe(noticeSubject+"bad", func(m *nats.Msg) { notices <- string(m.Data) })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()

	unpublished := Work{Version: wireVersion, Run: "bad", ID: 1, GOOS: "linux", GOARCH: "amd64",
		Games: []WireGame{{Number: 1}}, Opening: Opening{FEN: "startpos"}}
	for i := range unpublished.Engines {
		unpublished.Engines[i] = Engine{SHA256: strings.Repeat("ab", 32), Proto: "ucci"}
	}
	unpublished.GOOS, unpublished.GOARCH = coord.goos, coord.goarch
	data, _ := json.Marshal(unpublished)
	chunk := Work{Version: wireVersion, Run: "bad", ID: 2, GOOS: coord.goos, GOARCH: coord.goarch, Kind: kindDatagen,
		Datagen: &DatagenWork{SHA256: strings.Repeat("cd", 32), Args: []string{"-nodes", "100"}}}
	chunkData, _ := json.Marshal(chunk)
	chunk.Datagen = nil
	noChunk, _ := json.Marshal(chunk)
	chunk.Kind = "weird"
	weird, _ := json.Marshal(chunk)
	chunk.Kind, chunk.Datagen = kindDatagen, &DatagenWork{SHA256: strings.Repeat("cd", 32), Args: []string{"sha256:x"}}
	badRef, _ := json.Marshal(chunk)
	js, _ := jetstream.New(nc)
	for i, item := range [][]byte{[]byte("not json"), []byte(`{"v":7,"run":"bad"}`), data, noChunk, weird, badRef, chunkData} {
		signed, err := signPayload(testKey, item)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(ctx, coord.wq.subject("bad", i), signed); err != nil {
			t.Fatal(err)
		}
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error)
	go func() {
		done <- RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", CacheDir: t.TempDir()})
	}()

	for _, want := range []string{"work version 7", "not published", "datagen work without its chunk", `unknown kind "weird"`,
		`file reference "sha256:x"`, "not published"} {
		select {
		case n := <-notices:
			if !strings.Contains(n, want) || !strings.HasPrefix(n, "w: rejected work") {
				t.Errorf("notice %q, want one with %q", n, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no notice with %q", want)
		}
	}
	// Nothing is left to deliver again, and nothing was delivered twice.
	time.Sleep(2 * time.Second)
	c, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Fatal(err)
	}
	info := c.CachedInfo()
	if info.NumPending != 0 || info.NumAckPending != 0 || info.NumRedelivered != 0 {
		t.Errorf("pending %d, ack pending %d, redelivered %d: want all 0", info.NumPending, info.NumAckPending, info.NumRedelivered)
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("worker: %v", err)
	}
}

// TestForeignPlatformWaits: the pairs of a coordinator of another
// platform are never delivered to a worker of this one (they use up none
// of their deliveries); the coordinator says that no connected worker can
// take them, naming the platform and the key they wait for, and they wait
// for a worker of their platform, which plays them.
func TestForeignPlatformWaits(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	cfg := testMatch(t, 2)
	var log syncBuffer
	coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "plat", GOOS: "plan9", GOARCH: "mips", Log: bufferLog(&log)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	var wg sync.WaitGroup
	defer wg.Wait()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", CacheDir: t.TempDir(), Log: testLog(t)})
	})
	resc := make(chan *match.Result, 1)
	go func() {
		res, err := match.Run(ctx, cfg)
		if err != nil {
			t.Error(err)
		}
		resc <- res
	}()
	time.Sleep(3 * time.Second)
	js, _ := jetstream.New(nc)
	c, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Fatal(err)
	}
	if info := c.CachedInfo(); info.NumPending != 1 || info.Delivered.Stream != 0 {
		t.Errorf("plan9/mips queue: %d pending, delivered up to %d: want the pair waiting, never delivered", info.NumPending, info.Delivered.Stream)
	}
	coord.link.reportStranded()
	stranded := "run plat: 1 work item waiting, and no connected worker can take them: they need a worker on plan9/mips that trusts " +
		PublicKeyText(testTrust[0]) + " (connected: 1 on linux/amd64 (1 trusting the key))\n"
	if !strings.HasSuffix(log.String(), stranded) {
		t.Errorf("log:\n%s\nwant a line ending with:\n%s", log.String(), stranded)
	}
	// The fake engine runs here whatever the worker calls its platform.
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w9"), WorkerOptions{Trusted: testTrust, Name: "w9", CacheDir: t.TempDir(),
			GOOS: "plan9", GOARCH: "mips", Log: testLog(t)})
	})
	select {
	case res := <-resc:
		if res == nil || len(res.Games) != 2 {
			t.Errorf("result %+v: want the two games", res)
		}
	case <-ctx.Done():
		t.Fatal("the plan9/mips worker did not play the pair")
	}
	coord.link.reportStranded()
	if n := strings.Count(log.String(), "no connected worker"); n != 1 {
		t.Errorf("said %d times that no worker can take the work, want once:\n%s", n, log.String())
	}
}

func TestUnreachableBroker(t *testing.T) {
	start := time.Now()
	_, err := Connect("nats://someone:s3cret@127.0.0.1:1", "test", Credentials{Password: "hunter2", Token: "tok"})
	if err == nil {
		t.Fatal("connected to nothing")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
	for _, secret := range []string{"s3cret", "hunter2", "someone"} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error %q shows a credential", err)
		}
	}
}

func TestCredentialsAreRequired(t *testing.T) {
	broker := startBroker(t, Credentials{User: "u", Password: "pw"})
	if nc, err := Connect(broker.URL(), "test", Credentials{User: "u", Password: "wrong"}); err == nil {
		nc.Close()
		t.Fatal("connected with a wrong password")
	} else if strings.Contains(err.Error(), "wrong") {
		t.Errorf("error %q shows the password", err)
	}
	nc, err := Connect(broker.URL(), "test", Credentials{User: "u", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	nc.Close()
}

// TestDuplicateResultCountsOnce stores every result a second time under a
// new message id (a redelivered pair that finished twice, past the
// broker's duplicate window): each pair counts once.
func TestDuplicateResultCountsOnce(t *testing.T) {
	const games = 4
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	cfg := testMatch(t, games)
	coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "dup"})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	js, _ := jetstream.New(nc)
	copies, err := js.OrderedConsumer(ctx, resultStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultSubject + "dup"}})
	if err != nil {
		t.Fatal(err)
	}
	copied := 0
	cc, err := copies.Consume(func(m jetstream.Msg) {
		if m.Headers().Get("copy") != "" {
			return
		}
		copied++
		dup := &nats.Msg{Subject: m.Subject(), Data: m.Data(), Header: nats.Header{"copy": {"1"}}}
		if _, err := js.PublishMsg(ctx, dup, jetstream.WithMsgID(fmt.Sprint("copy-", copied))); err != nil {
			t.Error(err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Stop()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", CacheDir: t.TempDir()})

	res, err := match.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(byNumber(t, res)) != games || len(res.Games) != games {
		t.Fatalf("%d games, want %d", len(res.Games), games)
	}
	if n := res.Players[0].Games(); n != games {
		t.Errorf("engine 1 counted %d games, want %d", n, games)
	}
	time.Sleep(300 * time.Millisecond)
	s, err := js.Stream(ctx, resultStream)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.CachedInfo().State.Msgs; n < games/2+1 {
		t.Errorf("%d results stored: the copies were not made", n)
	}
	// The copies were acknowledged (dropped), not left to come back.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := js.Consumer(ctx, resultStream, "coord-dup")
		if err != nil {
			t.Fatal(err)
		}
		info := c.CachedInfo()
		if info.NumPending == 0 && info.NumAckPending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("results pending %d, unacknowledged %d", info.NumPending, info.NumAckPending)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
