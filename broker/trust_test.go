package broker

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/match"
)

// syncBuffer is a log read while it is written.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// bufferLog returns a logger that writes readable lines to b.
func bufferLog(b *syncBuffer) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: b, NoColor: true})
}

// waitForText waits until the log holds text.
func waitForText(t *testing.T, log *syncBuffer, text string, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); !strings.Contains(log.String(), text); {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the log:\n%s", text, log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestForgedWorkRunsNothing is the attack of issue 29: a client of the
// broker puts a shell script in the engine store under its SHA-256 and
// publishes a datagen work item that runs it. Unsigned, signed by a key
// the worker does not trust, signed by another key under the trusted
// key's name, or a signed item whose payload was changed: the worker runs
// nothing, terminates each item (no redelivery), says so naming the
// signer, and tells the run's coordinator (a refusal on the results
// stream).
func TestForgedWorkRunsNothing(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The coordinator of run evil, whose name the attacker uses.
	cfg := testMatch(t, 2)
	var coordLog syncBuffer
	coord, err := NewCoordinator(ctx, connect(t, broker, "coordinator"), &cfg, CoordinatorOptions{Key: testKey, Run: "evil",
		GOOS: "linux", GOARCH: "amd64", Log: bufferLog(&coordLog)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	nc := connect(t, broker, "attacker")
	js, _ := jetstream.New(nc)
	obs, err := js.ObjectStore(ctx, binaryBucket)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	script := []byte("#!/bin/sh\ntouch " + marker + "\n")
	sum := sha256.Sum256(script)
	hash := hex.EncodeToString(sum[:])
	if _, err := obs.PutBytes(ctx, hash, script); err != nil {
		t.Fatal(err)
	}
	payload := func(id int) []byte {
		data, _ := json.Marshal(Work{Version: wireVersion, Run: "evil", ID: id, Kind: kindDatagen, GOOS: "linux", GOARCH: "amd64",
			Datagen: &DatagenWork{SHA256: hash, Args: []string{"--any", "args"}}})
		return data
	}
	attacker := newTestKey()
	attackerKey := PublicKeyText(publicOf(attacker))
	forged := map[string][]byte{}
	forged["unsigned"] = payload(1)
	forged["untrusted"], _ = signPayload(attacker, payload(2))
	var claim signedWork
	claimData, _ := signPayload(attacker, payload(3))
	json.Unmarshal(claimData, &claim)
	claim.Signer = PublicKeyText(publicOf(testKey))
	forged["claimed"], _ = json.Marshal(claim)
	var changed signedWork
	good, _ := signPayload(testKey, payload(4))
	json.Unmarshal(good, &changed)
	changed.Payload = bytes.Replace(changed.Payload, []byte(`"id":4`), []byte(`"id":5`), 1)
	forged["changed"], _ = json.Marshal(changed)
	// As in the issue, on a subject of its own (no worker takes it), then
	// on the queue of the trusted key.
	if _, err := js.Publish(ctx, workSubject+"evil.1", forged["unsigned"]); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"unsigned", "untrusted", "claimed", "changed"} {
		if _, err := js.Publish(ctx, coord.wq.subject("evil", 1), forged[name]); err != nil {
			t.Fatal(err)
		}
	}

	var log syncBuffer
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error)
	go func() {
		done <- RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Name: "w", CacheDir: t.TempDir(), Trusted: testTrust,
			GOOS: "linux", GOARCH: "amd64", Log: bufferLog(&log)})
	}()
	refusing := "refusing " + coord.wq.subject("evil", 1) + ": "
	for _, want := range []string{
		refusing + "unsigned work\n",
		refusing + "work signed by " + attackerKey + ", a key this worker does not trust\n",
		refusing + "work with a bad signature for " + PublicKeyText(publicOf(testKey)) + "\n",
	} {
		waitForText(t, &log, want, 10*time.Second)
	}
	for deadline := time.Now().Add(5 * time.Second); strings.Count(log.String(), "bad signature") != 2; {
		if time.Now().After(deadline) {
			t.Fatalf("want 2 bad signatures:\n%s", log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The worker is idle: nothing was run, nothing is left to deliver.
	time.Sleep(time.Second)
	if _, err := os.Stat(marker); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the forged work ran: %v", err)
	}
	c, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Fatal(err)
	}
	if info := c.CachedInfo(); info.NumPending != 0 || info.NumAckPending != 0 || info.NumRedelivered != 0 || info.Delivered.Consumer != 4 {
		t.Errorf("pending %d, ack pending %d, redelivered %d, delivered %d: want 0, 0, 0, 4",
			info.NumPending, info.NumAckPending, info.NumRedelivered, info.Delivered.Consumer)
	}
	// The run named is told of each refusal, with the signer.
	refusals := map[int]string{}
	for _, r := range storedResults(t, js, "evil") {
		if r.Refused == nil || r.Worker != "w" {
			t.Errorf("result %+v: want a refusal by w", r)
			continue
		}
		refusals[r.ID] = r.Refused.Signer
	}
	want := map[int]string{1: "", 2: attackerKey, 3: PublicKeyText(publicOf(testKey)), 5: PublicKeyText(publicOf(testKey))}
	if len(refusals) != len(want) {
		t.Errorf("refusals %v, want %v", refusals, want)
	}
	for id, signer := range want {
		if got, ok := refusals[id]; !ok || got != signer {
			t.Errorf("refusal of item %d: signer %q (%v), want %q", id, got, ok, signer)
		}
	}
	// The coordinator of the run says so, once per signer.
	for _, want := range []string{
		`worker "w" refused unsigned work under the name of run evil (item 1)`,
		`worker "w" refused work under the name of run evil (item 2) signed by "` + attackerKey + `"`,
		`worker "w" refused work item 3 of run evil signed by this coordinator's key: "work with a bad signature for`,
	} {
		waitForText(t, &coordLog, want, 5*time.Second)
	}
	if n := strings.Count(coordLog.String(), "refused"); n != 3 {
		t.Errorf("%d refusals told, want 3:\n%s", n, coordLog.String())
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("worker: %v", err)
	}
}

