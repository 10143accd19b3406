//go:build tune

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSPSAOnBroker: tune spsa -broker plays each iteration's mini-match on
// the broker's workers as a run of its own, which ucci match status shows
// finished (make test runs it in a tuning build, which has parameters).
func TestSPSAOnBroker(t *testing.T) {
	fake := buildFakeEngine(t)
	emb, keyFile, stopWorker := brokerWithWorker(t, 2*time.Minute)
	code, out, errOut := runCapture("tune", "spsa", "-engine", fake, "-params", "RFPMargin", "-iterations", "2",
		"-tc", "2+0.02", "-quiet", "-broker", emb.URL(), "-key", keyFile)
	if code != 0 || !strings.Contains(out, "iterations 2, games 4") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	m := regexp.MustCompile(`tune spsa: runs (spsa-\S+)-iNNNN on broker`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no run name in:\n%s", errOut)
	}
	code, status, errOut := runCapture("match", "status", "-broker", emb.URL())
	for _, it := range []string{"-i0001", "-i0002"} {
		if !strings.Contains(status, "run "+m[1]+it+": finished") {
			t.Errorf("status (exit %d) lacks the finished run %s%s:\n%s%s", code, m[1], it, status, errOut)
		}
	}
	if strings.Count(status, "  2/2 games of plus against minus") != 2 {
		t.Errorf("status:\n%s", status)
	}
	stopWorker()
	if code, _, errOut := runCapture("tune", "spsa", "-engine", fake, "-iterations", "1", "-broker", "nats://127.0.0.1:1"); code != 2 ||
		!strings.Contains(errOut, "127.0.0.1:1") {
		t.Errorf("unreachable broker: exit %d, %q", code, errOut)
	}
}
