package engineproc

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Protocol is the dialect an engine speaks.
type Protocol uint8

// The protocols. ProtoAuto tries UCCI first, then UCI: an engine that
// declares UCI_Variant with a default other than xiangqi is driven as
// ProtoUCIFSF, any other as ProtoUCI.
//
// ProtoUCI is the convention of Pikafish-style GUIs: "uci", ranks 0-9
// (h2e2), UCI_Variant never set. ProtoUCIFSF is Fairy-Stockfish's generic
// UCI: "uci", then "setoption name UCI_Variant value xiangqi", and ranks
// 1-10 in both directions (h3e3, h10g8).
const (
	ProtoAuto Protocol = iota
	ProtoUCCI
	ProtoUCI
	ProtoUCIFSF
)

// String returns "auto", "ucci", "uci" or "uci-fsf".
func (p Protocol) String() string {
	switch p {
	case ProtoUCCI:
		return "ucci"
	case ProtoUCI:
		return "uci"
	case ProtoUCIFSF:
		return "uci-fsf"
	}
	return "auto"
}

// IsUCI tells whether p is one of the UCI conventions.
func (p Protocol) IsUCI() bool { return p == ProtoUCI || p == ProtoUCIFSF }

// ParseProtocol reads "auto", "ucci", "uci" or "uci-fsf" (case-insensitive).
func ParseProtocol(s string) (Protocol, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return ProtoAuto, nil
	case "ucci":
		return ProtoUCCI, nil
	case "uci":
		return ProtoUCI, nil
	case "uci-fsf":
		return ProtoUCIFSF, nil
	}
	return ProtoAuto, fmt.Errorf("unknown protocol %q (want ucci, uci, uci-fsf or auto)", s)
}

// Option is an engine option set after the handshake.
type Option struct {
	Name  string
	Value string // empty for a button
}

// EngineSpec describes how to start and set up one engine.
type EngineSpec struct {
	// Name labels the engine in PGN and reports; empty means the base name
	// of Cmd.
	Name string
	// Cmd is the executable.
	Cmd string
	// Args are passed to the executable.
	Args []string
	// Dir is the working directory; empty means the runner's.
	Dir string
	// Proto is the protocol and its convention; ProtoAuto detects it.
	Proto Protocol
	// Options are sent in order after the handshake, in the engine's
	// dialect (setoption NAME VALUE or setoption name NAME value VALUE).
	Options []Option
	// Seconds makes the runner send UCCI clock figures in whole seconds
	// instead of milliseconds (for engines that predate usemillisec).
	Seconds bool
	// Ponder lets the engine think on the opponent's time, as GUIs do:
	// after its move it is sent the position with its predicted reply
	// and "go ponder", then "ponderhit" when the opponent plays that move
	// or "stop" (the answer is discarded) and the real position on a miss.
	// Engines that declare a ponder option are told "ponder true".
	Ponder bool
}

// DisplayName returns Name, or the base name of Cmd when Name is empty.
func (s EngineSpec) DisplayName() string {
	if s.Name != "" {
		return s.Name
	}
	return filepath.Base(s.Cmd)
}

// ParseEngineSpec reads an engine description: either a bare path, or
// space-separated KEY=VALUE fields
//
//	cmd=PATH [name=NAME] [proto=ucci|uci|uci-fsf|auto] [dir=DIR] [arg=ARG ...]
//	[option.NAME=VALUE ...] [units=ms|s] [ponder=true|false]
//
// Values may be quoted with single or double quotes to hold spaces, e.g.
// option.bookfiles="/my books/a.xqb".
func ParseEngineSpec(text string) (EngineSpec, error) {
	fields, err := splitFields(text)
	if err != nil {
		return EngineSpec{}, err
	}
	if len(fields) == 0 {
		return EngineSpec{}, errors.New("empty engine spec")
	}
	if len(fields) == 1 && !strings.Contains(fields[0], "=") {
		if fields[0] == "" {
			return EngineSpec{}, errors.New("empty engine command")
		}
		return EngineSpec{Cmd: fields[0]}, nil
	}
	var s EngineSpec
	for _, f := range fields {
		key, value, ok := strings.Cut(f, "=")
		if !ok {
			return EngineSpec{}, fmt.Errorf("engine spec field %q is not KEY=VALUE", f)
		}
		switch lk := strings.ToLower(key); {
		case lk == "cmd":
			s.Cmd = value
		case lk == "name":
			s.Name = value
		case lk == "dir":
			s.Dir = value
		case lk == "arg":
			s.Args = append(s.Args, value)
		case lk == "proto":
			if s.Proto, err = ParseProtocol(value); err != nil {
				return EngineSpec{}, err
			}
		case lk == "units":
			switch strings.ToLower(value) {
			case "ms":
				s.Seconds = false
			case "s":
				s.Seconds = true
			default:
				return EngineSpec{}, fmt.Errorf("units %q: want ms or s", value)
			}
		case lk == "ponder":
			if s.Ponder, err = strconv.ParseBool(value); err != nil {
				return EngineSpec{}, fmt.Errorf("ponder %q: want true or false", value)
			}
		case strings.HasPrefix(lk, "option."):
			name := key[len("option."):]
			if name == "" || strings.ContainsAny(name, " \t") {
				return EngineSpec{}, fmt.Errorf("bad option name in %q", f)
			}
			s.Options = append(s.Options, Option{Name: name, Value: value})
		default:
			return EngineSpec{}, fmt.Errorf("unknown engine spec key %q", key)
		}
	}
	if s.Cmd == "" {
		return EngineSpec{}, errors.New("engine spec without cmd=")
	}
	return s, nil
}

// splitFields splits on white space outside quotes and removes the quotes.
func splitFields(text string) ([]string, error) {
	var fields []string
	var cur strings.Builder
	inField := false
	var quote rune
	for _, r := range text {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote = r
			inField = true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inField {
				fields = append(fields, cur.String())
				cur.Reset()
				inField = false
			}
		default:
			cur.WriteRune(r)
			inField = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unbalanced quote in %q", text)
	}
	if inField {
		fields = append(fields, cur.String())
	}
	return fields, nil
}
