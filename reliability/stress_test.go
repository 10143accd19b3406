package reliability

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// Bounds of the stress run.
const (
	maxPendingGo  = 3 // go lines in flight before the sender waits
	answerPatient = 300 * time.Millisecond
	hangTimeout   = 15 * time.Second // no output at all while an answer is due
)

// stressRun is the bookkeeping of one stress run. With the UCCI debug
// option the engine echoes every input line as "info idleline" or "info
// busyline" when it reads it, in order; that tells which stop found the
// engine idle (answered with nobestmove) and lets every answer be matched
// to its request: the answers come in the order of the requests (go, or a
// stop while idle), since commands other than isready, stop, ponderhit and
// probe wait in a queue while a search runs.
type stressRun struct {
	t        *testing.T
	p        *enginetest.Proc
	sent     []string  // lines sent, in order
	specs    []*goSpec // per sent line: the go's spec, nil for other lines
	echoed   int       // lines echoed so far
	due      []*goSpec // requests echoed and not answered; nil = idle stop
	goSent   int       // answered go lines sent
	goDone   int       // answers to go lines
	idleStop int       // stops that found the engine idle
	ready    int       // readyok lines
	probes   int       // pophash lines
	hellos   int       // ucciok lines
	// isready, probe and ucci lines sent (each is answered once).
	readySent, probeSent, helloSent int
	anomaly                         []string
	lastOut                         time.Time
	lines                           int // output lines
}

func (r *stressRun) fail(format string, args ...any) {
	if len(r.anomaly) < 50 {
		r.anomaly = append(r.anomaly, fmt.Sprintf(format, args...))
	}
}

// send writes a command line and records what it asks for.
func (r *stressRun) send(line string, m *model) {
	var spec *goSpec
	if commandWord(line) == "go" {
		g := m.goExpectation(line)
		spec = &g
		if g.answered {
			r.goSent++
		}
	}
	switch commandWord(line) {
	case "isready":
		r.readySent++
	case "probe":
		r.probeSent++
	case "ucci":
		r.helloSent++
	}
	m.apply(line)
	r.sent = append(r.sent, line)
	r.specs = append(r.specs, spec)
	r.p.Send(line)
}

// handle processes one output line.
func (r *stressRun) handle(l enginetest.Line) {
	r.lastOut = l.At
	r.lines++
	text := l.Text
	enginetest.CheckLine(r.t, text)
	switch {
	case strings.HasPrefix(text, "info idleline ") || strings.HasPrefix(text, "info busyline "):
		idle := strings.HasPrefix(text, "info idleline ")
		echo := text[len("info idleline "):]
		if r.echoed >= len(r.sent) {
			r.fail("echo %q of a line never sent", echo)
			return
		}
		i := r.echoed
		r.echoed++
		if want := echoText(r.sent[i]); echo != want {
			r.fail("line %d echoed as %q, sent %q", i, enginetest.Truncated(echo), enginetest.Truncated(want))
		}
		switch commandWord(r.sent[i]) {
		case "go":
			if s := r.specs[i]; s.answered {
				r.due = append(r.due, s)
			}
		case "stop":
			if idle {
				r.due = append(r.due, nil)
			}
		}
	case text == "nobestmove" || strings.HasPrefix(text, "bestmove "):
		if len(r.due) == 0 {
			r.fail("answer %q with nothing asked", text)
			return
		}
		s := r.due[0]
		r.due = r.due[1:]
		if s == nil {
			r.idleStop++
			if text != "nobestmove" {
				r.fail("idle stop answered %q", text)
			}
			return
		}
		r.goDone++
		if why := s.check(text); why != "" {
			r.fail("%q answered %q: %s", s.line, text, why)
		}
	case text == "readyok":
		r.ready++
	case strings.HasPrefix(text, "pophash"):
		r.probes++
	case text == "ucciok":
		r.hellos++
	}
}

// poll handles the output that has arrived, waiting up to d for the first
// line; it reports false when the output has ended.
func (r *stressRun) poll(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case l, ok := <-r.p.Lines():
		if !ok {
			return false
		}
		r.handle(l)
	case <-timer.C:
		return true
	}
	for {
		select {
		case l, ok := <-r.p.Lines():
			if !ok {
				return false
			}
			r.handle(l)
		default:
			return true
		}
	}
}

// settled tells whether every line was echoed and every request answered.
func (r *stressRun) settled() bool { return r.echoed == len(r.sent) && len(r.due) == 0 }

// stressSeed returns the seed of the run: GOXQ_STRESS_SEED or the time.
func stressSeed(t *testing.T) uint64 {
	if v := os.Getenv("GOXQ_STRESS_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("GOXQ_STRESS_SEED=%q: %v", v, err)
		}
		return n
	}
	return uint64(time.Now().UnixNano())
}