// storedResults returns the results of run on the results stream.
func storedResults(t *testing.T, js jetstream.JetStream, run string) []Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, resultStream)
	if err != nil {
		t.Fatal(err)
	}
	last, err := s.GetLastMsgForSubject(ctx, resultSubject+run)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	var out []Result
	for seq := uint64(1); seq <= last.Sequence; seq++ {
		m, err := s.GetMsg(ctx, seq)
		if err != nil || m.Subject != resultSubject+run {
			continue
		}
		var r Result
		if err := json.Unmarshal(m.Data, &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestUntrustingWorkerTakesNothing: a worker that does not trust the
// coordinator's key never receives its pairs (two users share the
// broker); a worker that trusts it plays the match.
func TestUntrustingWorkerTakesNothing(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := testMatch(t, 4)
	cfg.Concurrency = 2
	coord, err := NewCoordinator(ctx, connect(t, broker, "coordinator"), &cfg, CoordinatorOptions{Key: testKey, Run: "shy", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	cfg.Remote = coord
	var strangerLog syncBuffer
	var wg sync.WaitGroup
	defer wg.Wait()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	for _, w := range []struct {
		name    string
		trusted []ed25519.PublicKey
		log     zerolog.Logger
	}{
		{"stranger", []ed25519.PublicKey{newTestKey().Public().(ed25519.PublicKey)}, bufferLog(&strangerLog)},
		{"friend", testTrust, testLog(t)},
	} {
		wg.Go(func() {
			RunWorker(wctx, connect(t, broker, w.name), WorkerOptions{Name: w.name, CacheDir: t.TempDir(), Trusted: w.trusted, Log: w.log})
		})
	}
	res, err := match.Run(ctx, cfg)
	if err != nil || len(res.Games) != 4 {
		t.Fatalf("result %+v, %v", res, err)
	}
	stop()
	wg.Wait()
	if strings.Contains(strangerLog.String(), "refusing") || strings.Contains(strangerLog.String(), " done") {
		t.Errorf("the stranger was given work:\n%s", strangerLog.String())
	}
}

func TestWorkerWithoutTrustedKey(t *testing.T) {
	broker := startBroker(t, Credentials{})
	err := RunWorker(context.Background(), connect(t, broker, "w"), WorkerOptions{CacheDir: t.TempDir()})
	if !errors.Is(err, ErrNoTrustedKey) {
		t.Errorf("a worker without a trusted key: %v", err)
	}
}
