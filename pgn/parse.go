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
	vars   []varFrame // the variations open, innermost last
}

// maxVariationHistory bounds the plies from the start to a move of a
// variation, so that its moves, taken back when it closes, are never the
// ones the position drops from its history in a long game.
const maxVariationHistory = engine.MaxHistory - engine.MaxPly - 16

// maxVariationDepth is the deepest nesting of variations read; deeper ones
// are skipped, so that no reader of a game recurses without bound.
const maxVariationDepth = 32

// errVariationTooLong refuses a move of a variation beyond
// maxVariationHistory plies.
var errVariationTooLong = errors.New("variation too deep in the game")

// varFrame is an open variation: the line being read, the move it replaces
// (taken back from the position while the variation is read), how many of
// its moves are on the position, and whether a move of it could not be
// read (the rest of it is then skipped, the game kept).
type varFrame struct {
	line     *Line
	replaced engine.Move
	made     int
	bad      bool
}

// current returns the moves and variations of the line being read: the
// game's, or the innermost open variation's.
func (p *gameParser) current() (*[]engine.Move, *[][]Line) {
	if n := len(p.vars); n > 0 {
		l := p.vars[n-1].line
		return &l.Moves, &l.Variations
	}
	return &p.g.Moves, &p.g.Variations
}

// openVariation starts a variation: an alternative to the last move read
// of the current line, which is taken back. A variation with no move
// before it, inside a variation being skipped or nested deeper than
// maxVariationDepth is skipped whole.
func (p *gameParser) openVariation() {
	n := len(p.vars)
	if p.fail != nil || n > 0 && p.vars[n-1].bad || n >= maxVariationDepth {
		p.vars = append(p.vars, varFrame{bad: true})
		return
	}
	moves, vars := p.current()
	if len(*moves) == 0 {
		p.vars = append(p.vars, varFrame{bad: true})
		return
	}
	last := len(*moves) - 1
	replaced := (*moves)[last]
	p.r.pos.UnmakeMove(replaced)
	if n > 0 {
		p.vars[n-1].made--
	}
	for len(*vars) <= last {
		*vars = append(*vars, nil)
	}
	(*vars)[last] = append((*vars)[last], Line{})
	alts := (*vars)[last]
	p.vars = append(p.vars, varFrame{line: &alts[len(alts)-1], replaced: replaced})
}

// closeVariation ends the innermost variation: its moves are taken back
// and the move it replaced is played again; a variation without a legal
// move is dropped.
func (p *gameParser) closeVariation() {
	n := len(p.vars)
	if n == 0 {
		return
	}
	f := p.vars[n-1]
	p.vars = p.vars[:n-1]
	if f.line == nil {
		return
	}
	for i := len(f.line.Moves) - 1; i >= len(f.line.Moves)-f.made; i-- {
		p.r.pos.UnmakeMove(f.line.Moves[i])
	}
	p.r.pos.PlayGameMove(f.replaced)
	if n > 1 {
		p.vars[n-2].made++
	}
	if len(f.line.Moves) == 0 { // nothing legal read: dropped
		moves, vars := p.current()
		i := len(*moves) - 1
		(*vars)[i] = (*vars)[i][:len((*vars)[i])-1]
		if len((*vars)[i]) == 0 {
			(*vars)[i] = nil
		}
		for len(*vars) > 0 && (*vars)[len(*vars)-1] == nil {
			*vars = (*vars)[:len(*vars)-1]
		}
		if len(*vars) == 0 {
			*vars = nil
		}
	}
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
	switch tok {
	case "(":
		p.openVariation()
		return true
	case ")":
		p.closeVariation()
		return true
	}
	n := len(p.vars)
	if r, ok := resultToken(tok); ok {
		if n > 0 {
			return true // a result inside a variation ends nothing
		}
		p.result, p.done = r, true
		return false
	}
	if isMoveNumber(tok) || p.fail != nil || n > 0 && p.vars[n-1].bad {
		return true
	}
	m, err := parseToken(p.r.pos, tok)
	if n > 0 && err == nil && p.r.pos.HistoryLen() >= maxVariationHistory {
		err = errVariationTooLong
	}
	if err != nil {
		if n > 0 { // a bad variation loses its rest, not the game
			p.vars[n-1].bad = true
			return true
		}
		p.fail = &GameError{File: p.r.name, Game: p.r.games, Line: p.r.line,
			Move: moveNumber(p.r.pos), Token: tok, Err: err}
		return true
	}
	p.r.pos.PlayGameMove(m)
	moves, _ := p.current()
	*moves = append(*moves, m)
	if n > 0 {
		p.vars[n-1].made++
	}
	return true
}

// finish closes the variations left open, and sets the result: the
// [Result] tag when it holds one, else the termination marker, else "*";
// and the marker as read.
func (p *gameParser) finish() {
	for len(p.vars) > 0 { // variations left open at the end
		p.closeVariation()
	}
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
