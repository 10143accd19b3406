package protocol

import (
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// goParams is what a go command asked for, in both vocabularies.
type goParams struct {
	ponder, draw, infinite bool
	depth                  int
	depthSet               bool
	nodes                  uint64
	mate                   int
	perft                  int
	// UCCI clock (in the unit of usemillisec) and UCI clock (always ms).
	time, increment, oppTime, oppIncrement float64
	timeSet, oppTimeSet                    bool
	movesToGo, oppMovesToGo                int
	wtime, btime, winc, binc               float64
	wtimeSet, btimeSet                     bool
	moveTime                               float64
	searchMoves                            []string
	unknown                                []string
}

// parseGo reads go's tokens in any order; numbers that do not parse are
// reported in unknown and ignored.
func parseGo(tok []string) goParams {
	var g goParams
	num := func(i int) (float64, bool) {
		if i+1 >= len(tok) {
			return 0, false
		}
		v, err := strconv.ParseFloat(tok[i+1], 64)
		if err != nil || v != v {
			return 0, false
		}
		return min(max(v, 0), 1e15), true
	}
	for i := 0; i < len(tok); i++ {
		word := strings.ToLower(tok[i])
		switch word {
		case "ponder":
			g.ponder = true
			continue
		case "draw":
			g.draw = true
			continue
		case "infinite":
			g.infinite = true
			continue
		case "searchmoves":
			g.searchMoves = append(g.searchMoves, tok[i+1:]...)
			return g
		}
		v, ok := num(i)
		if !ok {
			g.unknown = append(g.unknown, tok[i])
			continue
		}
		i++
		switch word {
		case "depth":
			g.depth, g.depthSet = int(min(v, 1000)), true
		case "nodes":
			g.nodes = uint64(v)
		case "mate":
			g.mate = int(min(v, 100))
		case "perft":
			g.perft = int(min(v, 20))
		case "time":
			g.time, g.timeSet = v, true
		case "increment":
			g.increment = v
		case "movestogo":
			g.movesToGo = int(min(v, 10000))
		case "opptime":
			g.oppTime, g.oppTimeSet = v, true
		case "oppincrement":
			g.oppIncrement = v
		case "oppmovestogo":
			g.oppMovesToGo = int(min(v, 10000))
		case "wtime":
			g.wtime, g.wtimeSet = v, true
		case "btime":
			g.btime, g.btimeSet = v, true
		case "winc":
			g.winc = v
		case "binc":
			g.binc = v
		case "movetime":
			g.moveTime = v
		default:
			g.unknown = append(g.unknown, tok[i-1])
			i--
		}
	}
	return g
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// clock turns the go figures into the time manager's limits, for the side
// to move: UCCI time/opptime first, else UCI wtime/btime (Red is w).
func (s *Session) clock(g *goParams, side engine.Color) timeman.Limits {
	var l timeman.Limits
	unit := 1.0
	if !s.set.useMillisec {
		unit = 1000
	}
	switch {
	case g.timeSet:
		l.TimeSet, l.Time, l.Inc, l.MovesToGo = true, ms(g.time*unit), ms(g.increment*unit), g.movesToGo
		l.OppTime, l.OppInc, l.OppMovesToGo = ms(g.oppTime*unit), ms(g.oppIncrement*unit), g.oppMovesToGo
	case g.wtimeSet || g.btimeSet:
		my, myInc, op, opInc := g.wtime, g.winc, g.btime, g.binc
		mySet := g.wtimeSet
		if side == engine.Black {
			my, myInc, op, opInc, mySet = g.btime, g.binc, g.wtime, g.winc, g.btimeSet
		}
		if mySet {
			l.TimeSet, l.Time, l.Inc, l.MovesToGo = true, ms(my), ms(myInc), g.movesToGo
			l.OppTime, l.OppInc = ms(op), ms(opInc)
		}
	}
	l.MoveTime = ms(g.moveTime)
	l.Ponder = g.ponder
	return l
}

// goCommand starts thinking.
func (s *Session) goCommand(tok []string) {
	g := parseGo(tok)
	if len(g.unknown) > 0 && s.dialect == dialectUCI {
		s.reject("go: ignored " + truncate(strings.Join(g.unknown, " "), 60))
	}
	uci := s.dialect == dialectUCI
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
		s.out.line("info depth 0 score " + strconv.Itoa(s.pos.Evaluate()))
		s.out.line("nobestmove")
		return
	}
	lim := engine.Limits{MultiPV: s.set.multiPV, Ponder: g.ponder, BanMoves: s.banMoves}
	switch {
	case g.depthSet:
		lim.Depth = max(g.depth, 1)
	case g.mate > 0:
		lim.Depth = 2*g.mate - 1
	}
	lim.Nodes = g.nodes
	lim.Clock = s.clock(&g, s.pos.SideToMove())
	timed := lim.Clock.TimeSet || lim.Clock.MoveTime > 0
	lim.Infinite = g.infinite || !timed && !g.depthSet && g.nodes == 0 && g.mate == 0 && !g.ponder
	lim.Time = timeman.Settings{MoveOverhead: s.set.moveOverhead, MoveCap: s.set.moveCap,
		Schedule: s.set.timeControl.Side(s.pos.SideToMove() == engine.Red), MovesPlayed: s.movesPlayed, Ponder: s.set.ponder}
	for _, mv := range g.searchMoves {
		if m, err := s.pos.ParseMove(mv); err == nil {
			lim.SearchMoves = append(lim.SearchMoves, m)
		}
	}
	s.applyStrength(&lim)
	s.applyStyle()

	st := &searchState{done: make(chan searchOutcome, 1), release: make(chan struct{}),
		ponder: g.ponder, drawOffered: g.draw, uci: uci, start: time.Now()}
	s.search = st
	pos := s.pos
	if !lim.Infinite && len(lim.SearchMoves) == 0 {
		if m, entries := s.bookMove(); m != engine.NoMove {
			s.playBookMove(st, m, entries)
			return
		}
	}
	st.engine = true
	wait := s.searcher.Go(pos, lim, st.report(s))
	st.started = true
	go func() { st.done <- searchOutcome{result: wait()} }()
}

// noMove prints the answer for "no move": nobestmove (UCCI), bestmove (none) (UCI).
func (s *Session) noMove(uci bool) {
	if uci {
		s.out.line("bestmove (none)")
	} else {
		s.out.line("nobestmove")
	}
}

// bookMove picks a book move for the current position, skipping banned
// moves and moves that would repeat an earlier position.
func (s *Session) bookMove() (engine.Move, []book.Entry) {
	if !s.set.useBook || s.weakened() {
		return engine.NoMove, nil
	}
	src := s.openingBook()
	if src == nil {
		return engine.NoMove, nil
	}
	pos := s.pos
	opt := book.Options{Randomness: s.set.randomness, MaxPly: s.set.bookDepth, Filter: func(m engine.Move) bool {
		for _, b := range s.banMoves {
			if b.Short() == m.Short() {
				return false
			}
		}
		return !pos.WouldRepeat(m)
	}}
	var buf [64]book.Entry
	return book.Select(src, pos, opt, s.rng, buf[:0])
}

// playBookMove answers with a book move, at once unless pondering.
func (s *Session) playBookMove(st *searchState, m engine.Move, entries []book.Entry) {
	reply := engine.NoMove
	p := *s.pos
	p.MakeMove(m)
	if src := s.openingBook(); src != nil {
		var buf [64]book.Entry
		if e := src.Probe(&p, buf[:0]); len(e) > 0 {
			reply = e[0].Move
		}
	}
	lines := make([]string, 0, len(entries))
	for _, e := range entries {
		var b []byte
		if st.uci {
			b = append(b, "info string book move "...)
			b = engine.AppendMove(b, e.Move)
			b = append(b, " weight "...)
			b = appendInt(b, int64(e.Weight))
		} else {
			b = append(b, "info depth 0 score "...)
			b = appendInt(b, int64(e.Weight))
			b = append(b, " pv "...)
			b = engine.AppendMove(b, e.Move)
		}
		lines = append(lines, string(b))
	}
	out := searchOutcome{result: engine.Result{BestMove: m, PonderMove: reply}, fromBook: true, bookLines: lines}
	st.started = true
	if !st.ponder {
		st.done <- out
		return
	}
	go func() {
		<-st.release
		st.done <- out
	}()
}

// maxPerftDepth bounds "go perft N"; deeper counts belong to `ucci perft`.
const maxPerftDepth = 6

// perft answers the debugging extension "go perft N": one info string per
// root move and a total, computed in the background (isready and stop are
// answered meanwhile; stop ends it after the current root move). It prints
// no bestmove.
func (s *Session) perft(depth int, uci bool) {
	if s.pos == nil {
		s.reject("no usable position")
		return
	}
	if depth > maxPerftDepth {
		s.reject("go perft: depth capped at " + strconv.Itoa(maxPerftDepth))
		depth = maxPerftDepth
	}
	st := &searchState{done: make(chan searchOutcome, 1), release: make(chan struct{}), uci: uci, start: time.Now(), perft: true}
	s.search = st
	pos := *s.pos
	st.started = true
	go func() {
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		var lines []string
		var total uint64
		for _, m := range list.Slice() {
			select {
			case <-st.release:
				lines = append(lines, "info string perft stopped")
				st.done <- searchOutcome{bookLines: lines}
				return
			default:
			}
			pos.MakeMove(m)
			n := pos.Perft(depth - 1)
			pos.UnmakeMove(m)
			total += n
			lines = append(lines, "info string "+m.String()+": "+strconv.FormatUint(n, 10))
		}
		el := time.Since(st.start)
		lines = append(lines, "info string nodes "+strconv.FormatUint(total, 10)+" time "+strconv.FormatInt(el.Milliseconds(), 10))
		st.done <- searchOutcome{bookLines: lines}
	}()
}
