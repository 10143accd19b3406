package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/goxq/ucci/engineproc"
)

// Errors of the handshake.
var (
	errNoAnswer  = errors.New("no answer in time")
	errNotUCCI   = errors.New("engine does not speak UCCI")
	errCancelled = errors.New("match cancelled")
)

// startError wraps a failure to launch the executable at all: a
// configuration error that stops the match rather than losing a game.
type startError struct{ err error }

func (e *startError) Error() string { return e.err.Error() }
func (e *startError) Unwrap() error { return e.err }

// session is an engine process that has completed the handshake.
type session struct {
	*process
	spec     *engineproc.EngineSpec
	proto    engineproc.Protocol
	idName   string            // from "id name"
	declared map[string]string // option names the engine declared, lowercase, with their defaults
	broken   bool              // left in an unknown state: close, do not reuse
	stopped  bool              // stop was sent during the last search
	ponder   *ponderState      // the ponder search running, nil when none
	timeout  time.Duration     // bound on the isready/readyok sync
	quitWait time.Duration     // how long close waits for the exit after quit
	onInfo   func(text string) // sees the info lines of a search (Config.Watch), nil: none
}

// sessionOptions are the runner's settings for engine sessions.
type sessionOptions struct {
	timeout  time.Duration // handshake, isready and new-game answers
	quitWait time.Duration // wait for the exit after quit before killing
	log      *trafficLog
	tag      string // log label
}

// openSession starts the engine and runs the handshake: the hello command
// (trying UCCI, then UCI when proto is ProtoAuto, which also tells the two
// UCI conventions apart by the engine's UCI_Variant), the engine's options and
// an isready/readyok sync. Every wait is bounded by o.timeout.
func openSession(ctx context.Context, spec *engineproc.EngineSpec, proto engineproc.Protocol, o sessionOptions) (*session, error) {
	timeout, log := o.timeout, o.log
	p, err := startProcess(ctx, spec, log)
	if err != nil {
		return nil, &startError{err}
	}
	if o.tag != "" {
		p.setTag(o.tag)
	}
	s := &session{process: p, spec: spec, declared: map[string]string{}, timeout: o.timeout, quitWait: o.quitWait}
	switch proto {
	case engineproc.ProtoAuto:
		s.proto, err = s.hello(ctx, "ucci", timeout, true)
		switch {
		case errors.Is(err, errEngineGone):
			// Engines such as ElephantEye exit on an unknown first command.
			p.close("", 0)
			if p, err = startProcess(ctx, spec, log); err != nil {
				return nil, &startError{err}
			}
			if o.tag != "" {
				p.setTag(o.tag)
			}
			s.process = p
			fallthrough
		case errors.Is(err, errNotUCCI) || errors.Is(err, errNoAnswer):
			s.proto, err = s.hello(ctx, "uci", timeout, false)
			if v, ok := s.declared["uci_variant"]; ok && err == nil && !strings.EqualFold(v, "xiangqi") {
				// A multi-variant engine: Fairy-Stockfish's convention.
				s.proto = engineproc.ProtoUCIFSF
			}
		}
	case engineproc.ProtoUCCI:
		s.proto, err = s.hello(ctx, "ucci", timeout, false)
	default:
		if _, err = s.hello(ctx, "uci", timeout, false); err == nil {
			s.proto = proto
		}
	}
	if err == nil {
		err = s.setup(ctx, timeout)
	}
	if err != nil {
		s.close()
		return nil, fmt.Errorf("%s: handshake: %w", spec.DisplayName(), err)
	}
	return s, nil
}

