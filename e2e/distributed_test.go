//go:build e2edist

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/pgn"
)

// TestDistributedMatch plays a match across processes the way users run
// one across machines: it starts the real nats-server with JetStream on a
// free port, two `ucci worker` processes and a coordinator, `ucci match
// -broker nats://127.0.0.1:PORT`, for 20 games at 1 s + 0.01 s between two
// copies of the ucci binary (the workers fetch them from the broker's
// object store). The coordinator signs its work with a key made by `ucci
// key`, which the workers trust (-trust), and prints that worker command.
// It checks the PGN holds exactly the 20 games, once each, that its
// results add up to the report's totals, that both workers played, and
// that ucci match status shows the finished run.
//
// Built only with -tags e2edist (make e2e-distributed, which installs
// Debian's nats-server with e2e/distributed.sh). Environment:
//
//	GOXQ_E2E_ENGINE=path  the ucci binary (default: built from ../cmd/ucci)
//	GOXQ_E2E_NATS=path    the broker (default: nats-server)
func TestDistributedMatch(t *testing.T) {
	const games = 20
	bin, natsBin := distBinaries(t)
	dir := t.TempDir()
	other := filepath.Join(dir, "ucci-copy")
	copyFile(t, bin, other)
	url := startNATS(t, natsBin, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	keyFile, pub := coordinatorKey(t, bin, dir)

	var logs [2]*lockedBuffer
	for i := range logs {
		logs[i] = startWorker(t, bin, url, fmt.Sprint("w", i+1), filepath.Join(dir, fmt.Sprint("cache", i+1)), pub)
	}
	pgnPath := filepath.Join(dir, "match.pgn")
	start := time.Now()
	var stdout, stderr bytes.Buffer
	coord := exec.CommandContext(ctx, bin, "match", "-engine", "cmd="+bin+" name=first", "-engine", "cmd="+other+" name=second",
		"-games", strconv.Itoa(games), "-tc", "1+0.01", "-pgn", pgnPath, "-broker", url, "-key", keyFile)
	coord.Stdout, coord.Stderr = &stdout, &stderr
	if err := coord.Run(); err != nil {
		t.Fatalf("coordinator: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	t.Logf("%d games in %s\n%s", games, time.Since(start).Round(100*time.Millisecond), stdout.String())
	if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); len(lines) > 3 {
		t.Logf("the coordinator's last progress lines:\n%s", strings.Join(lines[len(lines)-3:], "\n"))
	}
	if want := "workers join with: ucci worker -broker " + url + " -trust " + pub + "\n"; !strings.Contains(stderr.String(), want) {
		t.Errorf("no %q in the coordinator's output:\n%s", want, stderr.String())
	}
	report := stdout.String()
	if !strings.Contains(report, fmt.Sprintf("Games: %d of %d\n", games, games)) {
		t.Errorf("report:\n%s", report)
	}
	m := regexp.MustCompile(`first vs second: W (\d+) D (\d+) L (\d+),`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("no totals in the report:\n%s", report)
	}
	var want [3]int
	for i := range want {
		want[i], _ = strconv.Atoi(m[i+1])
	}

	recs, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 {
		t.Fatalf("PGN: %d bad games, %v", len(bad), err)
	}
	if len(recs) != games {
		t.Fatalf("%d games in the PGN, want %d", len(recs), games)
	}
	var got [3]int // first's wins, draws, losses
	rounds := map[string]bool{}
	for _, g := range recs {
		r := g.Tag("Round")
		if rounds[r] {
			t.Errorf("game %s twice in the PGN", r)
		}
		rounds[r] = true
		firstRed := g.Tag("Red") == "first"
		switch {
		case g.Result == "1/2-1/2":
			got[1]++
		case (g.Result == "1-0") == firstRed && (g.Result == "1-0" || g.Result == "0-1"):
			got[0]++
		case g.Result == "1-0" || g.Result == "0-1":
			got[2]++
		default:
			t.Errorf("game %s: result %q", r, g.Result)
		}
	}
	if got != want {
		t.Errorf("PGN results W/D/L %v, report %v", got, want)
	}
	for i, l := range logs {
		if strings.Contains(l.String(), "refusing") {
			t.Errorf("worker %d refused work:\n%s", i+1, l.String())
		}
		if n := strings.Count(l.String(), " done: "); n == 0 {
			t.Errorf("worker %d stored no result:\n%s", i+1, l.String())
		} else {
			t.Logf("worker %d stored %d game pairs", i+1, n)
		}
	}
	runID := regexp.MustCompile(`match: run (\S+) on broker`).FindStringSubmatch(stderr.String())
	if runID == nil {
		t.Fatalf("no run id:\n%s", stderr.String())
	}
	status, err := exec.CommandContext(ctx, bin, "match", "status", "-broker", url, "-run", runID[1]).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(status), "run "+runID[1]+": finished") ||
		!strings.Contains(string(status), fmt.Sprintf("%d/%d games of first against second", games, games)) {
		t.Errorf("status: %v\n%s", err, status)
	}
	t.Logf("ucci match status:\n%s", status)
}

// distBinaries returns the ucci binary (GOXQ_E2E_ENGINE, or built from
// ../cmd/ucci) and the broker (GOXQ_E2E_NATS, or nats-server) of the
// distributed tests.
func distBinaries(t *testing.T) (bin, natsBin string) {
	t.Helper()
	if bin = os.Getenv("GOXQ_E2E_ENGINE"); bin == "" {
		bin = enginetest.Binary(t)
	}
	if natsBin = os.Getenv("GOXQ_E2E_NATS"); natsBin == "" {
		natsBin = "nats-server"
	}
	return bin, natsBin
}

// startNATS starts nats-server with JetStream (store in dir) on a free
// port of the loopback and returns its URL once it accepts connections;
// it is stopped at the end of the test.
func startNATS(t *testing.T, natsBin, dir string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, port, _ := net.SplitHostPort(addr)
	var log lockedBuffer
	cmd := exec.Command(natsBin, "-js", "-sd", filepath.Join(dir, "jetstream"), "-a", "127.0.0.1", "-p", port)
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", natsBin, err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return "nats://" + addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("nats-server does not listen on %s:\n%s", addr, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// coordinatorKey makes a coordinator key in dir with `ucci key` and
// returns its file and the public key printed.
func coordinatorKey(t *testing.T, bin, dir string) (file, pub string) {
	t.Helper()
	file = filepath.Join(dir, "coordinator.key")
	out, err := exec.Command(bin, "key", "-key", file).Output()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err != nil || !strings.HasPrefix(lines[len(lines)-1], "ed25519:") {
		t.Fatalf("ucci key: %v\n%s", err, out)
	}
	return file, lines[len(lines)-1]
}

// startWorker starts `ucci worker -trust trust` and returns its log; at
// the end of the test it is interrupted and must exit with status 0.
func startWorker(t *testing.T, bin, url, name, cache, trust string) *lockedBuffer {
	t.Helper()
	log, stop := startWorkerSlots(t, bin, url, name, cache, trust, 1)
	t.Cleanup(stop)
	return log
}

// startWorkerSlots starts `ucci worker -concurrency slots -trust trust`
// and returns its log and its stop, which interrupts it: it must exit
// with status 0.
func startWorkerSlots(t *testing.T, bin, url, name, cache, trust string, slots int) (*lockedBuffer, func()) {
	t.Helper()
	var log lockedBuffer
	cmd := exec.Command(bin, "worker", "-broker", url, "-name", name, "-cache", cache, "-concurrency", strconv.Itoa(slots), "-trust", trust)
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &log, func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("worker %s: %v\n%s", name, err, log.String())
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Errorf("worker %s did not stop on an interrupt", name)
		}
	}
}

// lockedBuffer is the output of a process, read while it runs.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// copyFile copies the executable src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
