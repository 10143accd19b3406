package engineproc

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// Engine is an engine process opened for interactive use, as a GUI front
// end drives one (`ucci serve`): the handshake of a session done,
// and its output delivered line by line as it arrives, moves in ICCS. Its
// methods are for one goroutine at a time; Lines may be read from another.
type Engine struct {
	s     *Session
	lines chan string
	done  chan struct{}
	once  sync.Once
}

// OpenEngine starts the engine of spec in its own process group and runs
// the handshake of a session (OpenSession): the protocol detected when
// spec.Proto is ProtoAuto, the spec's options sent, isready answered, each
// wait bounded by timeout. The engine is killed when ctx ends.
func OpenEngine(ctx context.Context, spec EngineSpec, timeout time.Duration) (*Engine, error) {
	s, err := OpenSession(ctx, &spec, spec.Proto, SessionOptions{Timeout: timeout, QuitWait: time.Second})
	if err != nil {
		return nil, err
	}
	e := &Engine{s: s, lines: make(chan string, 256), done: make(chan struct{})}
	go e.forward()
	return e, nil
}

// forward passes the session's output lines on until the output ends or
// the engine is closed.
func (e *Engine) forward() {
	defer close(e.lines)
	for {
		select {
		case l, ok := <-e.s.lines:
			if !ok {
				return
			}
			select {
			case e.lines <- l.Text:
			case <-e.done:
				return
			}
		case <-e.done:
			return
		}
	}
}

// Lines returns the engine's output lines; the channel is closed when the
// output ends (the engine exited or was closed).
func (e *Engine) Lines() <-chan string { return e.lines }

// Name returns the name the engine gave (id name), else the spec's.
func (e *Engine) Name() string {
	if e.s.spec.Name != "" || e.s.idName == "" {
		return e.s.spec.DisplayName()
	}
	return e.s.idName
}

// Protocol returns the protocol the engine is driven in.
func (e *Engine) Protocol() Protocol { return e.s.proto }

// Pid returns the engine's process id.
func (e *Engine) Pid() int { return e.s.Pid() }

// Declares tells whether the engine declared the option (any case).
func (e *Engine) Declares(name string) bool {
	_, ok := e.s.declared[strings.ToLower(name)]
	return ok
}

// SetOption sends setoption in the engine's dialect (an empty value for a
// button).
func (e *Engine) SetOption(name, value string) error {
	return e.s.Send(SetoptionLine(e.s.proto, name, value))
}

// NewGame tells the engine that a new game starts (setoption newgame or
// ucinewgame).
func (e *Engine) NewGame() error { return e.s.Send(NewGameLine(e.s.proto)) }

// Position sends the position after moves, legal from startFEN: UCCI
// engines get the position after the last capture and the moves since,
// UCI engines the start and every move, in their convention's ranks.
func (e *Engine) Position(startFEN string, moves []engine.Move) error {
	pos, err := engine.NewPosition(startFEN)
	if err != nil {
		return err
	}
	all := make([]string, 0, len(moves))
	capFEN, since := pos.FEN(), 0
	for _, m := range moves {
		pos.PlayGameMove(m)
		all = append(all, m.String())
		if m.IsCapture() {
			capFEN, since = pos.FEN(), len(all)
		}
	}
	return e.s.Send(PositionLine(e.s.proto, startFEN, all, capFEN, all[since:]))
}

// GoClock starts a search for the side to move (red tells which) on its
// clock own and the opponent's clock opp; draw offers the engine a draw
// (UCCI go draw; UCI has none). capOnly says that the mover has only a
// per-move cap, no game clock.
func (e *Engine) GoClock(red, draw, capOnly bool, own, opp timeman.Report) error {
	a := GoArgs{Seconds: e.s.spec.Seconds, Draw: draw, Red: red, CapOnly: capOnly, Own: own, Opp: opp}
	return e.s.Send(GoLine(e.s.proto, a))
}

// GoInfinite starts a search that runs until Stop.
func (e *Engine) GoInfinite() error { return e.s.Send("go infinite") }

// SendReady sends isready; the engine answers readyok when it has read
// everything before it.
func (e *Engine) SendReady() error { return e.s.Send("isready") }

// Stop asks the engine to answer now.
func (e *Engine) Stop() error { return e.s.Send("stop") }

// ParseBestMove reads a bestmove or nobestmove line of this engine, with
// Move and Ponder in ICCS; ok is false for any other line.
func (e *Engine) ParseBestMove(text string) (bm BestMove, ok bool) {
	if bm, ok = ParseBestMove(text); !ok {
		return bm, false
	}
	if bm.Move != "" {
		bm.Move = MoveFromEngine(e.s.proto, bm.Move)
	}
	if bm.Ponder != "" {
		bm.Ponder = MoveFromEngine(e.s.proto, bm.Ponder)
	}
	return bm, true
}

// MoveFromEngine returns a move the engine wrote (in a pv, say) in ICCS.
func (e *Engine) MoveFromEngine(text string) string { return MoveFromEngine(e.s.proto, text) }

// Close sends quit, waits up to a second and kills the engine's process
// group. It is safe to call more than once.
func (e *Engine) Close() {
	e.once.Do(func() { close(e.done) })
	e.s.Close()
}

// GoDepth starts a search to a fixed depth.
func (e *Engine) GoDepth(depth int) error { return e.s.Send("go depth " + strconv.Itoa(depth)) }
