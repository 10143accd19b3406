package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// maxHandshakeFailures withdraws an engine from the match when it fails its
// handshake this many times in a row: it is broken, not unlucky. Its
// remaining games are forfeited without starting it, and the event goes on.
const maxHandshakeFailures = 3

// shared is the state the workers share: the protocol each engine turned
// out to speak, its run of handshake failures and whether it was withdrawn.
type shared struct {
	mu        sync.Mutex
	proto     []engineproc.Protocol
	failures  []int
	withdrawn []bool
	log       *engineproc.TrafficLog
	onStart   func(pid int) // test hook: called with every engine pid
}

// isWithdrawn tells whether engine e was withdrawn.
func (sh *shared) isWithdrawn(e int) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.withdrawn[e]
}

// handshakesFailed tells whether engine e failed maxHandshakeFailures
// handshakes in a row (the runner withdrew it).
func (sh *shared) handshakesFailed(e int) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.failures[e] >= maxHandshakeFailures
}

// protocol returns the known protocol of engine e.
func (sh *shared) protocol(e int) engineproc.Protocol {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.proto[e]
}

// started records a successful handshake of engine e.
func (sh *shared) started(e int, s *session) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.proto[e] = s.Proto()
	sh.failures[e] = 0
	if sh.onStart != nil {
		sh.onStart(s.Pid())
	}
}

// failed counts a failed handshake of engine e and withdraws the engine
// when it has failed too often in a row.
func (sh *shared) failed(e int) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.failures[e]++
	if sh.failures[e] >= maxHandshakeFailures {
		sh.withdrawn[e] = true
	}
}

// worker plays games one after the other, keeping the engines of its last
// game running for the next one.
type worker struct {
	cfg      *Config
	sh       *shared
	sessions map[int]*session
}

// absence says why a side of a game has no engine: it failed its
// handshake, or it was withdrawn before the game (by the runner after
// failed handshakes, or by the event).
type absence uint8

const (
	present absence = iota
	notStarted
	withdrawnHandshakes
	withdrawnByEvent
)

// detail explains a game forfeited by the absence, after the side's name
// ("red engine did not start"): the runner writes it in
// [TerminationDetail], and a resume reads it back (absenceOf).
func (a absence) detail() string {
	switch a {
	case notStarted:
		return "engine did not start"
	case withdrawnHandshakes:
		return fmt.Sprintf("withdrawn after %d failed handshakes in a row", maxHandshakeFailures)
	case withdrawnByEvent:
		return "withdrawn from the event"
	}
	return ""
}

// absenceOf reads back the absence of the losing side from a recorded
// crash's detail (the side's name, then absence.detail): present when
// the detail is another crash's.
func absenceOf(t engine.Termination) (engine.Color, absence) {
	if t.Reason != engine.Crash {
		return engine.Red, present
	}
	for _, side := range []engine.Color{engine.Red, engine.Black} {
		if t.Outcome != engine.WinFor(side.Opponent()) {
			continue
		}
		for _, a := range []absence{notStarted, withdrawnHandshakes, withdrawnByEvent} {
			if t.Detail == side.String()+" "+a.detail() {
				return side, a
			}
		}
	}
	return engine.Red, present
}

// withdraw withdraws engine e (an event's decision): it forfeits its games
// from now on without being started.
func (sh *shared) withdraw(e int) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.withdrawn[e] = true
}

