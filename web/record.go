package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goxq/ucci/engine"

	"github.com/goxq/ucci/pgn"
)

// moveText is one move of the record in the three notations.
type moveText struct {
	ICCS    string `json:"iccs"`    // h2e2
	WXF     string `json:"wxf"`     // C2.5
	Chinese string `json:"chinese"` // 炮二平五
}

// record is the game on the board: a start position, a tree of moves
// (the main line and its variations) and the line shown, a path from the
// start along which the cursor, the ply shown (0 = the start), moves. The
// referee is kept at the cursor. A game that ended off the board
// (resignation, time, agreement, an illegal engine move) keeps that
// verdict in end, which holds at the node endAt only.
type record struct {
	startFEN string
	rules    engine.RuleSet
	root     *node
	line     []*node // the line shown: line[0] is the root, line[i] after i moves
	cursor   int
	game     *engine.Game // the referee at the cursor
	end      engine.Termination
	endAt    *node
	detail   string    // for end: what happened (the illegal move, the engine's failure)
	version  int       // changes whenever the moves or the cursor change
	lastID   int       // the last node id given
	tags     []pgn.Tag // an imported game's headers, nil for a game of the board
}

// evalPoint is a score from Red's view at one ply, set when known.
type evalPoint struct {
	Score int  `json:"s"`
	Known bool `json:"k"`
}

// newRecord starts an empty record at fen under rules.
func newRecord(fen string, rules engine.RuleSet) (*record, error) {
	g, err := engine.NewGame(fen, rules)
	if err != nil {
		return nil, err
	}
	root := &node{}
	return &record{startFEN: g.StartFEN(), rules: rules, game: g, root: root, line: []*node{root}}, nil
}

// position returns the position at the cursor (the referee's own: read it
// only).
func (r *record) position() *engine.Position { return r.game.Position() }

// plies returns the number of moves of the line shown.
func (r *record) plies() int { return len(r.line) - 1 }

// at returns the node at the cursor.
func (r *record) at() *node { return r.line[r.cursor] }

// moves returns the first n moves of the line shown.
func (r *record) moves(n int) []engine.Move {
	out := make([]engine.Move, 0, n)
	for _, nd := range r.line[1 : n+1] {
		out = append(out, nd.move)
	}
	return out
}

// atEnd tells whether the cursor is at the end of the line.
func (r *record) atEnd() bool { return r.cursor == r.plies() }

// verdict returns the result at the cursor.
func (r *record) verdict() engine.Termination {
	if r.end.Over() && r.at() == r.endAt {
		return r.end
	}
	return r.game.Verdict().Termination()
}

// setEnd records a verdict from off the board at the cursor.
func (r *record) setEnd(v engine.Termination, detail string) {
	r.end, r.endAt, r.detail = v, r.at(), detail
	r.version++
}

// seek moves the cursor to ply (clamped to the line), replaying the
// referee from the start.
func (r *record) seek(ply int) {
	ply = max(0, min(ply, r.plies()))
	g, err := engine.NewGame(r.startFEN, r.rules)
	if err != nil {
		return // startFEN was accepted when the record was made
	}
	for _, nd := range r.line[1 : ply+1] {
		if _, err := g.Play(nd.move); err != nil {
			break
		}
	}
	r.game, r.cursor = g, ply
	r.version++
}

