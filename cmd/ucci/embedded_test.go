package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

// freeAddr returns a free address on the loopback.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// joinWorker runs a worker that joins the broker at url as soon as it
// listens and trusts pub, until ctx ends, logging to log; its connection
// reconnects to a broker started again on the same address.
func joinWorker(ctx context.Context, t *testing.T, url string, pub ed25519.PublicKey, log io.Writer) *sync.WaitGroup {
	var wg sync.WaitGroup
	wg.Go(func() {
		for ctx.Err() == nil {
			nc, err := broker.Connect(url, "test worker", broker.Credentials{})
			if err != nil {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			defer nc.Close()
			broker.RunWorker(ctx, nc, broker.WorkerOptions{Concurrency: 1, CacheDir: t.TempDir(), Trusted: []ed25519.PublicKey{pub},
				Log: consoleLog(log)})
			return
		}
	})
	return &wg
}

// TestEmbeddedBrokerExposure: -broker embedded listens on the loopback by
// default; beyond it, it needs credentials or -insecure, which plays
// with a warning.
func TestEmbeddedBrokerExposure(t *testing.T) {
	if code, out, _ := runCapture("match", "-h"); code != 0 || !strings.Contains(out, `(default "127.0.0.1:4222")`) {
		t.Errorf("match -h: exit %d, no loopback default for -listen:\n%s", code, out)
	}
	fake := buildFakeEngine(t)
	keyFile, pub := testKeyFile(t)
	addr := freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	args := []string{"match", "-engine", "cmd=" + fake + " name=alpha", "-engine", "cmd=" + fake + " name=beta",
		"-games", "2", "-tc", "5+0.05", "-maxplies", "20", "-quiet", "-key", keyFile, "-broker", "embedded", "-listen", "0.0.0.0:" + port}
	code, _, errOut := runCapture(args...)
	if code != 2 || !strings.Contains(errOut, "without credentials") || !strings.Contains(errOut, "-insecure") {
		t.Errorf("0.0.0.0 without credentials: exit %d, %q", code, errOut)
	}
	t.Setenv("NATS_USER", "bob")
	if code, _, errOut := runCapture(args...); code != 2 || !strings.Contains(errOut, "without credentials") {
		t.Errorf("a user without a password: exit %d, %q", code, errOut)
	}
	t.Setenv("NATS_USER", "")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	wg := joinWorker(ctx, t, "nats://"+addr, pub, io.Discard)
	code, out, errOut := runCapture(append(args, "-insecure")...)
	cancel()
	wg.Wait()
	if code != 0 || !strings.Contains(out, "Games: 2 of 2") ||
		!strings.Contains(errOut, "warning: the embedded broker listens on 0.0.0.0:"+port+" without credentials (-insecure)") ||
		!strings.Contains(errOut, "workers join with: ucci worker -broker nats://HOST:"+port+" -trust ") {
		t.Errorf("-insecure: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestEmbeddedRunResumes interrupts a match on an embedded broker (SIGINT,
// as Ctrl-C) and runs the -resume it advertises: the store of the run was
// kept in the user cache directory, the resumed run plays the other games
// only, and the store is removed once the run has finished.
func TestEmbeddedRunResumes(t *testing.T) {
	bin := enginetest.Binary(t)
	fake := buildFakeEngine(t)
	keyFile, pub := testKeyFile(t)
	cache := t.TempDir()
	addr := freeAddr(t)
	pgnPath := filepath.Join(t.TempDir(), "out.pgn")
	args := []string{"match", "-engine", "cmd=" + fake + " name=alpha arg=-delay arg=20ms", "-engine", "cmd=" + fake + " name=beta arg=-delay arg=20ms",
		"-games", "12", "-concurrency", "1", "-tc", "5+0.05", "-maxplies", "30", "-pgn", pgnPath,
		"-key", keyFile, "-broker", "embedded", "-listen", addr}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var workerLog lockedOutput
	wg := joinWorker(ctx, t, "nats://"+addr, pub, &workerLog)
	defer wg.Wait()
	defer cancel()

	var stderr lockedOutput
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); !strings.Contains(stderr.String(), "\ngame 2 "); {
		if time.Now().After(deadline) {
			t.Fatalf("no second game:\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	if err := cmd.Wait(); err == nil || cmd.ProcessState.ExitCode() != 130 {
		t.Fatalf("interrupted match: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`go on with it by the same command with -resume (\S+)\n`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("no resume advertised:\n%s", stderr.String())
	}
	store := filepath.Join(cache, "ucci-broker", m[1])
	if !strings.Contains(stderr.String(), "embedded broker on "+addr+", its store in "+store) {
		t.Errorf("the store is not shown:\n%s", stderr.String())
	}
	if st, err := os.Stat(store); err != nil || !st.IsDir() {
		t.Fatalf("store of the interrupted run: %v", err)
	}
	before, _, _ := pgn.ReadFile(pgnPath)
	storedBefore := strings.Count(workerLog.String(), " done: ")

	var out bytes.Buffer
	var errAgain lockedOutput
	again := exec.CommandContext(ctx, bin, append(args, "-resume", m[1])...)
	again.Env = cmd.Env
	again.Stdout, again.Stderr = &out, &errAgain
	if err := again.Run(); err != nil {
		t.Fatalf("resume: %v\n%s\n%s", err, out.String(), errAgain.String())
	}
	if !strings.Contains(out.String(), "Games: 12 of 12") || !strings.Contains(errAgain.String(), "resuming run "+m[1]) {
		t.Errorf("resume:\n%s\n%s", out.String(), errAgain.String())
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 12 || len(before) < 2 {
		t.Errorf("PGN: %d games after the resume (%d before), %d bad, %v", len(games), len(before), len(bad), err)
	}
	// The pairs stored before the stop are read back, not played again (a
	// pair being played at the stop may be played again).
	if played := strings.Count(workerLog.String(), " done: ") - storedBefore; played > 6-len(before)/2+1 || storedBefore < 1 {
		t.Errorf("the resume played %d game pairs, %d were stored before the stop", played, storedBefore)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Errorf("the store of the finished run is left: %v", err)
	}
	if code, _, errOut := runCapture(append(args, "-resume", "no-such-run")...); code != 2 || !strings.Contains(errOut, "no store of the embedded broker") {
		t.Errorf("resuming a run without a store: exit %d, %q", code, errOut)
	}
}

// lockedOutput is the output of a process, read while it runs.
type lockedOutput struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedOutput) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedOutput) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestWorkerSIGTERMWhileBrokerDown: `ucci worker` exits (status 0) within
// 2 s of a SIGTERM while its broker is gone.
func TestWorkerSIGTERMWhileBrokerDown(t *testing.T) {
	bin := enginetest.Binary(t)
	fake := buildFakeEngine(t)
	emb, err := broker.StartEmbedded("127.0.0.1:0", t.TempDir(), broker.Credentials{}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	nc, err := broker.Connect(emb.URL(), "coordinator", broker.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	key, _, err := broker.LoadOrCreateKey(filepath.Join(t.TempDir(), "k"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := match.Config{Engines: []engineproc.EngineSpec{{Cmd: fake}, {Cmd: fake}}, Games: 2}
	if _, err := broker.NewCoordinator(ctx, nc, &cfg, broker.CoordinatorOptions{Key: key}); err != nil {
		t.Fatal(err)
	}
	var stderr lockedOutput
	cmd := exec.Command(bin, "worker", "-broker", emb.URL(), "-cache", t.TempDir(), "-trust", broker.PublicKeyText(key.Public().(ed25519.PublicKey)))
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(stderr.String(), "taking work"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the worker did not start:\n%s", stderr.String())
		}
	}
	emb.Close()
	time.Sleep(1500 * time.Millisecond)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("worker: %v\n%s", err, stderr.String())
		}
		if d := time.Since(began); d > 2*time.Second {
			t.Errorf("the worker took %v to exit", d)
		}
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the worker did not exit:\n%s", stderr.String())
	}
}
