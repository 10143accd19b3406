package protocol

import (
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// goCommand starts thinking. A go that cannot be carried out (a bad field,
// no position, an unbounded search in batch mode) is answered at once with
// a message and no move, so that a GUI never waits for it.
func (s *Session) goCommand(tok []string) {
	uci := s.dialect == dialectUCI
	g, err := parseGo(tok, s.looksLikeMove)
	if err != nil {
		s.reject(err.Error())
		s.noMove(uci)
		return
	}
	if len(g.unknown) > 0 && uci {
		s.reject("go: ignored " + truncate(strings.Join(g.unknown, " "), 60))
	}
	if g.perft > 0 {
		s.perft(g.perft, uci)
		return
	}
	if s.pos == nil {
		s.reject("no usable position: " + s.posErr)
		s.noMove(uci)
		return
	}
	if !uci && g.depthSet && g.depth == 0 {
		v := s.staticEval()
		s.out.lineBytes(appendWDL([]byte("info depth 0 score "+strconv.Itoa(v)), v, s.wdlMaterial(s.pos)))
		s.out.line("nobestmove")
		return
	}
	lim, err := s.limits(&g)
	if err != nil {
		s.reject(err.Error())
		s.noMove(uci)
		return
	}
	game := (lim.Clock.TimeSet || lim.Clock.MoveTime > 0) && !g.depthSet && g.nodes == 0 && g.mate == 0
	if s.set.batch && (lim.Infinite || g.ponder || lim.Depth == 0 && lim.Nodes == 0 && !game) {
		s.reject("go: batch mode takes only bounded searches (depth, nodes, time or movetime)")
		s.noMove(uci)
		return
	}
	s.applyStrength(&lim)
	s.announceEval()
	s.loadTables()
	s.sayTablebaseVerdict()

	st := &searchState{done: make(chan searchOutcome, 1), release: make(chan struct{}),
		ponder: g.ponder, drawOffered: g.draw, uci: uci, wdlMaterial: s.wdlMaterial(s.pos), start: time.Now()}
	s.search = st
	// The book answers games only: analysis (depth, nodes, mate, infinite,
	// several lines, a restricted root) always searches.
	if game && !lim.Infinite && lim.MultiPV == 1 && len(lim.SearchMoves) == 0 {
		if m, entries := s.bookMove(); m != engine.NoMove {
			s.playBookMove(st, m, entries)
			return
		}
	}
	st.engine = true
	wait := s.searcher.Go(s.pos, lim, st.report(s))
	st.started = true
	go func() { st.done <- searchOutcome{result: wait()} }()
}

// limits turns a parsed go into the search's limits.
func (s *Session) limits(g *goParams) (engine.Limits, error) {
	lim := engine.Limits{MultiPV: s.set.multiPV, Ponder: g.ponder, BanMoves: s.banMoves, Nodes: g.nodes, Mate: g.mate}
	if g.depthSet {
		lim.Depth = max(g.depth, 1)
	}
	clock, err := s.clock(g, s.pos.SideToMove())
	if err != nil {
		return lim, err
	}
	lim.Clock = clock
	timed := clock.TimeSet || clock.MoveTime > 0
	lim.Infinite = g.infinite || !timed && !g.depthSet && g.nodes == 0 && g.mate == 0 && !g.ponder
	lim.Time = timeman.Settings{MoveOverhead: s.set.moveOverhead, MoveCap: s.set.moveCap,
		Schedule: s.set.timeControl.Side(s.pos.SideToMove() == engine.Red), MovesPlayed: s.movesPlayed, Ponder: s.set.ponder}
	var rejected []string
	for _, mv := range g.searchMoves {
		if m, err := s.parseMove(s.pos, mv); err == nil {
			lim.SearchMoves = append(lim.SearchMoves, m)
		} else {
			rejected = append(rejected, mv)
		}
	}
	if len(rejected) > 0 {
		s.reject("go searchmoves: illegal here, ignored: " + truncate(strings.Join(rejected, " "), 60))
		if len(lim.SearchMoves) == 0 {
			return lim, errNoSearchMoves
		}
	}
	return lim, nil
}

// looksLikeMove tells whether a token is written like a move of the
// session's convention (legal or not): it ends a searchmoves list.
func (s *Session) looksLikeMove(text string) bool {
	if s.ranksFrom1 {
		_, ok := ranksFrom1ToICCS(text)
		return ok
	}
	if len(text) != 4 {
		return false
	}
	_, from := engine.ParseSquare(text[:2])
	_, to := engine.ParseSquare(text[2:])
	return from && to
}

// noMove prints the answer for "no move": nobestmove (UCCI), bestmove (none) (UCI).
func (s *Session) noMove(uci bool) {
	if uci {
		s.out.line("bestmove (none)")
	} else {
		s.out.line("nobestmove")
	}
}
