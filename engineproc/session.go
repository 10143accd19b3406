package engineproc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors of the handshake.
var (
	// ErrNoAnswer is returned when the engine does not answer in time.
	ErrNoAnswer = errors.New("no answer in time")
	errNotUCCI  = errors.New("engine does not speak UCCI")
	// ErrCancelled is returned when the context ends during a wait.
	ErrCancelled = errors.New("match cancelled")
)

// StartError wraps a failure to launch the executable at all: a
// configuration error that stops a match rather than losing a game.
type StartError struct{ err error }

func (e *StartError) Error() string { return e.err.Error() }
func (e *StartError) Unwrap() error { return e.err }

// Session is an engine process that has completed the handshake. Its
// methods are for one goroutine at a time.
type Session struct {
	*process
	spec     *EngineSpec
	proto    Protocol
	idName   string            // from "id name"
	declared map[string]string // option names the engine declared, lowercase, with their defaults
	timeout  time.Duration     // bound on the isready/readyok sync
	quitWait time.Duration     // how long close waits for the exit after quit
}

// SessionOptions are the settings of an engine session.
type SessionOptions struct {
	Timeout  time.Duration // handshake, isready and new-game answers
	QuitWait time.Duration // wait for the exit after quit before killing
	Log      *TrafficLog   // nil: no log
	Tag      string        // log label, the spec's name when empty
}

// OpenSession starts the engine and runs the handshake: the hello command
// (trying UCCI, then UCI when proto is ProtoAuto, which also tells the two
// UCI conventions apart by the engine's UCI_Variant), the engine's options and
// an isready/readyok sync. Every wait is bounded by o.Timeout.
func OpenSession(ctx context.Context, spec *EngineSpec, proto Protocol, o SessionOptions) (*Session, error) {
	timeout, log := o.Timeout, o.Log
	p, err := startProcess(ctx, spec, log)
	if err != nil {
		return nil, &StartError{err}
	}
	if o.Tag != "" {
		p.SetTag(o.Tag)
	}
	s := &Session{process: p, spec: spec, declared: map[string]string{}, timeout: o.Timeout, quitWait: o.QuitWait}
	switch proto {
	case ProtoAuto:
		s.proto, err = s.hello(ctx, "ucci", timeout, true)
		switch {
		case errors.Is(err, ErrEngineGone):
			// Engines such as ElephantEye exit on an unknown first command.
			p.close("", 0)
			if p, err = startProcess(ctx, spec, log); err != nil {
				return nil, &StartError{err}
			}
			if o.Tag != "" {
				p.SetTag(o.Tag)
			}
			s.process = p
			fallthrough
		case errors.Is(err, errNotUCCI) || errors.Is(err, ErrNoAnswer):
			s.proto, err = s.hello(ctx, "uci", timeout, false)
			if v, ok := s.declared["uci_variant"]; ok && err == nil && !strings.EqualFold(v, "xiangqi") {
				// A multi-variant engine: Fairy-Stockfish's convention.
				s.proto = ProtoUCIFSF
			}
		}
	case ProtoUCCI:
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
		s.Close()
		return nil, fmt.Errorf("%s: handshake: %w", spec.DisplayName(), err)
	}
	return s, nil
}

// hello sends ucci or uci and reads the id and option lines up to ucciok or
// uciok. When probing (auto detection with ucci), an "unknown command"
// complaint ends the wait early with errNotUCCI.
func (s *Session) hello(ctx context.Context, cmd string, timeout time.Duration, probing bool) (Protocol, error) {
	if err := s.Send(cmd); err != nil {
		return ProtoAuto, err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return ProtoAuto, ErrEngineGone
			}
			text := strings.TrimSpace(l.Text)
			switch {
			case text == "ucciok":
				return ProtoUCCI, nil
			case text == "uciok":
				return ProtoUCI, nil
			case strings.HasPrefix(text, "id name "):
				s.idName = strings.TrimSpace(text[len("id name "):])
			case strings.HasPrefix(text, "option "):
				if name, def := optionNameDefault(text); name != "" {
					s.declared[strings.ToLower(name)] = def
				}
			case probing && !strings.HasPrefix(text, "id ") && strings.Contains(strings.ToLower(text), "unknown"):
				return ProtoAuto, errNotUCCI
			}
		case <-t.C:
			return ProtoAuto, fmt.Errorf("%w (%s)", ErrNoAnswer, cmd)
		case <-ctx.Done():
			return ProtoAuto, ErrCancelled
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
func (s *Session) setup(ctx context.Context, timeout time.Duration) error {
	var lines []string
	if _, ok := s.declared["usemillisec"]; ok && s.proto == ProtoUCCI {
		lines = append(lines, SetoptionLine(s.proto, "usemillisec", fmt.Sprint(!s.spec.Seconds)))
	}
	if s.proto == ProtoUCIFSF && !s.specSets("uci_variant") {
		lines = append(lines, SetoptionLine(s.proto, "UCI_Variant", "xiangqi"))
	}
	if _, ok := s.declared["ponder"]; ok && s.spec.Ponder && !s.specSets("ponder") {
		name := "ponder"
		if s.proto.IsUCI() {
			name = "Ponder"
		}
		lines = append(lines, SetoptionLine(s.proto, name, "true"))
	}
	for _, o := range s.spec.Options {
		lines = append(lines, SetoptionLine(s.proto, o.Name, o.Value))
	}
	for _, l := range lines {
		if err := s.Send(l); err != nil {
			return err
		}
	}
	return s.Sync(ctx, timeout)
}

// specSets tells whether the spec sets the option (lowercase name).
func (s *Session) specSets(name string) bool {
	for _, o := range s.spec.Options {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

// Sync sends isready and waits for readyok, discarding other output.
func (s *Session) Sync(ctx context.Context, timeout time.Duration) error {
	if err := s.Send("isready"); err != nil {
		return err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return ErrEngineGone
			}
			if strings.TrimSpace(l.Text) == "readyok" {
				return nil
			}
		case <-t.C:
			return fmt.Errorf("%w (isready)", ErrNoAnswer)
		case <-ctx.Done():
			return ErrCancelled
		}
	}
}

// NewGame tells the engine a new game starts (setoption newgame or
// ucinewgame), after discarding the output nobody waited for, and syncs.
func (s *Session) NewGame(ctx context.Context, timeout time.Duration) error {
	if !s.Drain() {
		return ErrEngineGone
	}
	if err := s.Send(NewGameLine(s.proto)); err != nil {
		return err
	}
	return s.Sync(ctx, timeout)
}

// Close sends quit, waits up to the session's QuitWait for the exit and
// kills the engine's process group. It is safe to call more than once.
func (s *Session) Close() { s.process.close("quit", s.quitWait) }

// Spec returns the spec the engine was started from.
func (s *Session) Spec() *EngineSpec { return s.spec }

// Proto returns the protocol the engine is driven in.
func (s *Session) Proto() Protocol { return s.proto }

// Timeout returns the session's bound on an isready/readyok sync.
func (s *Session) Timeout() time.Duration { return s.timeout }