// TestCommandStress sends random commands, valid and invalid, with go,
// stop and ponderhit at random moments, to the engine as a subprocess, and
// checks that every go gets exactly one answer, legal for the position it
// searched, every stop while idle a nobestmove, every isready a readyok,
// every probe a pophash, and nothing else: only protocol lines, nothing on
// stderr, no hang, and quit ends the process.
func TestCommandStress(t *testing.T) {
	n := envInt(t, "GOXQ_STRESS_COMMANDS", 3000)
	long := n > 20000
	seed := stressSeed(t)
	t.Logf("%d commands, seed %d (GOXQ_STRESS_SEED to repeat)", n, seed)
	g := newGen(seed, long)
	pause := rand.New(rand.NewPCG(seed, 7))
	p := enginetest.Start(t)
	r := &stressRun{t: t, p: p, lastOut: time.Now()}
	p.Send("ucci", "setoption hashsize 16", "setoption debug true")
	p.Expect(`^ucciok$`, 5*time.Second)
	r.hellos, r.helloSent = 1, 1 // the first one, read by expect
	m := newModel()
	started := time.Now()
	for generated := 0; generated < n; generated++ {
		if !r.poll(0) {
			t.Fatalf("the engine's output ended after %d commands; last sent %q", len(r.sent), enginetest.Tail(r.sent))
		}
		line := g.next(m)
		if commandWord(line) == "go" {
			r.waitForRoom(m)
		}
		r.send(line, m)
		switch x := pause.IntN(100); {
		case x < 15:
			time.Sleep(time.Duration(pause.IntN(3000)) * time.Microsecond)
		case x < 20:
			time.Sleep(time.Duration(pause.IntN(30)) * time.Millisecond)
		}
		if len(r.anomaly) >= 50 {
			break
		}
	}
	r.drain(m)
	// Nothing more may come once everything is answered.
	if !r.poll(300 * time.Millisecond) {
		t.Fatal("the engine's output ended before quit")
	}
	if r.ready != r.readySent || r.probes != r.probeSent || r.hellos != r.helloSent {
		r.fail("%d readyok for %d isready, %d pophash for %d probe, %d ucciok for %d ucci",
			r.ready, r.readySent, r.probes, r.probeSent, r.hellos, r.helloSent)
	}
	if r.goDone != r.goSent {
		r.fail("%d answers to %d go", r.goDone, r.goSent)
	}
	quitStart := time.Now()
	p.Send("quit")
	p.Expect(`^bye$`, 2*time.Second)
	select {
	case <-p.Exited():
	case <-time.After(2 * time.Second):
		t.Error("the engine did not exit after quit")
	}
	quitTime := time.Since(quitStart)
	t.Logf("%d commands (%d random, the rest stop to keep at most %d go in flight), %d go answered, %d idle stop, %d output lines in %v; quit took %v",
		len(r.sent), n, maxPendingGo, r.goDone, r.idleStop, r.lines, time.Since(started).Round(time.Millisecond), quitTime.Round(time.Microsecond))
	for _, a := range r.anomaly {
		t.Error(a)
	}
}

// waitForRoom keeps at most maxPendingGo go lines in flight: it waits for
// answers, then stops the running search, and fails on a hang.
func (r *stressRun) waitForRoom(m *model) {
	for r.goSent-r.goDone >= maxPendingGo {
		if !r.poll(answerPatient) {
			r.t.Fatalf("the engine's output ended; last sent %q", enginetest.Tail(r.sent))
		}
		if r.goSent-r.goDone < maxPendingGo {
			return
		}
		r.send("stop", m)
		if time.Since(r.lastOut) > hangTimeout {
			r.t.Fatalf("hang: no output for %v with %d go unanswered; last sent %q", hangTimeout, r.goSent-r.goDone, enginetest.Tail(r.sent))
		}
	}
}

// drain stops whatever runs and waits until every request is answered,
// then syncs with isready.
func (r *stressRun) drain(m *model) {
	r.send("stop", m)
	for !r.settled() {
		if !r.poll(answerPatient) {
			r.t.Fatalf("the engine's output ended while draining")
		}
		if r.settled() {
			break
		}
		if r.echoed == len(r.sent) && len(r.due) > 0 {
			r.send("stop", m) // a queued go infinite or ponder started
		}
		if time.Since(r.lastOut) > hangTimeout {
			r.t.Fatalf("hang: no output for %v; %d lines not echoed, %d answers due; last sent %q",
				hangTimeout, len(r.sent)-r.echoed, len(r.due), enginetest.Tail(r.sent))
		}
	}
	r.send("isready", m)
	for r.ready < r.readySent || !r.settled() {
		if !r.poll(answerPatient) {
			r.t.Fatal("the engine's output ended while draining")
		}
		if time.Since(r.lastOut) > hangTimeout {
			r.t.Fatal("hang: no readyok")
		}
	}
}