// show makes the line shown the path from the start to n followed by the
// first children below it, the cursor at n.
func (r *record) show(n *node) {
	var path []*node
	for p := n; p != nil; p = p.parent {
		path = append(path, p)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	for k := firstKid(n); k != nil; k = firstKid(k) {
		path = append(path, k)
	}
	r.line = path
	r.seek(n.depth())
}

// play plays m at the cursor: it follows the line when m is its next move,
// goes into the variation that starts with m when there is one, and
// otherwise adds m: as the line's next move at the end of a line, else as
// a new variation, the rest of the line kept.
func (r *record) play(m engine.Move) error {
	pos := r.position()
	text := moveText{
		ICCS:    m.String(),
		WXF:     pgn.FormatMove(pos, m, pgn.WXF),
		Chinese: pgn.FormatMove(pos, m, pgn.Chinese),
	}
	if _, err := r.game.Play(m); err != nil {
		return err
	}
	r.version++
	cur := r.at()
	if r.cursor < r.plies() && r.line[r.cursor+1].move == m {
		r.cursor++
		return nil
	}
	next := cur.kid(m)
	if next == nil {
		r.lastID++
		next = &node{id: r.lastID, move: m, text: text, parent: cur}
		cur.kids = append(cur.kids, next)
	}
	r.line = append(r.line[:r.cursor+1], next)
	for k := firstKid(next); k != nil; k = firstKid(k) {
		r.line = append(r.line, k)
	}
	r.cursor++
	return nil
}

// truncate deletes the moves of the line after its first n (with the
// variations below them: a take back), puts the cursor at the end and
// forgets any verdict from off the board there.
func (r *record) truncate(n int) {
	n = max(0, min(n, r.plies()))
	if n < r.plies() {
		cut := r.line[n+1]
		cut.remove()
		if r.endAt != nil && r.endAt.within(cut) {
			r.endAt = nil
		}
	}
	r.line = r.line[:n+1]
	if r.endAt == nil || r.endAt == r.line[n] {
		r.end, r.endAt, r.detail = engine.Termination{}, nil, ""
	}
	r.seek(n)
}

// follow shows the line of the ICCS moves of path from the start (each
// must be a move of the tree), with the cursor ply moves along it.
func (r *record) follow(path string, ply int) error {
	n := r.root
	pos, err := engine.NewPosition(r.startFEN)
	if err != nil {
		return err
	}
	for _, text := range strings.Fields(path) {
		m, err := pos.ParseMove(text)
		if err != nil {
			return err
		}
		if n = n.kid(m); n == nil {
			return fmt.Errorf("move %s is not in the record", text)
		}
		pos.PlayGameMove(m)
	}
	r.show(n)
	r.seek(ply)
	return nil
}

// node returns the node with the id, nil when the record has none.
func (r *record) node(id int) *node { return r.root.find(id) }

// deleteMove deletes the move n and everything below it; the line shown
// goes back to the position before it when it went through it.
func (r *record) deleteMove(n *node) {
	n.remove()
	if r.endAt != nil && r.endAt.within(n) {
		r.end, r.endAt, r.detail = engine.Termination{}, nil, ""
	}
	for i, nd := range r.line {
		if nd == n {
			cursor := r.cursor
			r.show(n.parent)
			r.seek(min(cursor, i-1))
			return
		}
	}
	r.version++
}

// setEval records a score from Red's view at ply of the line shown.
func (r *record) setEval(ply, redScore int) {
	if ply >= 0 && ply < len(r.line) {
		r.line[ply].eval = evalPoint{Score: redScore, Known: true}
	}
}

// evals returns the scores along the line shown, by ply.
func (r *record) evals() []evalPoint {
	out := make([]evalPoint, len(r.line))
	for i, nd := range r.line {
		out[i] = nd.eval
	}
	return out
}

// texts returns the moves of the line shown in the three notations.
func (r *record) texts() []moveText {
	out := make([]moveText, 0, r.plies())
	for _, nd := range r.line[1:] {
		out = append(out, nd.text)
	}
	return out
}

// fromGame makes a record of a PGN game (its variations included) under
// rules, the cursor at the start.
func fromGame(g *pgn.Game, rules engine.RuleSet) (*record, error) {
	r, err := newRecord(g.StartFEN(), rules)
	if err != nil {
		return nil, err
	}
	pos, err := engine.NewPosition(r.startFEN)
	if err != nil {
		return nil, err
	}
	if err := r.graft(r.root, pos, g.Moves, g.Variations, false); err != nil {
		return nil, err
	}
	r.show(r.root)
	return r, nil
}

// graft adds moves played from pos below parent, each followed by its
// alternatives (variations from the position before it); with restore pos
// is left as it was (a variation), else it ends after the moves.
func (r *record) graft(parent *node, pos *engine.Position, moves []engine.Move, vars [][]pgn.Line, restore bool) error {
	made := 0
	if restore {
		defer func() {
			for i := made - 1; i >= 0; i-- {
				pos.UnmakeMove(moves[i])
			}
		}()
	}
	for i, m := range moves {
		if !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
			return fmt.Errorf("move %s is not legal in %s", m, pos.FEN())
		}
		if restore && pos.HistoryLen() >= engine.MaxHistory-engine.MaxPly-16 {
			return errors.New("a variation too deep in the game") // its moves could not be taken back
		}
		next := parent.kid(m)
		if next == nil {
			r.lastID++
			next = &node{id: r.lastID, move: m, parent: parent, text: moveText{
				ICCS: m.String(), WXF: pgn.FormatMove(pos, m, pgn.WXF), Chinese: pgn.FormatMove(pos, m, pgn.Chinese)}}
			parent.kids = append(parent.kids, next)
		}
		if i < len(vars) {
			for _, alt := range vars[i] {
				if err := r.graft(parent, pos, alt.Moves, alt.Variations, true); err != nil {
					return err
				}
			}
		}
		if restore {
			pos.MakeMove(m)
		} else {
			pos.PlayGameMove(m)
		}
		made++
		parent = next
	}
	return nil
}

// pgnGame returns the record as a PGN game with the given tags: the main
// line with every variation, and the result at the end of the main line.
func (r *record) pgnGame(tags []pgn.Tag) *pgn.Game {
	g := &pgn.Game{Tags: tags, Result: "*"}
	if k := firstKid(r.root); k != nil {
		l := pgnLine(k)
		g.Moves, g.Variations = l.Moves, l.Variations
	}
	if r.startFEN != engine.StartFEN {
		g.FEN = r.startFEN
	}
	last := r.root
	for k := firstKid(last); k != nil; k = firstKid(k) {
		last = k
	}
	var v engine.Termination
	if r.end.Over() && r.endAt == last {
		v = r.end
	} else if end, err := engine.NewGame(r.startFEN, r.rules); err == nil {
		for _, m := range g.Moves {
			end.Play(m)
		}
		v = end.Verdict().Termination()
	}
	if v.Over() {
		g.Result = v.Result()
		g.SetTag("Termination", v.Reason.String())
	}
	return g
}