// hello sends ucci or uci and reads the id and option lines up to ucciok or
// uciok. When probing (auto detection with ucci), an "unknown command"
// complaint ends the wait early with errNotUCCI.
func (s *session) hello(ctx context.Context, cmd string, timeout time.Duration, probing bool) (engineproc.Protocol, error) {
	if err := s.send(cmd); err != nil {
		return engineproc.ProtoAuto, err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return engineproc.ProtoAuto, errEngineGone
			}
			text := strings.TrimSpace(l.text)
			switch {
			case text == "ucciok":
				return engineproc.ProtoUCCI, nil
			case text == "uciok":
				return engineproc.ProtoUCI, nil
			case strings.HasPrefix(text, "id name "):
				s.idName = strings.TrimSpace(text[len("id name "):])
			case strings.HasPrefix(text, "option "):
				if name, def := optionNameDefault(text); name != "" {
					s.declared[strings.ToLower(name)] = def
				}
			case probing && !strings.HasPrefix(text, "id ") && strings.Contains(strings.ToLower(text), "unknown"):
				return engineproc.ProtoAuto, errNotUCCI
			}
		case <-t.C:
			return engineproc.ProtoAuto, fmt.Errorf("%w (%s)", errNoAnswer, cmd)
		case <-ctx.Done():
			return engineproc.ProtoAuto, errCancelled
		}
	}
}

// optionNameDefault returns the name and the default value (its first word)
// in a UCCI ("option NAME type ... default D") or UCI ("option name NAME
// WITH SPACES type ... default D") option line.
func optionNameDefault(text string) (name, def string) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return "", ""
	}
	rest := f[2:]
	if f[1] != "name" {
		name = f[1]
	} else {
		var parts []string
		for len(rest) > 0 && rest[0] != "type" {
			parts = append(parts, rest[0])
			rest = rest[1:]
		}
		name = strings.Join(parts, " ")
	}
	for i, w := range rest {
		if w == "default" && i+1 < len(rest) {
			def = rest[i+1]
			break
		}
	}
	return name, def
}

// setup sends the options and waits for readyok. UCCI engines that declare
// usemillisec are switched to milliseconds (or told false when the spec
// asks for seconds); engines driven in Fairy-Stockfish's convention are set
// to xiangqi (UCI_Variant) unless the spec sets it, Pikafish-style UCI
// engines never are (some then switch to ranks 1-10); engines that ponder
// and declare a ponder option are told that they may.
func (s *session) setup(ctx context.Context, timeout time.Duration) error {
	var lines []string
	if _, ok := s.declared["usemillisec"]; ok && s.proto == engineproc.ProtoUCCI {
		lines = append(lines, setoptionLine(s.proto, "usemillisec", fmt.Sprint(!s.spec.Seconds)))
	}
	if s.proto == engineproc.ProtoUCIFSF && !s.specSets("uci_variant") {
		lines = append(lines, setoptionLine(s.proto, "UCI_Variant", "xiangqi"))
	}
	if _, ok := s.declared["ponder"]; ok && s.spec.Ponder && !s.specSets("ponder") {
		name := "ponder"
		if s.proto.IsUCI() {
			name = "Ponder"
		}
		lines = append(lines, setoptionLine(s.proto, name, "true"))
	}
	for _, o := range s.spec.Options {
		lines = append(lines, setoptionLine(s.proto, o.Name, o.Value))
	}
	for _, l := range lines {
		if err := s.send(l); err != nil {
			return err
		}
	}
	return s.sync(ctx, timeout)
}

// specSets tells whether the spec sets the option (lowercase name).
func (s *session) specSets(name string) bool {
	for _, o := range s.spec.Options {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

// sync sends isready and waits for readyok, discarding other output.
func (s *session) sync(ctx context.Context, timeout time.Duration) error {
	if err := s.send("isready"); err != nil {
		return err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return errEngineGone
			}
			if strings.TrimSpace(l.text) == "readyok" {
				return nil
			}
		case <-t.C:
			return fmt.Errorf("%w (isready)", errNoAnswer)
		case <-ctx.Done():
			return errCancelled
		}
	}
}

// newGame tells the engine a new game starts and syncs.
func (s *session) newGame(ctx context.Context, timeout time.Duration) error {
	s.stopped, s.ponder = false, nil
	if !s.drain() {
		return errEngineGone
	}
	if err := s.send(newGameLine(s.proto)); err != nil {
		return err
	}
	return s.sync(ctx, timeout)
}

// close sends quit, waits briefly and kills the engine's process group.
func (s *session) close() { s.process.close("quit", s.quitWait) }
