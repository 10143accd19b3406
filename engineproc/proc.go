package engineproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// writeTimeout bounds one write to an engine's input: an engine that stops
// reading is treated as dead rather than blocking the runner.
const writeTimeout = 5 * time.Second

// readerWait bounds how long close waits for the output readers to finish
// after the engine's exit.
const readerWait = 2 * time.Second

// maxLine is the longest output line read, 1 MiB plus a CRLF; an engine
// that sends a longer one is treated as broken (its output is not read
// further).
const maxLine = 1<<20 + 2

// exitWait is how long the runner waits, when an engine's output has ended,
// for the process to exit before it reports that the engine closed its
// output while it still runs.
const exitWait = 500 * time.Millisecond

// ErrEngineGone is returned when an engine's pipes are closed.
var ErrEngineGone = errors.New("engine terminated")

// Line is one line of engine output with its arrival time.
type Line struct {
	Text string
	At   time.Time
}

// process is a running engine: its command, input pipe and a channel of
// the lines of its standard output, read by a goroutine. Its standard
// error goes to the log only ('!' lines), so that an engine that closes its
// standard output is noticed at once even if its standard error stays open.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan Line     // closed at the end of the output
	exited  chan struct{} // closed when the process has been waited for
	closing chan struct{} // closed by close: the reader discards from then on
	readEnd chan struct{} // closed when the readers have logged their last line
	log     *TrafficLog
	tag     atomic.Pointer[string] // log label, e.g. "g12 red eleeye"
	once    sync.Once
	// readErr is why the output reader stopped before the end of the
	// output (a line longer than maxLine); set before lines is closed.
	readErr error
}

// startProcess starts the engine of spec in its own process group. The
// process is killed with its group when ctx is cancelled.
func startProcess(ctx context.Context, spec *EngineSpec, log *TrafficLog) (*process, error) {
	cmd := exec.CommandContext(ctx, spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	setProcessGroup(cmd)
	cmd.Cancel = func() error { killGroup(cmd); return nil }
	cmd.WaitDelay = time.Second
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	var pipes [4]*os.File // output read and write ends, error read and write ends
	for i := 0; i < len(pipes); i += 2 {
		if pipes[i], pipes[i+1], err = os.Pipe(); err != nil {
			for _, f := range append(pipes[:i:i], inR, inW) {
				f.Close()
			}
			return nil, err
		}
	}
	outR, outW, errR, errW := pipes[0], pipes[1], pipes[2], pipes[3]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("starting %s: %w", spec.Cmd, err)
	}
	p := &process{
		cmd:     cmd,
		stdin:   inW,
		lines:   make(chan Line, 1024),
		exited:  make(chan struct{}),
		closing: make(chan struct{}),
		readEnd: make(chan struct{}),
		log:     log,
	}
	name := spec.DisplayName()
	p.tag.Store(&name)
	var readers sync.WaitGroup
	readers.Go(func() { p.read(outR) })
	readers.Go(func() { p.readErrors(errR) })
	go func() {
		readers.Wait()
		close(p.readEnd)
	}()
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// SetTag changes the label under which the traffic is logged.
func (p *process) SetTag(tag string) { p.tag.Store(&tag) }

// Note logs a remark of the runner under the engine's label.
func (p *process) Note(text string) { p.log.Note(*p.tag.Load(), text) }

// Lines returns the engine's output lines as they arrive (already in the
// traffic log); the channel is closed at the end of the output.
func (p *process) Lines() <-chan Line { return p.lines }

// Pid returns the process id.
func (p *process) Pid() int { return p.cmd.Process.Pid }

// read forwards output lines with their arrival time until the output ends
// or a line is longer than maxLine.
func (p *process) read(out *os.File) {
	defer out.Close()
	defer close(p.lines)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		l := Line{Text: strings.TrimRight(sc.Text(), "\r"), At: time.Now()}
		p.log.write(*p.tag.Load(), '<', l.Text)
		select {
		case p.lines <- l:
		case <-p.closing:
		}
	}
	if err := sc.Err(); err != nil {
		p.readErr = err
		p.log.Note(*p.tag.Load(), "output not read further: "+err.Error())
	}
}

// readErrors logs the engine's standard error until it ends.
func (p *process) readErrors(stderr *os.File) {
	defer stderr.Close()
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 4<<10), maxLine)
	for sc.Scan() {
		p.log.write(*p.tag.Load(), '!', strings.TrimRight(sc.Text(), "\r"))
	}
}

// Failure explains why the engine stopped answering, once its output has
// ended (outputEnded; the lines channel is closed) or its input broke: an
// overlong line, its exit (with the status), or its closing a pipe while
// it still runs.
func (p *process) Failure(outputEnded bool) string {
	if outputEnded && errors.Is(p.readErr, bufio.ErrTooLong) {
		return "sent an output line longer than 1 MiB"
	}
	t := time.NewTimer(exitWait)
	defer t.Stop()
	select {
	case <-p.exited:
		if st := p.cmd.ProcessState; st != nil {
			return "engine terminated (" + st.String() + ")"
		}
		return "engine terminated"
	case <-t.C:
	}
	if outputEnded {
		return "closed its standard output while still running"
	}
	return "stopped reading its input while still running"
}

// Send writes one line to the engine.
func (p *process) Send(text string) error {
	p.log.write(*p.tag.Load(), '>', text)
	p.stdin.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := p.stdin.WriteString(text + "\n"); err != nil {
		return fmt.Errorf("%w: %v", ErrEngineGone, err)
	}
	return nil
}

// Drain discards output that arrived while nobody was listening (it is
// already in the log) and reports whether the output is still open.
func (p *process) Drain() bool {
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return false
			}
		default:
			return true
		}
	}
}

// Alive tells whether the process is still running.
func (p *process) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// close asks the engine to leave with quit (when non-empty), waits up to
// timeout for it to exit, then kills its process group and waits for it.
// It is safe to call more than once.
func (p *process) close(quit string, timeout time.Duration) {
	p.once.Do(func() {
		if quit != "" && p.Alive() {
			if p.Send(quit) == nil {
				t := time.NewTimer(timeout)
				select {
				case <-p.exited:
				case <-t.C:
				}
				t.Stop()
			}
		}
		close(p.closing)
		killGroup(p.cmd)
		p.stdin.Close()
		<-p.exited
		// The last lines (bye) may still be on their way to the log; a
		// leftover process holding the pipe open must not block us long.
		t := time.NewTimer(readerWait)
		select {
		case <-p.readEnd:
		case <-t.C:
		}
		t.Stop()
	})
}
