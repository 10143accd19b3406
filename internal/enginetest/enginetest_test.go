package enginetest

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestBinaryOnce: the binary is built once; later calls return it at once.
func TestBinaryOnce(t *testing.T) {
	if External() {
		t.Skip("GOXQ_TEST_ENGINE is set")
	}
	first := Binary(t)
	start := time.Now()
	if again := Binary(t); again != first {
		t.Errorf("second build %s, first %s", again, first)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("the second call took %v", d)
	}
	if st, err := os.Stat(first); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("%s: %v", first, err)
	}
}

// TestProc drives the engine through a handshake, a search and quit.
func TestProc(t *testing.T) {
	p := Start(t)
	p.Send("ucci")
	if _, before := p.Expect(`^ucciok$`, 10*time.Second); len(before) == 0 || !strings.HasPrefix(before[0], "id name ") {
		t.Errorf("before ucciok: %q", before)
	}
	p.Send("position startpos", "go depth 3")
	if l := p.AnswerWithin(10 * time.Second); !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("answer %q", l)
	}
	p.Quiet(100 * time.Millisecond)
	p.Send("quit")
	p.Expect(`^bye$`, 10*time.Second)
	select {
	case <-p.Exited():
	case <-time.After(10 * time.Second):
		t.Fatal("no exit after quit")
	}
	if code := p.ExitCode(); code != 0 {
		t.Errorf("exit status %d", code)
	}
}

// TestCheckLine: protocol lines pass; other output fails the test.
func TestCheckLine(t *testing.T) {
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"bestmove h2e2", true}, {"info depth 3 score 10", true}, {"pophash", true}, {"id name GoXQ", true},
		{"hello", false}, {"info string \x01", false}, {"id nonsense x", false}, {"bestmove h2e2 é", false},
	} {
		rec := &recorder{TB: t}
		CheckLine(rec, c.line)
		if rec.failed == c.ok {
			t.Errorf("%q: failed %v", c.line, rec.failed)
		}
	}
}

// recorder is a testing.TB that records Errorf instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

// TestExitReport: an engine that dies without a word is reported with the
// signal that killed it.
func TestExitReport(t *testing.T) {
	p := StartCommand(t, []string{"sh", "-c", "kill -KILL $$"})
	for range p.Lines() {
	}
	if r := p.exitReport(); !strings.Contains(r, "signal: killed") {
		t.Errorf("exit report %q, want the signal", r)
	}
}

// TestLastLinesKept: the lines an engine writes just before it exits are
// all read, however fast it exits (waiting for the process must not close
// the output before the reader has reached its end).
func TestLastLinesKept(t *testing.T) {
	const n = 200000
	for range 5 {
		p := StartCommand(t, []string{"sh", "-c", "seq 1 " + strconv.Itoa(n) + "; echo bye"})
		got, last := 0, ""
		for l := range p.Lines() {
			got, last = got+1, l.Text
		}
		if got != n+1 || last != "bye" {
			t.Fatalf("read %d lines ending with %q, want %d ending with bye", got, last, n+1)
		}
	}
}
