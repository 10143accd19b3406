package web

import (
	"github.com/goxq/ucci/engine"

	"github.com/goxq/ucci/pgn"
)

// moveText is one move of the record in the three notations.
type moveText struct {
	ICCS    string `json:"iccs"`    // h2e2
	WXF     string `json:"wxf"`     // C2.5
	Chinese string `json:"chinese"` // 炮二平五
}

// record is the game on the board: a start position, a line of moves and
// the cursor, the ply shown (0 = the start). The referee is kept at the
// cursor. A game that ended off the board (resignation, time, agreement,
// an illegal engine move) keeps that verdict in end, which holds at the
// end of the line only.
type record struct {
	startFEN string
	rules    engine.RuleSet
	moves    []engine.Move
	texts    []moveText
	evals    []evalPoint // by ply, len(moves)+1
	cursor   int
	game     *engine.Game // the referee at the cursor
	end      engine.Termination
	detail   string // for end: what happened (the illegal move, the engine's failure)
	version  int    // changes whenever the moves or the cursor change
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
	return &record{startFEN: g.StartFEN(), rules: rules, game: g, evals: make([]evalPoint, 1)}, nil
}

// position returns the position at the cursor (the referee's own: read it
// only).
func (r *record) position() *engine.Position { return r.game.Position() }

// atEnd tells whether the cursor is at the end of the line.
func (r *record) atEnd() bool { return r.cursor == len(r.moves) }

// verdict returns the result at the cursor.
func (r *record) verdict() engine.Termination {
	if r.atEnd() && r.end.Over() {
		return r.end
	}
	return r.game.Verdict().Termination()
}

// seek moves the cursor to ply (clamped to the line), replaying the
// referee from the start.
func (r *record) seek(ply int) {
	ply = max(0, min(ply, len(r.moves)))
	g, err := engine.NewGame(r.startFEN, r.rules)
	if err != nil {
		return // startFEN was accepted when the record was made
	}
	for _, m := range r.moves[:ply] {
		if _, err := g.Play(m); err != nil {
			break
		}
	}
	r.game, r.cursor = g, ply
	r.version++
}

// play plays m at the cursor: it follows the line when m is its next move
// and otherwise replaces the rest of the line with m.
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
	if r.cursor < len(r.moves) && r.moves[r.cursor] == m {
		r.cursor++
		return nil
	}
	r.moves = append(r.moves[:r.cursor], m)
	r.texts = append(r.texts[:r.cursor], text)
	r.evals = append(r.evals[:r.cursor+1], evalPoint{})
	r.end, r.detail = engine.Termination{}, ""
	r.cursor++
	return nil
}

// truncate cuts the line to its first n moves, puts the cursor at the end
// and forgets any verdict from off the board.
func (r *record) truncate(n int) {
	n = max(0, min(n, len(r.moves)))
	r.moves, r.texts, r.evals = r.moves[:n], r.texts[:n], r.evals[:n+1]
	r.end, r.detail = engine.Termination{}, ""
	r.seek(n)
}

// setEval records a score from Red's view at ply.
func (r *record) setEval(ply, redScore int) {
	if ply >= 0 && ply < len(r.evals) {
		r.evals[ply] = evalPoint{Score: redScore, Known: true}
	}
}

// fromGame makes a record of a PGN game under rules, the cursor at the
// start.
func fromGame(g *pgn.Game, rules engine.RuleSet) (*record, error) {
	r, err := newRecord(g.StartFEN(), rules)
	if err != nil {
		return nil, err
	}
	for _, m := range g.Moves {
		if err := r.play(m); err != nil {
			return nil, err
		}
	}
	r.seek(0)
	return r, nil
}

// pgnGame returns the record as a PGN game with the given tags.
func (r *record) pgnGame(tags []pgn.Tag) *pgn.Game {
	g := &pgn.Game{Tags: tags, Moves: r.moves, Result: "*"}
	if r.startFEN != engine.StartFEN {
		g.FEN = r.startFEN
	}
	v := r.end
	if !v.Over() {
		end, err := engine.NewGame(r.startFEN, r.rules)
		if err == nil {
			for _, m := range r.moves {
				end.Play(m)
			}
			v = end.Verdict().Termination()
		}
	}
	if v.Over() {
		g.Result = v.Result()
		g.SetTag("Termination", v.Reason.String())
	}
	return g
}
