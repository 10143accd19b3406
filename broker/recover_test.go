package broker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/match"
)

// TestWorkerBacksOffWhenResultsCannotBeStored: while the broker refuses
// results (the results stream takes no message that large), the worker
// keeps the game pair and tries again after 0.5 s, 1 s, 2 s, ... instead
// of handing it back to be played again; once results are taken, the pair
// is stored, played once.
func TestWorkerBacksOffWhenResultsCannotBeStored(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	js, _ := jetstream.New(nc)
	cfg := testMatch(t, 2)
	coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "full", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	setMaxMsgSize := func(n int32) {
		t.Helper()
		s, err := js.Stream(ctx, resultStream)
		if err != nil {
			t.Fatal(err)
		}
		sc := s.CachedInfo().Config
		sc.MaxMsgSize = n
		if _, err := js.UpdateStream(ctx, sc); err != nil {
			t.Fatal(err)
		}
	}
	setMaxMsgSize(64)
	var log syncBuffer
	var wg sync.WaitGroup
	defer wg.Wait()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Name: "w", CacheDir: t.TempDir(), Trusted: testTrust, Log: bufferLog(&log)})
	})
	resc := make(chan error, 1)
	go func() {
		res, err := match.Run(ctx, cfg)
		if err == nil && len(res.Games) != 2 {
			t.Errorf("%d games", len(res.Games))
		}
		resc <- err
	}()
	waitForText(t, &log, "retry in=2s", 30*time.Second)
	setMaxMsgSize(-1)
	if err := <-resc; err != nil {
		t.Fatal(err)
	}
	var delays []string
	for _, m := range regexp.MustCompile(`retry in=(\S+)`).FindAllStringSubmatch(log.String(), -1) {
		delays = append(delays, m[1])
	}
	if got := strings.Join(delays, " "); !strings.HasPrefix(got, "500ms 1s 2s") {
		t.Errorf("retry delays %q, want 500ms 1s 2s ...\n%s", got, log.String())
	}
	c, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Fatal(err)
	}
	if info := c.CachedInfo(); info.Delivered.Consumer != 1 || info.NumRedelivered != 0 {
		t.Errorf("%d deliveries, %d redelivered: the pair was played again", info.Delivered.Consumer, info.NumRedelivered)
	}
}

func TestStoreRetriesAreCapped(t *testing.T) {
	var got []string
	for d, i := storeRetryFirst, 0; i < 9; d, i = nextRetry(d), i+1 {
		got = append(got, d.String())
	}
	if want := "500ms 1s 2s 4s 8s 16s 30s 30s 30s"; strings.Join(got, " ") != want {
		t.Errorf("delays %q, want %q", strings.Join(got, " "), want)
	}
}

// TestWorkerStopsWhileBrokerDown: with the broker gone, a worker told to
// stop (as by SIGTERM) returns within 2 s, idle or playing.
func TestWorkerStopsWhileBrokerDown(t *testing.T) {
	for _, busy := range []bool{false, true} {
		broker, err := StartEmbedded("127.0.0.1:0", t.TempDir(), Credentials{}, false)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cfg := testMatch(t, 2)
		nc := connect(t, broker, "coordinator")
		coord, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "down"})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Remote = coord
		if busy {
			go match.Run(ctx, cfg)
		}
		var log syncBuffer
		wctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			done <- RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Name: "w", CacheDir: t.TempDir(), Trusted: testTrust, Log: bufferLog(&log)})
		}()
		waitForText(t, &log, "taking work", 10*time.Second)
		if busy {
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if w, _, b := coord.link.workers.count(time.Now()); w == 1 && b == 1 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the worker took no pair")
				}
				nc.Publish(helloSubject, nil)
			}
		}
		broker.Close()
		time.Sleep(1500 * time.Millisecond)
		began := time.Now()
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("busy %v: %v", busy, err)
			}
			if d := time.Since(began); d > 2*time.Second {
				t.Errorf("busy %v: the worker took %v to stop", busy, d)
			}
		case <-time.After(15 * time.Second):
			t.Fatalf("busy %v: the worker did not stop", busy)
		}
		cancel()
	}
}

