//go:build e2edist

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// throughputRun is one measurement: games played by the local runner
// (workers 0) or by workers of slots each on the broker, slots*workers
// (or concurrency, locally) at once.
type throughputRun struct {
	workers, slots, concurrency, games int
}

// TestDistributedThroughput measures games per minute of the local
// runner and of 1, 2 and 4 workers on the real nats-server, with the ucci
// binary at 1 s + 0.01 s (GOXQ_THROUGHPUT_REAL=0 skips it), and then
// simulates a 10-machine run: 10 workers of 2 slots each, with an engine
// that spends a fixed 25 ms a move and plays the first legal move (so
// every game is the same: engineproc/testdata/fakeengine), against the
// local runner at 20 games at once, so that the figure is the broker's
// overhead and not the 2 cores' speed. It
// checks every run finishes all its games and logs the table (make
// dist-throughput).
func TestDistributedThroughput(t *testing.T) {
	bin, natsBin := distBinaries(t)
	fake, err := enginetest.Build(enginetest.FakeEngine)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	other := filepath.Join(dir, "ucci-copy")
	copyFile(t, bin, other)
	url := startNATS(t, natsBin, dir)
	keyFile, pub := coordinatorKey(t, bin, dir)
	real := []string{"-engine", "cmd=" + bin + " name=first", "-engine", "cmd=" + other + " name=second", "-tc", "1+0.01"}
	sim := []string{"-engine", "cmd=" + fake + " name=first arg=-delay arg=25ms", "-engine", "cmd=" + fake + " name=second arg=-delay arg=25ms",
		"-tc", "60+1", "-folds", "10"} // games of 37 plies, about 1 s
	var table strings.Builder
	fmt.Fprintf(&table, "%-46s %6s %8s %10s\n", "run", "games", "seconds", "games/min")
	measure := func(label string, engines []string, r throughputRun) {
		t.Helper()
		args := append([]string{"match", "-games", strconv.Itoa(r.games), "-quiet"}, engines...)
		if r.workers == 0 {
			args = append(args, "-concurrency", strconv.Itoa(r.concurrency))
		} else {
			for i := range r.workers {
				_, stop := startWorkerSlots(t, bin, url, fmt.Sprintf("w%d", i+1), filepath.Join(dir, fmt.Sprint("cache", i+1)), pub, r.slots)
				defer stop()
			}
			args = append(args, "-broker", url, "-key", keyFile, "-concurrency", strconv.Itoa(2*r.workers*r.slots))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		var stdout, stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s%s", label, err, stdout.String(), stderr.String())
		}
		took := time.Since(start)
		if !strings.Contains(stdout.String(), fmt.Sprintf("Games: %d of %d\n", r.games, r.games)) {
			t.Errorf("%s: report:\n%s", label, stdout.String())
		}
		fmt.Fprintf(&table, "%-46s %6d %8.1f %10.1f\n", label, r.games, took.Seconds(), float64(r.games)/took.Minutes())
	}
	if os.Getenv("GOXQ_THROUGHPUT_REAL") != "0" {
		measure("ucci 1+0.01, local runner, concurrency 1", real, throughputRun{concurrency: 1, games: 20})
		measure("ucci 1+0.01, 1 worker of 1 slot", real, throughputRun{workers: 1, slots: 1, games: 20})
		measure("ucci 1+0.01, local runner, concurrency 2", real, throughputRun{concurrency: 2, games: 40})
		measure("ucci 1+0.01, 2 workers of 1 slot", real, throughputRun{workers: 2, slots: 1, games: 40})
		measure("ucci 1+0.01, local runner, concurrency 4", real, throughputRun{concurrency: 4, games: 80})
		measure("ucci 1+0.01, 4 workers of 1 slot", real, throughputRun{workers: 4, slots: 1, games: 80})
	}
	measure("25 ms a move, local runner, concurrency 20", sim, throughputRun{concurrency: 20, games: 400})
	measure("25 ms a move, 10 workers of 2 slots", sim, throughputRun{workers: 10, slots: 2, games: 400})
	t.Logf("throughput on %d cores:\n%s", runtime.NumCPU(), table.String())
}
