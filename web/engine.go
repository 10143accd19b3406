package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/wdl"

	"github.com/goxq/ucci/pgn"
)

// handshakeTimeout bounds the engine's answers to ucci/uci and isready.
const handshakeTimeout = 10 * time.Second

// optionNames are the names of the options the page sets, in UCCI and in
// UCI; an option is sent only to an engine that declared it.
var optionNames = map[string][2]string{
	"multipv":       {"multipv", "MultiPV"},
	"skilllevel":    {"skilllevel", "Skill Level"},
	"limitstrength": {"limitstrength", "UCI_LimitStrength"},
	"elo":           {"elo", "UCI_Elo"},
	"rules":         {"rules", "Rules"},
	"timecontrol":   {"timecontrol", "TimeControl"},
	"usebook":       {"usebook", "OwnBook"},
}

// ensureEngine opens the engine of index idx, closing another one first.
func (s *session) ensureEngine(idx int) error {
	if s.eng != nil && s.engOf == idx {
		return nil
	}
	s.closeEngine()
	e, err := s.srv.openEngine(s.ctx, idx)
	if err != nil {
		return err
	}
	s.eng, s.engOf = e, idx
	s.sent = map[string]string{}
	s.srv.track(s, e.Pid())
	return nil
}

// closeEngine ends the engine, if any.
func (s *session) closeEngine() {
	if s.eng == nil {
		return
	}
	s.eng.Close()
	s.srv.track(s, 0)
	s.eng, s.search = nil, search{}
}

// setOption sends an option the engine declared, unless it already has
// that value.
func (s *session) setOption(key, value string) {
	names := optionNames[key]
	name := names[0]
	if s.eng.Protocol().IsUCI() {
		name = names[1]
	}
	if !s.eng.Declares(name) || s.sent[key] == value {
		return
	}
	s.eng.SetOption(name, value)
	s.sent[key] = value
}

// setStrength sends a level: "full", "skill:N" or "elo:N".
func (s *session) setStrength(level string) {
	kind, n, _ := strings.Cut(level, ":")
	switch kind {
	case "skill":
		s.setOption("limitstrength", "false")
		s.setOption("skilllevel", n)
	case "elo":
		s.setOption("skilllevel", "20")
		s.setOption("limitstrength", "true")
		s.setOption("elo", n)
	default:
		s.setOption("limitstrength", "false")
		s.setOption("skilllevel", "20")
	}
}

// wanted returns the search the engine should be running now.
func (s *session) wanted() searchKind {
	if s.rec.verdict().Over() {
		return searchNone
	}
	if g := s.game; s.mode == modePlay && g != nil && !g.over {
		if s.rec.atEnd() && s.rec.position().SideToMove() != g.player {
			return searchMove
		}
		return searchNone
	}
	if s.mode == modeAnalyse && s.analysing {
		return searchAnalyse
	}
	return searchNone
}

// reconcile brings the engine to the wanted search: it stops a search
// that is no longer wanted and starts the wanted one when the engine is
// idle.
func (s *session) reconcile() {
	want := s.wanted()
	if s.search.kind != searchNone {
		if s.search.kind != searchSync && !s.search.stopping && (want != s.search.kind || s.search.version != s.rec.version) {
			s.eng.Stop()
			s.search.stopping = true
			s.search.giveUp = time.NewTimer(handshakeTimeout)
		}
		return
	}
	if want == searchNone {
		return
	}
	idx := s.engIdx
	if want == searchMove {
		idx = s.game.engineIdx
	}
	if err := s.ensureEngine(idx); err != nil {
		s.notice = "The engine cannot be started: " + err.Error()
		s.analysing = false
		if want == searchMove {
			s.endGame(engine.Termination{Outcome: engine.WinFor(s.game.player), Reason: engine.Crash}, err.Error())
		}
		return
	}
	s.startSearch(want)
}

// startSearch sends the position shown and go.
func (s *session) startSearch(kind searchKind) {
	r := s.rec
	pos := r.position()
	s.search = search{kind: kind, version: r.version, start: time.Now(), ply: r.cursor,
		rootFEN: pos.FEN(), material: wdl.Material(pos)}
	if kind == searchAnalyse {
		s.setOption("multipv", strconv.Itoa(s.multipv))
		s.setStrength("full")
		s.setOption("usebook", "false")
		s.setOption("rules", r.rules.String())
		s.eng.Position(r.startFEN, r.moves(r.cursor))
		s.eng.GoInfinite()
		return
	}
	g := s.game
	if g.fresh {
		// Told once the engine is idle, before the game's first search.
		s.eng.NewGame()
		s.setOption("rules", r.rules.String())
		s.setOption("timecontrol", g.tc)
		g.fresh = false
	}
	s.setOption("multipv", "1")
	s.setStrength(g.level)
	s.setOption("usebook", "true")
	s.eng.Position(r.startFEN, r.moves(r.cursor))
	side := pos.SideToMove()
	draw := g.drawOffer == offerPlayer
	if draw {
		g.drawOffer = offerNone
	}
	g.drawSent = draw
	own, opp := &g.clocks[side], &g.clocks[side.Opponent()]
	s.search.start = time.Now()
	s.eng.GoClock(side == engine.Red, draw, !own.Schedule().HasClock(), own.Report(), opp.Report())
	g.turnStart, g.running = s.search.start, true
	g.engineStop = time.NewTimer(own.StopAfter())
	g.engineFlag = time.NewTimer(own.Deadline())
}

