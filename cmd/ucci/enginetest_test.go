package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// binPath is the engine binary built once for the transcript tests.
var binPath string

// engineCommand starts the engine of the transcript tests: binPath, or the
// command line in $GOXQ_TEST_ENGINE (split at spaces), e.g. "wine
// /abs/dist/ucci-windows-amd64.exe" to test another build (make
// e2e-windows).
var engineCommand []string

// external is set when the tests run $GOXQ_TEST_ENGINE. Such an engine
// may take seconds to start and to end (Wine): startEngine waits for it
// to answer an isready (harmless before the hello command) before the
// test begins, and it is given longer to exit.
var external bool

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ucci-test")
	if err != nil {
		panic(err)
	}
	binPath = filepath.Join(dir, "ucci")
	if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
		panic("building the engine: " + err.Error() + "\n" + string(out))
	}
	engineCommand = []string{binPath}
	if c := strings.Fields(os.Getenv("GOXQ_TEST_ENGINE")); len(c) > 0 {
		engineCommand, external = c, true
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// engineProc is the engine running as a subprocess, as a GUI sees it.
type engineProc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *strings.Builder
}

func startEngine(t *testing.T, args ...string) *engineProc {
	t.Helper()
	cmd := exec.Command(engineCommand[0], append(engineCommand[1:], args...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	e := &engineProc{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 10000), stderr: &strings.Builder{}}
	cmd.Stderr = e.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		exitWait := 5 * time.Second
		if external {
			exitWait = time.Minute
		}
		select {
		case <-done:
		case <-time.After(exitWait):
			cmd.Process.Kill()
			t.Error("engine did not exit after its input closed")
		}
		if e.stderr.Len() > 0 {
			t.Errorf("engine wrote to stderr: %q", e.stderr.String())
		}
	})
	if external {
		e.send("isready")
		e.expect(`^readyok$`, time.Minute)
	}
	return e
}

// send writes lines to the engine.
func (e *engineProc) send(lines ...string) {
	for _, l := range lines {
		if _, err := io.WriteString(e.stdin, l+"\n"); err != nil {
			e.t.Fatalf("writing %q: %v", l, err)
		}
	}
}

// expect reads lines until one matches re and returns it with the lines
// read before it; it fails after timeout.
func (e *engineProc) expect(re string, timeout time.Duration) (string, []string) {
	e.t.Helper()
	rx := regexp.MustCompile(re)
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("engine closed its output waiting for %q; got %q", re, before)
			}
			checkProtocolLine(e.t, l)
			if rx.MatchString(l) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			e.t.Fatalf("no line matching %q within %v; got %q", re, timeout, before)
		}
	}
}

// answerWithin reads lines for up to d and returns the first bestmove or
// nobestmove line, "" if none came.
func (e *engineProc) answerWithin(d time.Duration) string {
	e.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-e.lines:
			checkProtocolLine(e.t, l)
			if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
				return l
			}
		case <-deadline:
			return ""
		}
	}
}

// noBestMove reads lines for d and fails on a bestmove (info lines are
// fine); it returns the lines read.
func (e *engineProc) noBestMove(d time.Duration) []string {
	e.t.Helper()
	deadline := time.After(d)
	var read []string
	for {
		select {
		case l := <-e.lines:
			checkProtocolLine(e.t, l)
			if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
				e.t.Fatalf("premature %q", l)
			}
			read = append(read, l)
		case <-deadline:
			return read
		}
	}
}

// quiet checks that nothing arrives for d.
func (e *engineProc) quiet(d time.Duration) {
	e.t.Helper()
	select {
	case l, ok := <-e.lines:
		if ok {
			e.t.Fatalf("unexpected line %q", l)
		}
	case <-time.After(d):
	}
}

var protocolLine = regexp.MustCompile(`^(id |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|bye$|pophash)`)

// checkProtocolLine fails on anything that is not a protocol line or not ASCII.
func checkProtocolLine(t *testing.T, l string) {
	t.Helper()
	if !protocolLine.MatchString(l) {
		t.Errorf("non-protocol output line %q", l)
	}
	for _, r := range l {
		if r < 32 || r > 126 {
			t.Errorf("non-ASCII output %q", l)
			break
		}
	}
}
