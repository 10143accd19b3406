package web

import (
	"time"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// stateMsg is the whole state of a tab's board, sent after every change.
type stateMsg struct {
	T         string          `json:"t"` // "state"
	Mode      boardMode       `json:"mode"`
	Analysing bool            `json:"analysing"`
	MultiPV   int             `json:"multipv"`
	Engine    int             `json:"engine"` // index of the analysis engine
	Rules     string          `json:"rules"`
	StartFEN  string          `json:"startFen"`
	Moves     []moveText      `json:"moves"` // the line shown
	Line      []int           `json:"line"`  // the ids of its moves
	Tree      []treeMove      `json:"tree"`  // the main line with the variations
	Tags      []tagView       `json:"tags"`  // an imported game's headers
	Ply       int             `json:"ply"`   // the position shown: after this many moves
	FEN       string          `json:"fen"`
	Turn      string          `json:"turn"` // "red" or "black"
	InCheck   bool            `json:"inCheck"`
	Last      string          `json:"last"`  // the move that led here (ICCS), "" at the start
	Legal     []string        `json:"legal"` // the moves the page may send now
	Forbidden []forbiddenMove `json:"forbidden"`
	Warning   string          `json:"warning"` // who must change, in words
	Result    string          `json:"result"`  // "1-0", "0-1", "1/2-1/2" or "*"
	Reason    string          `json:"reason"`  // the referee's reason word
	Verdict   string          `json:"verdict"` // the result in words
	Notice    string          `json:"notice"`  // news since the last state (an offer, a refusal)
	Game      *gameView       `json:"game"`    // the game against the engine, nil when none
	Book      []bookView      `json:"book"`
	Evals     []evalPoint     `json:"evals"` // by ply, Red's view
	// Tablebase is the endgame tables' verdict on the position shown, nil
	// when it is not in them (or the game is over).
	Tablebase *tablebaseView `json:"tablebase"`
}

// tagView is one header of an imported game.
type tagView struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// gameView is the game against the engine as the page shows it.
type gameView struct {
	Player    string    `json:"player"` // the player's side
	Engine    string    `json:"engine"`
	TC        string    `json:"tc"`
	Level     string    `json:"level"`
	Clocks    [2]int64  `json:"clocks"`   // ms left, Red's then Black's
	HasClock  bool      `json:"hasClock"` // false for a per-move cap only
	Running   string    `json:"running"`  // the side whose clock runs, "" when none
	Thinking  bool      `json:"thinking"` // the engine is choosing its move
	DrawOffer drawOffer `json:"drawOffer"`
	Over      bool      `json:"over"`
}

// bookView is a book move with its statistics from the mover's view.
type bookView struct {
	Move    string `json:"move"`
	Chinese string `json:"chinese"`
	WXF     string `json:"wxf"`
	Weight  int    `json:"weight"`
	Wins    int    `json:"wins"`
	Draws   int    `json:"draws"`
	Losses  int    `json:"losses"`
}

// colorWord returns "red" or "black".
func colorWord(c engine.Color) string {
	if c == engine.Red {
		return "red"
	}
	return "black"
}

// state builds the state message.
func (s *session) state() stateMsg {
	r := s.rec
	pos := r.position()
	v := r.verdict()
	st := stateMsg{
		T: "state", Mode: s.mode, Analysing: s.analysing, MultiPV: s.multipv, Engine: s.engIdx,
		Rules: r.rules.String(), StartFEN: r.startFEN, Moves: r.texts(), Ply: r.cursor,
		FEN: pos.FEN(), Turn: colorWord(pos.SideToMove()), InCheck: pos.InCheck(),
		Result: v.Result(), Reason: v.Reason.String(), Verdict: verdictWords(v, r.detail),
		Notice: s.notice, Evals: r.evals(), Tree: treeLine(firstKid(r.root), 1), Line: r.lineIDs(), Legal: []string{}, Forbidden: []forbiddenMove{}, Book: []bookView{},
	}
	st.Tags = make([]tagView, 0, len(r.tags))
	for _, t := range r.tags {
		st.Tags = append(st.Tags, tagView{Name: t.Name, Value: t.Value})
	}
	if st.Moves == nil {
		st.Moves = []moveText{}
	}
	s.notice = ""
	if r.cursor > 0 {
		st.Last = r.at().move.String()
	}
	if s.userMayMove() {
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		for _, m := range list.Slice() {
			st.Legal = append(st.Legal, m.String())
		}
		st.Forbidden = forbiddenMoves(r.game)
		st.Warning = forbiddenWords(pos.SideToMove(), st.Forbidden)
	}
	if !v.Over() {
		st.Book = bookMoves(pos)
		st.Tablebase = tablebaseOf(s.srv.cfg.Tablebases, pos)
	}
	if g := s.game; g != nil {
		st.Game = g.view(s, pos.SideToMove())
	}
	return st
}

// forbiddenMoves returns the legal moves of the game's position that would
// lose by the repetition rules.
func forbiddenMoves(g *engine.Game) []forbiddenMove {
	pos := g.Position()
	us := pos.SideToMove()
	var list engine.MoveList
	pos.GenerateLegalMoves(&list)
	out := []forbiddenMove{}
	for _, m := range list.Slice() {
		if !pos.WouldRepeat(m) {
			continue
		}
		v, err := g.VerdictAfter(m, 3)
		if err != nil || v.Outcome != engine.WinFor(us.Opponent()) {
			continue
		}
		switch v.Reason {
		case engine.PerpetualCheck, engine.PerpetualChase, engine.PerpetualAttack:
			out = append(out, forbiddenMove{Move: m.String(), Text: pgn.FormatMove(pos, m, pgn.Chinese), reason: v.Reason})
		}
	}
	return out
}

// bookMoves returns the built-in book's moves of pos.
func bookMoves(pos *engine.Position) []bookView {
	b, err := book.Default()
	out := []bookView{}
	if err != nil {
		return out
	}
	for _, e := range b.Probe(pos, nil) {
		out = append(out, bookView{
			Move: e.Move.String(), Chinese: pgn.FormatMove(pos, e.Move, pgn.Chinese), WXF: pgn.FormatMove(pos, e.Move, pgn.WXF),
			Weight: e.Weight, Wins: e.Wins, Draws: e.Draws, Losses: e.Losses,
		})
	}
	return out
}

// view returns the game as the page shows it; toMove is the side to move.
func (g *play) view(s *session, toMove engine.Color) *gameView {
	v := &gameView{
		Player: colorWord(g.player), Engine: g.engineName, TC: g.tc, Level: g.level,
		HasClock: g.clocks[engine.Red].Schedule().HasClock() || g.clocks[engine.Black].Schedule().HasClock(),
		Over:     g.over, Thinking: s.search.kind == searchMove && !s.search.stopping, DrawOffer: g.drawOffer,
	}
	for c := engine.Red; c <= engine.Black; c++ {
		left := g.clocks[c].Remaining()
		if !g.over && g.running && c == toMove {
			left -= time.Since(g.turnStart)
		}
		v.Clocks[c] = max(left, 0).Milliseconds()
	}
	if g.over {
		v.Clocks = g.final
	} else if g.running {
		v.Running = colorWord(toMove)
	}
	return v
}