// sessionFor returns a ready session of engine e for a new game: the
// running one after a new-game sync, or a fresh one. A nil session with a
// nil error means the engine failed its handshake (it loses the game).
func (w *worker) sessionFor(ctx context.Context, e int, tag string) (*session, error) {
	if s := w.sessions[e]; s != nil {
		delete(w.sessions, e)
		if !s.broken && !w.cfg.Restart && s.Alive() {
			s.SetTag(tag)
			if err := s.newGame(ctx, w.cfg.HandshakeTimeout); err == nil {
				w.sessions[e] = s
				return s, nil
			}
		}
		s.Close()
	}
	opts := engineproc.SessionOptions{Timeout: w.cfg.HandshakeTimeout, QuitWait: w.cfg.QuitTimeout, Log: w.sh.log, Tag: tag}
	spec := &w.cfg.Engines[e]
	s, err := openSession(ctx, spec, w.sh.protocol(e), opts)
	if err != nil {
		var se *engineproc.StartError
		switch {
		case ctx.Err() != nil:
			return nil, errCancelled
		case errors.As(err, &se):
			return nil, err
		}
		w.sh.log.Note(tag, err.Error())
		w.sh.failed(e)
		return nil, nil
	}
	s.SetTag(tag)
	if err := s.newGame(ctx, w.cfg.HandshakeTimeout); err != nil {
		s.Close()
		if ctx.Err() != nil {
			return nil, errCancelled
		}
		w.sh.log.Note(tag, "new game: "+err.Error())
		w.sh.failed(e)
		return nil, nil
	}
	w.sh.started(e, s)
	w.sessions[e] = s
	return s, nil
}

// closeExcept closes the sessions of engines other than keep.
func (w *worker) closeExcept(keep ...int) {
	for e, s := range w.sessions {
		if e != keep[0] && e != keep[1] {
			s.Close()
			delete(w.sessions, e)
		}
	}
}

// closeBroken closes sessions left in an unknown state by the last game.
func (w *worker) closeBroken() {
	for e, s := range w.sessions {
		if s.broken {
			s.Close()
			delete(w.sessions, e)
		}
	}
}

// closeAll ends every engine of the worker.
func (w *worker) closeAll() {
	for e, s := range w.sessions {
		s.Close()
		delete(w.sessions, e)
	}
}

// errUnplayed is returned for a game between two withdrawn engines: it is
// neither played nor scored.
var errUnplayed = errors.New("both engines withdrawn")

// play plays the scheduled game j. A withdrawn engine forfeits it without
// being started.
func (w *worker) play(ctx context.Context, j job) (GameResult, error) {
	defer w.closeBroken()
	w.closeExcept(j.red, j.black)
	var players [2]*session
	var absent [2]absence
	engines := [2]int{j.red, j.black}
	if w.sh.isWithdrawn(j.red) && w.sh.isWithdrawn(j.black) {
		return GameResult{}, errUnplayed
	}
	for c, e := range engines {
		if w.sh.isWithdrawn(e) {
			absent[c] = withdrawnByEvent
			if w.sh.handshakesFailed(e) {
				absent[c] = withdrawnHandshakes
			}
			continue
		}
		tag := fmt.Sprintf("g%d %s %s", j.number, engine.Color(c), w.cfg.Engines[e].DisplayName())
		s, err := w.sessionFor(ctx, e, tag)
		if err != nil {
			return GameResult{}, err
		}
		if s == nil {
			absent[c] = notStarted
		}
		players[c] = s
	}
	cfg := w.cfg
	if j.cfg != nil {
		cfg = j.cfg
	}
	var watch *gameWatch
	if cfg.Watch != nil {
		watch = &gameWatch{w: cfg.Watch, number: j.number, red: j.red, black: j.black, opening: j.opening}
	}
	start := time.Now()
	gs, err := playGame(ctx, cfg, w.cfg.Openings[j.opening], players, absent, watch)
	if err != nil {
		return GameResult{}, err
	}
	g := GameResult{
		Number:       j.number,
		Pairing:      j.pairing,
		Opening:      j.opening,
		Red:          j.red,
		Black:        j.black,
		Termination:  gs.term,
		StartFEN:     gs.ref.StartFEN(),
		Moves:        append([]engine.Move(nil), gs.ref.Moves()...),
		Notes:        gs.notes,
		absent:       absent,
		Started:      start,
		Duration:     time.Since(start),
		PonderHits:   gs.ponderHits,
		PonderMisses: gs.ponderMisses,
	}
	for c := range 2 {
		g.Forfeit[c] = gs.term.Lost(engine.Color(c), engine.TimeForfeit)
		if !g.Forfeit[c] {
			g.Left[c] = gs.clocks[c].Remaining()
		}
	}
	return g, nil
}
