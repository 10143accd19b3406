package enginetest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Line is a line the engine printed and when it was read.
type Line struct {
	Text string
	At   time.Time
}

// Proc is the engine running as a subprocess: lines in, timestamped lines
// out, standard error collected apart.
type Proc struct {
	tb     testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan Line // closed when the output ends
	exited chan struct{}
	mu     sync.Mutex
	stderr strings.Builder
	state  *os.ProcessState
}

// Start starts the engine under test (Command) with args. The test's
// cleanup closes the engine's input and waits for it to exit (5 s, a
// minute for an External engine), kills it and fails the test when it
// does not, and fails the test on anything the engine wrote to standard
// error. An External engine is first made to answer an isready.
func Start(tb testing.TB, args ...string) *Proc {
	tb.Helper()
	return StartCommand(tb, Command(tb), args...)
}

// StartCommand is Start for the engine of another command line (e.g. a
// release binary).
func StartCommand(tb testing.TB, command []string, args ...string) *Proc {
	tb.Helper()
	cmd := exec.Command(command[0], append(command[1:], args...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proc{tb: tb, cmd: cmd, stdin: stdin, lines: make(chan Line, 1<<16), exited: make(chan struct{})}
	cmd.Stderr = writerFunc(func(b []byte) (int, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.stderr.Write(b)
	})
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	outputRead := make(chan struct{})
	go func() {
		defer close(outputRead)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			p.lines <- Line{sc.Text(), time.Now()}
		}
		close(p.lines)
	}()
	go func() {
		// Wait closes the reading end of the output pipe: called before
		// the reader has seen the end of the output, it would throw away
		// the engine's last lines (a "bye" lost under load).
		<-outputRead
		cmd.Wait()
		p.mu.Lock()
		p.state = cmd.ProcessState
		p.mu.Unlock()
		close(p.exited)
	}()
	tb.Cleanup(func() {
		stdin.Close()
		exitWait := 5 * time.Second
		if External() {
			exitWait = time.Minute
		}
		select {
		case <-p.exited:
		case <-time.After(exitWait):
			cmd.Process.Kill()
			<-p.exited
			tb.Errorf("the engine did not exit within %v after its input closed", exitWait)
		}
		if s := p.Stderr(); s != "" {
			tb.Errorf("the engine wrote to stderr: %q", s)
		}
	})
	if External() {
		p.Send("isready")
		p.Expect(`^readyok$`, time.Minute)
	}
	return p
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

// Send writes lines to the engine; it fails the test when the engine's
// input is closed.
func (p *Proc) Send(lines ...string) {
	p.tb.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.tb.Fatalf("writing %q: %v", Truncated(l), err)
		}
	}
}

// CloseInput closes the engine's standard input, as a GUI that goes away
// does.
func (p *Proc) CloseInput() { p.stdin.Close() }

// Lines returns the engine's output lines, unchecked; the channel is
// closed when the output ends. Check each line read with CheckLine.
func (p *Proc) Lines() <-chan Line { return p.lines }

// Exited is closed when the engine has exited.
func (p *Proc) Exited() <-chan struct{} { return p.exited }

// ExitCode returns the engine's exit status once Exited is closed (-1
// before).
func (p *Proc) ExitCode() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state == nil {
		return -1
	}
	return p.state.ExitCode()
}

// exitReport says how the engine ended once its output has ended: its exit
// status or the signal that killed it (waiting up to a second for the
// process) and what it wrote to standard error, so that a test that lost
// the engine tells why.
func (p *Proc) exitReport() string {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return "the engine is still running with its output closed"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	stderr := p.stderr.String()
	if len(stderr) > 2000 {
		stderr = stderr[:2000] + "..."
	}
	return fmt.Sprintf("the engine ended: %v; stderr %q", p.state, stderr)
}

// Pid returns the engine's process id.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Stderr returns what the engine wrote to standard error so far.
func (p *Proc) Stderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// Expect reads lines until one matches re and returns it with the lines
// read before it; it fails the test after timeout or when the output ends.
func (p *Proc) Expect(re string, timeout time.Duration) (string, []string) {
	p.tb.Helper()
	rx := regexp.MustCompile(re)
	var before []string
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.tb.Fatalf("the output ended waiting for %q; got %q; %s", re, Tail(before), p.exitReport())
			}
			CheckLine(p.tb, l.Text)
			if rx.MatchString(l.Text) {
				return l.Text, before
			}
			before = append(before, l.Text)
		case <-deadline.C:
			p.tb.Fatalf("no line matching %q within %v; got %q", re, timeout, Tail(before))
		}
	}
}

// AnswerWithin reads lines for up to d and returns the first bestmove or
// nobestmove line, "" if none came.
func (p *Proc) AnswerWithin(d time.Duration) string {
	p.tb.Helper()
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return ""
			}
			CheckLine(p.tb, l.Text)
			if isAnswer(l.Text) {
				return l.Text
			}
		case <-deadline.C:
			return ""
		}
	}
}

// NoBestMove reads lines for d and fails the test on a bestmove or
// nobestmove (info lines are fine); it returns the lines read.
func (p *Proc) NoBestMove(d time.Duration) []string {
	p.tb.Helper()
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	var read []string
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return read
			}
			CheckLine(p.tb, l.Text)
			if isAnswer(l.Text) {
				p.tb.Fatalf("premature %q", l.Text)
			}
			read = append(read, l.Text)
		case <-deadline.C:
			return read
		}
	}
}

// Quiet fails the test when a line arrives within d.
func (p *Proc) Quiet(d time.Duration) {
	p.tb.Helper()
	select {
	case l, ok := <-p.lines:
		if ok {
			p.tb.Fatalf("unexpected line %q", Truncated(l.Text))
		}
	case <-time.After(d):
	}
}

// isAnswer tells whether l answers a search.
func isAnswer(l string) bool { return strings.HasPrefix(l, "bestmove") || l == "nobestmove" }

// protocolLine is every line the engine may print in either dialect.
var protocolLine = regexp.MustCompile(`^(id (name|version|copyright|author|email) |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|bye$|pophash( |$))`)

// CheckLine fails tb (without stopping it) on a line that is not a
// protocol line or not printable ASCII.
func CheckLine(tb testing.TB, l string) {
	tb.Helper()
	if !protocolLine.MatchString(l) {
		tb.Errorf("stray output line %q", Truncated(l))
	}
	for _, r := range l {
		if r < 32 || r > 126 {
			tb.Errorf("non-ASCII output %q", Truncated(l))
			break
		}
	}
}

// Truncated cuts a line to 120 bytes for a failure message.
func Truncated(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

// Tail returns the last 20 lines of a list, for failure messages.
func Tail(l []string) []string {
	if len(l) > 20 {
		return l[len(l)-20:]
	}
	return l
}
