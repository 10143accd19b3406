package protocol

import (
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tt"
)

// searchState is a running go: a search goroutine or a book move waiting
// for ponderhit/stop.
type searchState struct {
	done        chan searchOutcome
	release     chan struct{} // closed by stop/ponderhit for a pondered book move
	released    bool
	started     bool // something will send on done (search, book wait or perft)
	engine      bool // a search is running (not a pondered book move)
	perft       bool // go perft: no bestmove
	ponder      bool // go ponder and no ponderhit yet
	drawOffered bool
	uci         bool
	wdlMaterial int // material of the root for the wdl figures; -1: not shown
	start       time.Time
	lines       [maxLines]engine.Info // last report per multipv line (skill levels)
}

const maxLines = 8

// searchOutcome is what a finished go produced.
type searchOutcome struct {
	result    engine.Result
	fromBook  bool
	bookLines []string
}

// report returns the callback that prints the search's progress.
func (st *searchState) report(s *Session) func(engine.Info) {
	buf := make([]byte, 0, 1024)
	return func(i engine.Info) {
		if i.CurrMove != engine.NoMove {
			s.out.lineBytes(s.formatCurrMove(buf[:0], &i))
			return
		}
		if i.MultiPV >= 1 && i.MultiPV <= maxLines {
			l := &st.lines[i.MultiPV-1]
			*l = i
			l.PV = append([]engine.Move(nil), i.PV...)
		}
		buf = s.formatInfo(buf[:0], &i, st, s.set.multiPV > 1 || s.weakened())
		s.out.lineBytes(buf)
	}
}

// formatCurrMove writes the root move being searched.
func (s *Session) formatCurrMove(b []byte, i *engine.Info) []byte {
	b = append(b, "info depth "...)
	b = appendInt(b, int64(i.Depth))
	b = append(b, " currmove "...)
	b = s.appendMove(b, i.CurrMove)
	b = append(b, " currmovenumber "...)
	return appendInt(b, int64(i.CurrMoveNumber))
}

// formatInfo writes an info line: depth, seldepth, [multipv], score, [wdl],
// [bound], nodes, nps, time, hashfull, and the PV last.
func (s *Session) formatInfo(b []byte, i *engine.Info, st *searchState, multi bool) []byte {
	uci := st.uci
	b = append(b, "info depth "...)
	b = appendInt(b, int64(i.Depth))
	b = append(b, " seldepth "...)
	b = appendInt(b, int64(i.SelDepth))
	if multi {
		b = append(b, " multipv "...)
		b = appendInt(b, int64(i.MultiPV))
	}
	b = append(b, " score "...)
	switch {
	case uci && engine.IsMateScore(i.Score):
		b = append(b, "mate "...)
		b = appendInt(b, int64(engine.MateDistance(i.Score)))
	case uci:
		b = append(b, "cp "...)
		b = appendInt(b, int64(i.Score))
	default:
		b = appendInt(b, int64(i.Score))
	}
	b = appendWDL(b, i.Score, st.wdlMaterial)
	switch i.Bound {
	case tt.BoundLower:
		b = append(b, " lowerbound"...)
	case tt.BoundUpper:
		b = append(b, " upperbound"...)
	}
	ms := i.Time.Milliseconds()
	b = append(b, " nodes "...)
	b = appendInt(b, int64(i.Nodes))
	b = append(b, " nps "...)
	b = appendInt(b, int64(float64(i.Nodes)/max(i.Time.Seconds(), 0.001)))
	b = append(b, " time "...)
	b = appendInt(b, ms)
	b = append(b, " hashfull "...)
	b = appendInt(b, int64(i.Hashfull))
	if s.tables != nil {
		b = append(b, " tbhits "...)
		b = appendInt(b, int64(i.TBHits))
	}
	if len(i.PV) > 0 {
		b = append(b, " pv"...)
		for _, m := range i.PV {
			b = append(b, ' ')
			b = s.appendMove(b, m)
		}
	}
	return b
}

// stopSearch asks the running go to answer now.
func (s *Session) stopSearch() {
	st := s.search
	if st == nil {
		return
	}
	if st.engine {
		s.searcher.Stop()
	}
	st.release1()
}

// ponderHit switches a pondering go to a timed one.
func (s *Session) ponderHit(draw bool) {
	st := s.search
	if st == nil {
		return
	}
	st.ponder = false
	st.drawOffered = st.drawOffered || draw
	if st.engine {
		s.searcher.PonderHit()
	}
	st.release1()
}

func (st *searchState) release1() {
	if !st.released {
		st.released = true
		close(st.release)
	}
}

// finishSearch prints the answer of a finished go.
func (s *Session) finishSearch(o searchOutcome) {
	st := s.search
	s.search = nil
	for _, l := range o.bookLines {
		s.out.line(l)
	}
	if st.perft {
		return
	}
	res := o.result
	if !o.fromBook {
		if p := s.searcher.LastPanic(); p != "" {
			s.log.Error().Str("panic", p).Msg("the search failed and was recovered; answering with a root move")
		}
		res = s.chooseWeakened(st, res)
	}
	if res.BestMove == engine.NoMove {
		if st.uci && s.pos != nil && !s.pos.HasLegalMove() {
			// Mated or stalemated (a loss in xiangqi): the score GUIs show
			// as the result.
			s.out.line("info depth 0 score mate 0")
		}
		s.noMove(st.uci)
		return
	}
	pondered := st.ponder // stopped while still pondering: a ponder miss
	if !pondered {
		s.movesPlayed++
	}
	b := []byte("bestmove ")
	b = s.appendMove(b, res.BestMove)
	if res.PonderMove != engine.NoMove {
		b = append(b, " ponder "...)
		b = s.appendMove(b, res.PonderMove)
	}
	if !st.uci && !o.fromBook && !pondered {
		switch s.game.decide(res, st.drawOffered, s.drawThreshold(), s.pos) {
		case answerDraw:
			b = append(b, " draw"...)
		case answerResign:
			b = append(b, " resign"...)
		}
	}
	s.out.lineBytes(b)
}
