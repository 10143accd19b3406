package match

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

// readerWait bounds how long close waits for the output reader to finish
// after the engine's exit.
const readerWait = 2 * time.Second

// errEngineGone is returned when an engine's pipes are closed.
var errEngineGone = errors.New("engine terminated")

// line is one line of engine output with its arrival time.
type line struct {
	text string
	at   time.Time
}

// process is a running engine: its command, input pipe and a channel of
// output lines read by a goroutine. stderr is merged into stdout, as the
// UCCI league does, so everything the engine prints reaches the log.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan line     // closed at the end of the output
	exited  chan struct{} // closed when the process has been waited for
	closing chan struct{} // closed by close: the reader discards from then on
	readEnd chan struct{} // closed when the reader has logged its last line
	log     *trafficLog
	tag     atomic.Pointer[string] // log label, e.g. "g12 red eleeye"
	once    sync.Once
}

// startProcess starts the engine of spec in its own process group. The
// process is killed with its group when ctx is cancelled.
func startProcess(ctx context.Context, spec *EngineSpec, log *trafficLog) (*process, error) {
	cmd := exec.CommandContext(ctx, spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	setProcessGroup(cmd)
	cmd.Cancel = func() error { killGroup(cmd); return nil }
	cmd.WaitDelay = time.Second
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", spec.Cmd, err)
	}
	p := &process{
		cmd:     cmd,
		stdin:   inW,
		lines:   make(chan line, 1024),
		exited:  make(chan struct{}),
		closing: make(chan struct{}),
		readEnd: make(chan struct{}),
		log:     log,
	}
	name := spec.DisplayName()
	p.tag.Store(&name)
	go p.read(outR)
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// setTag changes the label under which the traffic is logged.
func (p *process) setTag(tag string) { p.tag.Store(&tag) }

// pid returns the process id.
func (p *process) pid() int { return p.cmd.Process.Pid }

// read forwards output lines with their arrival time until the output ends.
func (p *process) read(out *os.File) {
	defer close(p.readEnd)
	defer out.Close()
	defer close(p.lines)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l := line{text: strings.TrimRight(sc.Text(), "\r"), at: time.Now()}
		p.log.write(*p.tag.Load(), '<', l.text)
		select {
		case p.lines <- l:
		case <-p.closing:
		}
	}
}

// send writes one line to the engine.
func (p *process) send(text string) error {
	p.log.write(*p.tag.Load(), '>', text)
	p.stdin.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := p.stdin.WriteString(text + "\n"); err != nil {
		return fmt.Errorf("%w: %v", errEngineGone, err)
	}
	return nil
}

// drain discards output that arrived while nobody was listening (it is
// already in the log) and reports whether the output is still open.
func (p *process) drain() bool {
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

// alive tells whether the process is still running.
func (p *process) alive() bool {
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
		if quit != "" && p.alive() {
			if p.send(quit) == nil {
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
