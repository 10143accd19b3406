package reliability

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// engineBin is the engine under test: GOXQ_ENGINE, or a build of
// ../cmd/ucci made by TestMain.
var engineBin string

func TestMain(m *testing.M) {
	if p := os.Getenv("GOXQ_ENGINE"); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		engineBin = abs
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "reliability")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	engineBin = filepath.Join(dir, "ucci")
	if out, err := exec.Command("go", "build", "-o", engineBin, "../cmd/ucci").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the engine: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// envInt reads a positive integer from the environment, def when unset
// (a quarter of def, at least 1, with -short).
func envInt(t testing.TB, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		if testing.Short() {
			return max(def/4, 1)
		}
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}

// outLine is a line the engine printed and when it was read.
type outLine struct {
	text string
	at   time.Time
}

// proc is the engine as a subprocess, seen as a GUI sees it: lines in,
// timestamped lines out, stderr collected apart.
type proc struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan outLine // closed when the output ends
	exited chan struct{}
	mu     sync.Mutex
	stderr strings.Builder
	state  *os.ProcessState
}

// startProc starts the engine; the cleanup kills it if it is still running
// and fails the test on anything written to stderr.
func startProc(t testing.TB) *proc {
	t.Helper()
	cmd := exec.Command(engineBin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, cmd: cmd, stdin: stdin, lines: make(chan outLine, 1<<16), exited: make(chan struct{})}
	cmd.Stderr = writerFunc(func(b []byte) (int, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.stderr.Write(b)
	})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			p.lines <- outLine{sc.Text(), time.Now()}
		}
		close(p.lines)
	}()
	go func() {
		cmd.Wait()
		p.mu.Lock()
		p.state = cmd.ProcessState
		p.mu.Unlock()
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			cmd.Process.Kill()
			<-p.exited
		}
		if s := p.stderrText(); s != "" {
			t.Errorf("the engine wrote to stderr: %q", s)
		}
	})
	return p
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

func (p *proc) stderrText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// send writes lines; it fails the test when the engine's input is closed.
func (p *proc) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.t.Fatalf("writing %q: %v", truncated(l), err)
		}
	}
}

// expect reads until a line matches re and returns it with the lines
// before it; it fails after timeout or when the output ends.
func (p *proc) expect(re string, timeout time.Duration) (outLine, []string) {
	p.t.Helper()
	rx := regexp.MustCompile(re)
	var before []string
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("the output ended waiting for %q; got %q", re, tail(before))
			}
			checkLine(p.t, l.text)
			if rx.MatchString(l.text) {
				return l, before
			}
			before = append(before, l.text)
		case <-deadline.C:
			p.t.Fatalf("no line matching %q within %v; got %q", re, timeout, tail(before))
		}
	}
}

// rss returns the resident size and its peak (VmRSS, VmHWM) in KiB.
func (p *proc) rss() (rss, hwm int) {
	return readRSS(p.cmd.Process.Pid)
}

// readRSS reads VmRSS and VmHWM of a process in KiB (0 when unknown).
func readRSS(pid int) (rss, hwm int) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.Atoi(f[1])
		switch f[0] {
		case "VmRSS:":
			rss = n
		case "VmHWM:":
			hwm = n
		}
	}
	return rss, hwm
}

// protocolLine is every line an engine may print in either dialect.
var protocolLine = regexp.MustCompile(`^(id (name|version|copyright|author|email) |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|bye$|pophash( |$))`)

// checkLine fails on a line that is not a protocol line or not printable
// ASCII.
func checkLine(t testing.TB, l string) {
	t.Helper()
	if !protocolLine.MatchString(l) {
		t.Errorf("stray output line %q", truncated(l))
	}
	for _, r := range l {
		if r < 32 || r > 126 {
			t.Errorf("non-ASCII output %q", truncated(l))
			break
		}
	}
}

func truncated(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

// tail returns the last lines of a list, for failure messages.
func tail(l []string) []string {
	if len(l) > 20 {
		return l[len(l)-20:]
	}
	return l
}
