package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The GUI-facing latencies of the real binary: how fast isready is answered
// while the engine searches, and how fast stop turns into bestmove. The
// target is 10 ms; the test fails above latencyBound (50 ms by default,
// GOXQ_LATENCY_BOUND_MS to change it), which leaves room for a shared
// machine.

const (
	latencyTrials = 100
	latencyTarget = 10 * time.Millisecond
)

func latencyBound(t testing.TB) time.Duration {
	v := os.Getenv("GOXQ_LATENCY_BOUND_MS")
	if v == "" {
		return 50 * time.Millisecond
	}
	ms, err := strconv.Atoi(v)
	if err != nil || ms <= 0 {
		t.Fatalf("GOXQ_LATENCY_BOUND_MS=%q: want a positive number of milliseconds", v)
	}
	return time.Duration(ms) * time.Millisecond
}

// lineEngine is an engine process driven line by line: engineProc in
// tests, benchEngine in benchmarks.
type lineEngine interface {
	send(lines ...string)
	expect(re string, timeout time.Duration) (string, []string)
}

// isReadyLatency sends isready to an engine that is searching and returns
// the time until readyok; a bestmove before it is an error.
func isReadyLatency(e lineEngine) (time.Duration, error) {
	start := time.Now()
	e.send("isready")
	_, before := e.expect(`^readyok$`, wait)
	d := time.Since(start)
	for _, l := range before {
		if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
			return d, fmt.Errorf("%q during go infinite", l)
		}
	}
	return d, nil
}

// stopLatency starts go infinite, lets it search for think, sends stop and
// returns the time until bestmove.
func stopLatency(e lineEngine, think time.Duration) time.Duration {
	e.send("position startpos moves h2e2 h9g7", "go infinite")
	time.Sleep(think)
	start := time.Now()
	e.send("stop")
	e.expect(`^bestmove [a-i][0-9][a-i][0-9]`, wait)
	return time.Since(start)
}

// summary returns the median and the worst of the samples.
func summary(d []time.Duration) (median, worst time.Duration) {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}

// TestLatency measures, in both dialects, 100 isready answers during go
// infinite and 100 stop → bestmove cycles, and fails when the median
// exceeds the bound or the worst exceeds a second. A failing round is
// measured again (up to latencyRounds in all): on a loaded machine the
// operating system alone can delay a reply by far more than 50 ms, while a
// slow stop or a blocked command loop shows up in every round.
func TestLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("latency measurements take seconds")
	}
	bound := latencyBound(t)
	for _, hello := range []string{"ucci", "uci"} {
		e := startEngine(t)
		e.send(hello, "setoption usebook false", "isready")
		e.expect(`^readyok$`, wait)
		for _, m := range []struct {
			name    string
			measure func() []time.Duration
		}{
			{"isready while searching", func() []time.Duration { return measureIsReady(t, e) }},
			{"stop to bestmove", func() []time.Duration { return measureStop(e) }},
		} {
			for round := 1; ; round++ {
				median, worst := summary(m.measure())
				t.Logf("%s: %s: median %v, worst %v over %d trials (round %d; target %v, bound %v)",
					hello, m.name, median, worst, latencyTrials, round, latencyTarget, bound)
				// The median shows a slow stop or a blocked command loop;
				// the worst also carries the machine's scheduling delays
				// (seconds' worth under heavy load), so it is reported, and
				// only an extreme one fails.
				if median <= bound && worst <= extremeLatency {
					break
				}
				if round == latencyRounds {
					t.Errorf("%s: %s: median %v (bound %v), worst %v (bound %v) in %d rounds",
						hello, m.name, median, bound, worst, extremeLatency, round)
					break
				}
			}
		}
		e.send("quit")
	}
}

// latencyRounds is how often a measurement over the bound is repeated.
const latencyRounds = 3

// extremeLatency fails a round whatever the load: no answer may take a second.
const extremeLatency = time.Second

func measureIsReady(t *testing.T, e *engineProc) []time.Duration {
	e.send("position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	d := make([]time.Duration, latencyTrials)
	for i := range d {
		l, err := isReadyLatency(e)
		if err != nil {
			t.Fatal(err)
		}
		d[i] = l
		time.Sleep(time.Duration(i%7) * time.Millisecond)
	}
	e.send("stop")
	e.expect(`^bestmove `, wait)
	return d
}

func measureStop(e *engineProc) []time.Duration {
	d := make([]time.Duration, latencyTrials)
	for i := range d {
		d[i] = stopLatency(e, time.Duration(5+i%25)*time.Millisecond)
	}
	return d
}

// BenchmarkIsReadyWhileSearching measures isready → readyok during go
// infinite (UCCI).
func BenchmarkIsReadyWhileSearching(b *testing.B) {
	e := startBenchEngine(b)
	e.send("ucci", "setoption usebook false", "position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	var d []time.Duration
	for b.Loop() {
		l, err := isReadyLatency(e)
		if err != nil {
			b.Fatal(err)
		}
		d = append(d, l)
	}
	reportLatency(b, d)
	e.send("stop", "quit")
}

// BenchmarkStopToBestmove measures stop → bestmove after 10 ms of go
// infinite (UCCI); the timed loop is the whole cycle, the metrics are the
// stop latencies alone.
func BenchmarkStopToBestmove(b *testing.B) {
	e := startBenchEngine(b)
	e.send("ucci", "setoption usebook false")
	var d []time.Duration
	for b.Loop() {
		d = append(d, stopLatency(e, 10*time.Millisecond))
	}
	reportLatency(b, d)
	e.send("quit")
}

func reportLatency(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	median, worst := summary(d)
	b.ReportMetric(float64(median.Microseconds()), "median-µs")
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
	b.Logf("%d samples: median %v, worst %v", len(d), median, worst)
}

// benchEngine is the engine binary (binPath, built by TestMain) driven by
// a benchmark; engineProc needs a *testing.T.
type benchEngine struct {
	b     *testing.B
	stdin io.WriteCloser
	lines chan string
}

func startBenchEngine(b *testing.B) *benchEngine {
	cmd := exec.Command(binPath)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	e := &benchEngine{b: b, stdin: stdin, lines: make(chan string, 10000)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	b.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return e
}

func (e *benchEngine) send(lines ...string) {
	for _, l := range lines {
		if _, err := io.WriteString(e.stdin, l+"\n"); err != nil {
			e.b.Fatalf("writing %q: %v", l, err)
		}
	}
}

func (e *benchEngine) expect(re string, timeout time.Duration) (string, []string) {
	rx := regexp.MustCompile(re)
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.b.Fatalf("engine closed its output waiting for %q", re)
			}
			if !protocolLine.MatchString(l) {
				e.b.Errorf("non-protocol output line %q", l)
			}
			if rx.MatchString(l) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			e.b.Fatalf("no line matching %q within %v", re, timeout)
		}
	}
}