// TestAckWaitChangedBetweenRuns: a run whose ack timeout differs from the
// previous run's. The timeout of a queue is fixed: a coordinator sets it
// back when something else (a coordinator of an older version, with its
// own -ack-wait) changed it; and a worker that started under one timeout
// keeps its items alive under another set later (it reads the timeout for
// each item), so that no pair is taken from it while it plays.
func TestAckWaitChangedBetweenRuns(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	js, _ := jetstream.New(nc)
	var wg sync.WaitGroup
	defer wg.Wait()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	first := testMatch(t, 2)
	a, err := NewCoordinator(ctx, nc, &first, CoordinatorOptions{Key: testKey, Run: "a", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	first.Remote = a
	// Two slots, one pair at a time: a pair taken from the slot playing it
	// would go to the other.
	wg.Go(func() {
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Name: "w", Concurrency: 2, CacheDir: t.TempDir(), Trusted: testTrust, Log: testLog(t)})
	})
	if _, err := match.Run(ctx, first); err != nil {
		t.Fatal(err)
	}
	name := a.wq.consumerConfig().Durable
	setAckWait := func(d time.Duration) {
		t.Helper()
		cc := a.wq.consumerConfig()
		cc.AckWait = d
		if _, err := js.CreateOrUpdateConsumer(ctx, workStream, cc); err != nil {
			t.Fatal(err)
		}
	}
	setAckWait(time.Second)

	second := testMatch(t, 4)
	second.Concurrency = 1
	for i := range second.Engines {
		second.Engines[i].Args[1] = "40ms" // games of 30 plies: a pair takes over 2 s
	}
	b, err := NewCoordinator(ctx, nc, &second, CoordinatorOptions{Key: testKey, Run: "b", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	second.Remote = b
	c, err := js.Consumer(ctx, workStream, name)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.CachedInfo().Config.AckWait; got != ackWait {
		t.Errorf("the new run's coordinator left the ack timeout at %v, want %v", got, ackWait)
	}
	setAckWait(time.Second)
	res, err := match.Run(ctx, second)
	if err != nil || len(res.Games) != 4 {
		t.Fatalf("second run: %v", err)
	}
	if c, err = js.Consumer(ctx, workStream, name); err != nil {
		t.Fatal(err)
	}
	if info := c.CachedInfo(); info.NumRedelivered != 0 || info.Delivered.Consumer != 3 {
		t.Errorf("%d deliveries, %d redelivered: want the 3 pairs delivered once each", info.Delivered.Consumer, info.NumRedelivered)
	}
}

// TestFetchStopsWhileBrokerDown: a worker fetching a binary when the
// broker goes away stops fetching within 2 s of being told to stop (a
// read of the object store does not end when the object is closed).
func TestFetchStopsWhileBrokerDown(t *testing.T) {
	broker, err := StartEmbedded("127.0.0.1:0", t.TempDir(), Credentials{}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer broker.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	js, _ := jetstream.New(connect(t, broker, "worker"))
	obs, err := js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: binaryBucket})
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 64<<20)
	for i := range big {
		big[i] = byte(i * 7)
	}
	sum := sha256.Sum256(big)
	hash := hex.EncodeToString(sum[:])
	if _, err := obs.PutBytes(ctx, hash, big); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cache := &binaryCache{dir: dir, obs: obs}
	fctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := cache.path(fctx, hash, cache.lease())
		done <- err
	}()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(time.Millisecond) {
		parts, _ := filepath.Glob(filepath.Join(dir, hash+".part*"))
		if len(parts) == 1 {
			if st, err := os.Stat(parts[0]); err == nil && st.Size() > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the fetch did not start")
		}
	}
	broker.Close()
	time.Sleep(500 * time.Millisecond)
	began := time.Now()
	stop()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("the fetch succeeded without its broker")
		}
		if d := time.Since(began); d > 2*time.Second {
			t.Errorf("the fetch took %v to stop", d)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the fetch did not stop")
	}
}
