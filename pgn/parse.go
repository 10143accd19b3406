package pgn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// gameParser turns the movetext of one game into moves.
type gameParser struct {
	r      *Reader
	g      *Game
	lx     lexer
	fail   *GameError // first problem; later tokens are only scanned
	result string     // the termination marker, "" until seen
	done   bool
}

// start sets up the start position from the [FEN] tag, read on fenLine.
func (p *gameParser) start(fenLine int) {
	fen := p.g.Tag("FEN")
	p.g.FEN = fen
	if fen == "" {
		fen = engine.StartFEN
	}
	if err := p.r.pos.SetFEN(fen); err != nil {
		p.fail = &GameError{File: p.r.name, Game: p.r.games, Line: fenLine, Token: fen,
			Err: fmt.Errorf("%w: %w", ErrFEN, err)}
	}
}

// feed reads the tokens of one movetext line.
func (p *gameParser) feed(line string) {
	p.lx.tokens(line, p.token, p.comment)
}

// comment attaches a comment to the last move read; comments before the
// first move and after a failure are dropped, and several after one move
// are joined with a space.
func (p *gameParser) comment(text string) {
	n := len(p.g.Moves)
	if n == 0 || p.fail != nil || p.done || text == "" {
		return
	}
	for len(p.g.Comments) < n {
		p.g.Comments = append(p.g.Comments, "")
	}
	if c := &p.g.Comments[n-1]; *c == "" {
		*c = text
	} else {
		*c += " " + text
	}
}

// token handles one movetext token; it returns false at the game's end.
func (p *gameParser) token(tok string) bool {
	if r, ok := resultToken(tok); ok {
		p.result, p.done = r, true
		return false
	}
	if isMoveNumber(tok) || p.fail != nil {
		return true
	}
	m, err := parseToken(p.r.pos, tok)
	if err != nil {
		p.fail = &GameError{File: p.r.name, Game: p.r.games, Line: p.r.line,
			Move: moveNumber(p.r.pos), Token: tok, Err: err}
		return true
	}
	p.r.pos.PlayGameMove(m)
	p.g.Moves = append(p.g.Moves, m)
	return true
}

// finish sets the result: the [Result] tag when it holds one, else the
// termination marker, else "*"; and the marker as read.
func (p *gameParser) finish() {
	p.g.Marker = p.result
	if r, ok := resultToken(p.g.Tag("Result")); ok {
		p.g.Result = r
	} else if p.result != "" {
		p.g.Result = p.result
	} else {
		p.g.Result = "*"
	}
}

// parseToken reads a move that may carry its move number ("1.h2e2",
// "12...马8进7"). A WXF move such as "33.4" looks like a number prefix, so
// the whole token is tried when the rest is no move.
func parseToken(pos *engine.Position, tok string) (engine.Move, error) {
	if rest, ok := cutMoveNumber(tok); ok {
		m, err := ParseMove(pos, rest)
		if !errors.Is(err, ErrNotation) {
			return m, err
		}
		if m2, err2 := ParseMove(pos, tok); err2 == nil {
			return m2, nil
		}
		return m, err
	}
	return ParseMove(pos, tok)
}

// cutMoveNumber strips a leading "12." or "12..." when text follows it.
func cutMoveNumber(tok string) (string, bool) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	j := i
	for j < len(tok) && tok[j] == '.' {
		j++
	}
	if i == 0 || j == i || j == len(tok) {
		return tok, false
	}
	return tok[j:], true
}

// isMoveNumber tells whether tok is only a move number ("1.", "1...") or
// an ellipsis ("...", "…").
func isMoveNumber(tok string) bool {
	t := strings.TrimLeft(tok, "0123456789")
	if t == "" {
		return false
	}
	return strings.Trim(t, ".…") == ""
}

// resultToken recognises a game termination marker and normalises it.
func resultToken(tok string) (string, bool) {
	switch tok {
	case "1-0", "0-1", "*":
		return tok, true
	case "1/2-1/2", "½-½":
		return "1/2-1/2", true
	}
	return "", false
}

// moveNumber formats the PGN move number of the side to move: "12." or "12...".
func moveNumber(pos *engine.Position) string {
	n := strconv.Itoa(pos.Fullmove())
	if pos.SideToMove() == engine.Black {
		return n + "..."
	}
	return n + "."
}