// engineLine handles one line of the engine's output.
func (s *session) engineLine(text string) {
	if s.search.kind == searchSync {
		if strings.TrimSpace(text) == "readyok" {
			s.search.giveUp.Stop()
			s.search = search{}
			s.reconcile()
		}
		return
	}
	if bm, ok := s.eng.ParseBestMove(text); ok {
		s.searchDone(bm.Move, bm.Draw, bm.Resign)
		return
	}
	if s.search.kind == searchNone || s.search.stopping {
		return
	}
	l, ok := parseSearchLine(text)
	if !ok {
		return
	}
	if n := l.multipv; n > len(s.search.lines) {
		s.search.lines = append(s.search.lines, make([]searchLine, n-len(s.search.lines))...)
	}
	s.search.lines[l.multipv-1] = l
	s.search.dirty = true
	if l.multipv == 1 {
		s.search.lastScore, s.search.hasScore = l.score, true
	}
}

// searchDone handles the answer to a search.
func (s *session) searchDone(move string, draw, resign bool) {
	done := s.search
	s.flushLines()
	switch {
	case done.kind == searchNone:
		return // an answer nobody asked for
	case done.stopping || done.kind != searchMove:
		// The answer to a stop: make sure no second answer is on its way
		// (some engines answer a stop that crossed their move) before the
		// next search.
		s.search = search{kind: searchSync, giveUp: time.NewTimer(handshakeTimeout)}
		s.eng.SendReady()
		return
	}
	s.search = search{}
	s.engineMoved(done, move, draw, resign)
	s.sendState()
}

// engineGone handles the end of the engine's output.
func (s *session) engineGone() {
	kind := s.search.kind
	s.closeEngine()
	if g := s.game; kind == searchMove && g != nil && !g.over {
		s.endGame(engine.Termination{Outcome: engine.WinFor(g.player), Reason: engine.Crash}, "its output ended")
	} else {
		s.notice = "The engine stopped."
		s.analysing = false
	}
	s.sendState()
}

// analysisMsg carries the lines of the running search.
type analysisMsg struct {
	T       string     `json:"t"` // "analysis"
	Ply     int        `json:"ply"`
	Turn    string     `json:"turn"`
	Engine  string     `json:"engine"`
	Playing bool       `json:"playing"` // the engine's search for its move
	Lines   []lineView `json:"lines"`
}

// lineView is one analysis line.
type lineView struct {
	MultiPV int      `json:"multipv"`
	Depth   int      `json:"depth"`
	Score   int      `json:"score"` // centipawns, side to move's view
	Mate    int      `json:"mate"`  // moves to mate, negative when mated; 0 = none
	WDL     [3]int   `json:"wdl"`   // per mille, side to move's view
	PV      []string `json:"pv"`    // ICCS
	Chinese []string `json:"chinese"`
	WXF     []string `json:"wxf"`
}

// flushLines sends the search's lines when they changed, and notes the
// best score in the evaluation graph.
func (s *session) flushLines() {
	sr := &s.search
	if !sr.dirty || sr.stopping || (sr.kind != searchAnalyse && sr.kind != searchMove) {
		return
	}
	sr.dirty = false
	root, err := engine.NewPosition(sr.rootFEN)
	if err != nil {
		return
	}
	msg := analysisMsg{T: "analysis", Ply: sr.ply, Turn: colorWord(root.SideToMove()), Engine: s.eng.Name(),
		Playing: sr.kind == searchMove, Lines: []lineView{}}
	for _, l := range sr.lines {
		if l.depth == 0 {
			continue
		}
		lv := lineView{MultiPV: l.multipv, Depth: l.depth, Score: l.score}
		if engine.IsMateScore(l.score) {
			lv.Mate = engine.MateDistance(l.score)
		}
		if len(l.wdl) == 3 {
			copy(lv.WDL[:], l.wdl)
		} else {
			lv.WDL[0], lv.WDL[1], lv.WDL[2] = wdl.Fitted.PerMille(l.score, sr.material)
		}
		lv.PV, lv.Chinese, lv.WXF = s.pvTexts(root, l.pv)
		msg.Lines = append(msg.Lines, lv)
	}
	if len(msg.Lines) > 0 && sr.version == s.rec.version {
		s.rec.setEval(sr.ply, redView(msg.Lines[0].Score, root.SideToMove()))
	}
	s.send(msg)
}

// pvTexts returns a line's moves in ICCS, Chinese notation and WXF, up to
// the first that is not legal.
func (s *session) pvTexts(root *engine.Position, pv []string) (iccs, cn, wxf []string) {
	pos := &s.pvPos
	pos.CopyFrom(root)
	for _, text := range pv {
		m, err := pos.ParseMove(s.eng.MoveFromEngine(text))
		if err != nil {
			break
		}
		iccs = append(iccs, m.String())
		cn = append(cn, pgn.FormatMove(pos, m, pgn.Chinese))
		wxf = append(wxf, pgn.FormatMove(pos, m, pgn.WXF))
		pos.MakeMove(m)
	}
	return iccs, cn, wxf
}

// redView turns a score of the side to move into Red's view.
func redView(score int, toMove engine.Color) int {
	if toMove == engine.Black {
		return -score
	}
	return score
}
