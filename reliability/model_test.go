package reliability

import (
	"strings"

	"github.com/goxq/ucci/engine"
)

// This file models what the engine does with the commands of the stress
// test, as far as the answers depend on it: which position a go searches
// (position, bare fen/startpos, applied up to the first illegal move; an
// unusable FEN leaves none), which moves are banned there, and which go
// lines are answered at all.

// model is the engine's position state as the commands leave it; commands
// are handled in the order they are sent, queued or not, so the state at
// the time a go is sent is the state it will be searched in.
type model struct {
	pos  *engine.Position // nil when the last position was unusable
	bans []engine.Move
}

// newModel returns the state of a fresh engine: the start position.
func newModel() *model { return &model{pos: engine.StartPosition()} }

// commandWord returns the first token of a line, lowercased.
func commandWord(line string) string {
	f := strings.Fields(line)
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(f[0])
}

// apply updates the model for a command line.
func (m *model) apply(line string) {
	tok := strings.Fields(line)
	switch commandWord(line) {
	case "position":
		m.pos, m.bans = modelPosition(tok[1:]), nil
	case "fen", "startpos":
		m.pos, m.bans = modelPosition(tok), nil
	case "banmoves":
		m.bans = nil
		if m.pos == nil {
			return
		}
		for _, s := range tok[1:] {
			if mv, err := m.pos.ParseMove(s); err == nil {
				m.bans = append(m.bans, mv)
			}
		}
	}
}

// modelPosition reads "startpos|fen FEN... [moves ...]" as the README
// describes it: the moves are played up to the first one that is illegal.
func modelPosition(tok []string) *engine.Position {
	if len(tok) == 0 {
		return nil
	}
	var fen string
	i := 1
	switch strings.ToLower(tok[0]) {
	case "startpos":
		fen = engine.StartFEN
	case "fen":
		for i < len(tok) && !strings.EqualFold(tok[i], "moves") {
			i++
		}
		fen = strings.Join(tok[1:i], " ")
	default:
		return nil
	}
	pos, err := engine.NewPosition(fen)
	if err != nil {
		return nil
	}
	for i < len(tok) && !strings.EqualFold(tok[i], "moves") {
		i++
	}
	if i < len(tok) {
		for _, s := range tok[i+1:] {
			mv, err := pos.ParseMove(s)
			if err != nil {
				break
			}
			pos.PlayGameMove(mv)
		}
	}
	return pos
}

// goSpec is what a go line must be answered with.
type goSpec struct {
	line        string
	answered    bool             // false for go perft: no bestmove
	depthZero   bool             // UCCI go depth 0: static evaluation, nobestmove
	pos         *engine.Position // nil: no usable position, nobestmove
	bans        []engine.Move
	searchMoves []engine.Move
}

// goExpectation returns the spec of a go line in the model's state. The
// stress test writes go lines whose limits it knows: perft only as
// "go perft N" with N ≥ 1, depth 0 only as "go depth 0".
func (m *model) goExpectation(line string) goSpec {
	tok := strings.Fields(line)
	g := goSpec{line: line, answered: true, pos: m.pos, bans: m.bans}
	for i := 1; i < len(tok); i++ {
		switch strings.ToLower(tok[i]) {
		case "perft":
			g.answered = false
		case "depth":
			g.depthZero = g.depthZero || i+1 < len(tok) && tok[i+1] == "0"
		case "searchmoves":
			if m.pos != nil {
				for _, s := range tok[i+1:] {
					if mv, err := m.pos.ParseMove(s); err == nil {
						g.searchMoves = append(g.searchMoves, mv)
					}
				}
			}
			i = len(tok)
		}
	}
	return g
}

// check returns what is wrong with answer as the answer to g, "" if
// nothing: a move where none can be given, no move where one must be, an
// illegal or banned move, a move outside searchmoves, an illegal ponder
// move.
func (g goSpec) check(answer string) string {
	f := strings.Fields(answer)
	noMove := answer == "nobestmove"
	var legal engine.MoveList
	if g.pos != nil {
		g.pos.GenerateLegalMoves(&legal)
	}
	switch {
	case g.pos == nil || g.depthZero:
		if !noMove {
			return "want nobestmove"
		}
		return ""
	case legal.Count == 0:
		if !noMove {
			return "a move in a position without legal moves"
		}
		return ""
	case noMove:
		if allBanned(legal.Slice(), g.bans) {
			return ""
		}
		return "nobestmove in a position with legal moves"
	case len(f) < 2 || f[0] != "bestmove":
		return "malformed answer"
	}
	mv, err := g.pos.ParseMove(f[1])
	if err != nil || !legal.Contains(mv) {
		return "illegal move " + f[1]
	}
	if containsMove(g.bans, mv) && !allBanned(legal.Slice(), g.bans) {
		return "banned move " + f[1]
	}
	if len(g.searchMoves) > 0 && !containsMove(g.searchMoves, mv) {
		return "move " + f[1] + " outside searchmoves"
	}
	for i := 2; i+1 < len(f); i++ {
		if f[i] != "ponder" {
			continue
		}
		after := *g.pos
		after.PlayGameMove(mv)
		if pm, err := after.ParseMove(f[i+1]); err != nil || !after.IsPseudoLegal(pm) || !after.IsLegal(pm) {
			return "illegal ponder move " + f[i+1]
		}
	}
	return ""
}

func containsMove(list []engine.Move, m engine.Move) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

// allBanned tells whether every legal move is banned.
func allBanned(legal, bans []engine.Move) bool {
	for _, m := range legal {
		if !containsMove(bans, m) {
			return false
		}
	}
	return true
}

// echoText is how the engine's debug option echoes an input line: trailing
// CR/LF removed, cut at 200 bytes, non-printable bytes as '?'.
func echoText(line string) string {
	line = strings.TrimRight(line, "\r\n")
	if len(line) > 200 {
		line = line[:200] + "..."
	}
	return strings.Map(func(r rune) rune {
		if r < 32 || r > 126 {
			return '?'
		}
		return r
	}, line)
}
