package main

import (
	"context"
	"crypto/ed25519"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

func TestBrokerUnreachable(t *testing.T) {
	t.Setenv("NATS_PASSWORD", "hunter2")
	keyFile, pub := testKeyFile(t)
	for _, args := range [][]string{
		{"worker", "-broker", "nats://bob:s3cret@127.0.0.1:1", "-trust", broker.PublicKeyText(pub)},
		{"match", "-engine", "a", "-engine", "b", "-quiet", "-broker", "nats://bob:s3cret@127.0.0.1:1", "-key", keyFile},
		{"match", "status", "-broker", "nats://bob:s3cret@127.0.0.1:1"},
	} {
		start := time.Now()
		code, _, errOut := runCapture(args...)
		if code != 2 || !strings.Contains(errOut, "127.0.0.1:1") {
			t.Errorf("%s: exit %d, %q: want 2 and the broker named", args[0], code, errOut)
		}
		if strings.Contains(errOut, "s3cret") || strings.Contains(errOut, "hunter2") {
			t.Errorf("%s shows a password: %q", args[0], errOut)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s took %v", args[0], d)
		}
	}
	for _, args := range [][]string{{"worker"}, {"worker", "-broker", "embedded"}, {"worker", "-broker", "x", "-concurrency", "0"},
		{"worker", "-broker", "x", "-cache-max", "-1GB"}, {"match", "status"}, {"match", "status", "-broker", "embedded"}} {
		if code, _, _ := runCapture(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestKeyCommand: ucci key creates the key file (mode 0600, in the user
// config directory by default) and prints its public key alone on the
// last line; a second run prints the same key.
func TestKeyCommand(t *testing.T) {
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	file := filepath.Join(t.TempDir(), "k")
	code, out, errOut := runCapture("key", "-key", file)
	if code != 0 || !strings.Contains(errOut, "created the key "+file) {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	key, _, err := broker.LoadOrCreateKey(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := broker.PublicKeyText(key.Public().(ed25519.PublicKey)) + "\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if st, err := os.Stat(file); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("key file: %v, %v", st.Mode(), err)
	}
	if code, again, errOut := runCapture("key", "-key", file); code != 0 || again != out || errOut != "" {
		t.Errorf("second run: exit %d, %q, %q", code, again, errOut)
	}
	if dir, err := os.UserConfigDir(); err == nil && strings.HasPrefix(dir, config) {
		code, out, _ := runCapture("key")
		key, created, err := broker.LoadOrCreateKey(filepath.Join(dir, "ucci", "coordinator.key"))
		if code != 0 || err != nil || created || out != broker.PublicKeyText(key.Public().(ed25519.PublicKey))+"\n" {
			t.Errorf("default key file: exit %d, %q, created %v, %v", code, out, created, err)
		}
	}
	os.WriteFile(file, []byte("junk"), 0o600)
	if code, _, errOut := runCapture("key", "-key", file); code != 1 || !strings.Contains(errOut, "not a PEM private key") {
		t.Errorf("a bad key file: exit %d, %q", code, errOut)
	}
}

// TestWorkerNeedsTrust: a worker without a trusted key does not start and
// says how to trust one; a malformed key or trust file is refused.
func TestWorkerNeedsTrust(t *testing.T) {
	code, _, errOut := runCapture("worker", "-broker", "nats://127.0.0.1:1")
	if code != 2 || !strings.Contains(errOut, "no trusted key") || !strings.Contains(errOut, "-trust ed25519:") {
		t.Errorf("no -trust: exit %d, %q", code, errOut)
	}
	list := filepath.Join(t.TempDir(), "keys")
	os.WriteFile(list, []byte("# mine\nnot-a-key\n"), 0o644)
	for _, args := range [][]string{{"-trust", "ed25519:AAAA"}, {"-trust", "nope"}, {"-trust-file", list}, {"-trust-file", list + ".missing"}} {
		if code, _, errOut := runCapture(append([]string{"worker", "-broker", "nats://127.0.0.1:1"}, args...)...); code != 2 {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
}

// TestMatchOnEmbeddedBroker runs `ucci match -broker embedded` with a
// worker joining it, and checks the report and the PGN.
func TestMatchOnEmbeddedBroker(t *testing.T) {
	fake := buildFakeEngine(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	keyFile, pub := testKeyFile(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			nc, err := broker.Connect("nats://"+addr, "test worker", broker.Credentials{Token: "tok-9f3e"})
			if err != nil {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			defer nc.Close()
			broker.RunWorker(ctx, nc, broker.WorkerOptions{Concurrency: 2, CacheDir: t.TempDir(), Trusted: []ed25519.PublicKey{pub}})
			return
		}
	}()
	t.Setenv("NATS_TOKEN", "tok-9f3e")
	pgnPath := filepath.Join(t.TempDir(), "out.pgn")
	code, out, errOut := runCapture("match", "-engine", "cmd="+fake+" name=alpha", "-engine", "cmd="+fake+" name=beta",
		"-games", "4", "-tc", "5+0.05", "-maxplies", "20", "-pgn", pgnPath, "-quiet",
		"-broker", "embedded", "-listen", addr, "-key", keyFile)
	cancel()
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	worker := "match: workers join with: ucci worker -broker nats://" + addr + " -trust " + broker.PublicKeyText(pub)
	if !strings.Contains(out, "Games: 4 of 4") || !strings.Contains(errOut, "embedded broker on "+addr) || !strings.Contains(errOut, worker) {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	if strings.Contains(errOut, "tok-9f3e") {
		t.Errorf("the token shows: %s", errOut)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
	rounds := map[string]bool{}
	for _, g := range games {
		rounds[g.Tag("Round")] = true
	}
	if len(rounds) != 4 {
		t.Errorf("rounds %v: want four different games", rounds)
	}
}

// testKeyFile creates a coordinator key in a directory of the test and
// returns its file and public key.
func testKeyFile(t *testing.T) (string, ed25519.PublicKey) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "coordinator.key")
	key, _, err := broker.LoadOrCreateKey(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, key.Public().(ed25519.PublicKey)
}

// brokerWithWorker starts an embedded broker and an in-process worker
// with two slots (for at most timeout) that trusts the key of keyFile;
// stopWorker ends the worker and waits for it. The broker closes with the
// test.
func brokerWithWorker(t *testing.T, timeout time.Duration) (emb *broker.Embedded, keyFile string, stopWorker func()) {
	t.Helper()
	keyFile, pub := testKeyFile(t)
	emb, err := broker.StartEmbedded("127.0.0.1:0", t.TempDir(), broker.Credentials{}, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emb.Close)
	nc, err := broker.Connect(emb.URL(), "test worker", broker.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	done := make(chan struct{})
	go func() {
		defer close(done)
		broker.RunWorker(ctx, nc, broker.WorkerOptions{Concurrency: 2, CacheDir: t.TempDir(), Trusted: []ed25519.PublicKey{pub}})
	}()
	stopWorker = func() {
		cancel()
		<-done
	}
	t.Cleanup(stopWorker)
	return emb, keyFile, stopWorker
}

// TestMatchResumeOnBroker plays a match on a emb, shows it with ucci
// match status, then resumes its run by the id printed at the start: with
// every result stored, the resumed run needs no worker, and the PGN is
// written anew with the run's games.
func TestMatchResumeOnBroker(t *testing.T) {
	fake := buildFakeEngine(t)
	emb, keyFile, stopWorker := brokerWithWorker(t, time.Minute)
	pgnPath := filepath.Join(t.TempDir(), "out.pgn")
	args := []string{"match", "-engine", "cmd=" + fake + " name=alpha", "-engine", "cmd=" + fake + " name=beta",
		"-games", "4", "-tc", "5+0.05", "-maxplies", "20", "-pgn", pgnPath, "-quiet", "-broker", emb.URL(), "-key", keyFile}
	code, out, errOut := runCapture(args...)
	stopWorker()
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	m := regexp.MustCompile(`match: run (\S+) on broker .*-resume (\S+)\)`).FindStringSubmatch(errOut)
	if m == nil || m[1] != m[2] {
		t.Fatalf("no run id to resume with in:\n%s", errOut)
	}
	code, status, errOut := runCapture("match", "status", "-broker", emb.URL())
	if code != 0 || !strings.HasPrefix(status, "run "+m[1]+": finished, updated ") ||
		!strings.Contains(status, "  4/4 games of alpha against beta\n  W ") {
		t.Errorf("status: exit %d\n%s%s", code, status, errOut)
	}
	if code, _, errOut := runCapture("match", "status", "-broker", emb.URL(), "-run", "nope"); code != 1 ||
		!strings.Contains(errOut, "run nope is not on the broker") {
		t.Errorf("status of an unknown run: exit %d, %q", code, errOut)
	}
	code, again, errOut := runCapture(append(args, "-resume", m[1])...)
	if code != 0 || !strings.Contains(again, "Games: 4 of 4") || !strings.Contains(errOut, "resuming run "+m[1]) {
		t.Fatalf("resume: exit %d\nstdout:\n%s\nstderr:\n%s", code, again, errOut)
	}
	if again != out {
		t.Errorf("resumed report:\n%s\nfirst report:\n%s", again, out)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Errorf("PGN after the resume: %d games, %d bad, %v: want the run's 4", len(games), len(bad), err)
	}
	for _, extra := range [][]string{{"-resume"}, {"-resume", "no-such-run"}} {
		if code, _, errOut := runCapture(append(args, extra...)...); code == 0 {
			t.Errorf("%q: exit 0\n%s", extra, errOut)
		}
	}
	if code, _, _ := runCapture("match", "-engine", fake, "-engine", fake, "-resume", "x"); code != 2 {
		t.Errorf("-resume RUN without -broker: exit %d, want 2", code)
	}
}

func TestWriteStatus(t *testing.T) {
	now := time.Date(2026, 12, 2, 4, 30, 0, 0, time.UTC)
	s := broker.Status{
		Run: "r9", State: broker.StateRunning, Engines: []string{"new", "base"}, Planned: 100, Games: 45,
		Record:  match.Record{Wins: 12, Draws: 20, Losses: 13},
		SPRT:    &match.SPRTStatus{Test: match.SPRT{Elo1: 5}, LLR: -0.31, Lower: -2.94, Upper: 2.94},
		Workers: 2, Slots: 4, Busy: 3, GamesPerMinute: 24.1,
		Started: now.Add(-time.Hour), Updated: now.Add(-time.Second),
	}
	var b strings.Builder
	writeStatus(&b, s, now)
	want := "run r9: running, updated 1s ago (started 2026-12-02 03:30:00 UTC)\n" +
		"  45/100 games of new against base\n" +
		"  " + s.Record.Summary() + "\n" +
		"  SPRT elo0 0 elo1 5: LLR -0.31 [-2.94, 2.94]\n" +
		"  2 workers (4 slots, 3 playing), 24.1 games/min\n"
	if b.String() != want {
		t.Errorf("got:\n%swant:\n%s", b.String(), want)
	}
	b.Reset()
	writeStatus(&b, s, now.Add(10*time.Minute))
	if !strings.HasPrefix(b.String(), "run r9: stopped?") || !strings.Contains(b.String(), "-resume r9") {
		t.Errorf("a run without news for 10 minutes:\n%s", b.String())
	}
}
