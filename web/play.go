package web

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// engineGrace is how far the engine may overrun its clock before it loses
// on time, as the match runner's default.
const engineGrace = 200 * time.Millisecond

// play is a game against the engine.
type play struct {
	player     engine.Color // the player's side
	engineIdx  int
	engineName string
	tc, level  string
	clocks     [2]timeman.Clock
	turnStart  time.Time // when the running clock started
	running    bool      // a clock runs
	over       bool
	final      [2]int64 // the clocks at the end, ms
	drawOffer  drawOffer
	drawSent   bool // the running search carries the player's offer
	fresh      bool // the engine has not been told of this game yet
	playerFlag *time.Timer
	engineStop *time.Timer
	engineFlag *time.Timer
}

// stopTimers stops the game's timers.
func (g *play) stopTimers() {
	for _, t := range []**time.Timer{&g.playerFlag, &g.engineStop, &g.engineFlag} {
		if *t != nil {
			(*t).Stop()
			*t = nil
		}
	}
}

// parseLevel checks a strength: "full", "skill:0-20" or "elo:800-2800".
func parseLevel(s string) (string, error) {
	if s == "" || s == "full" {
		return "full", nil
	}
	kind, n, _ := strings.Cut(s, ":")
	v, err := strconv.Atoi(n)
	switch {
	case err != nil:
	case kind == "skill" && v >= 0 && v <= 20, kind == "elo" && v >= 800 && v <= 2800:
		return kind + ":" + strconv.Itoa(v), nil
	}
	return "", fmt.Errorf("unknown level %q (want full, skill:0-20 or elo:800-2800)", s)
}

// newGame starts a game against the engine.
func (s *session) newGame(m clientMsg) error {
	var player engine.Color
	switch m.Side {
	case "red", "":
		player = engine.Red
	case "black":
		player = engine.Black
	default:
		return fmt.Errorf("unknown side %q (want red or black)", m.Side)
	}
	tc := strings.TrimSpace(m.TC)
	if tc == "" {
		tc = "300+5"
	}
	ctl, err := timeman.Parse(tc)
	if err != nil {
		return errors.New("time control: " + err.Error())
	}
	if ctl.IsZero() {
		return errors.New("time control: no time given")
	}
	level, err := parseLevel(m.Level)
	if err != nil {
		return err
	}
	rules := s.rec.rules
	if m.Rules != "" {
		if rules, err = engine.ParseRuleSet(m.Rules); err != nil {
			return err
		}
	}
	if m.Engine < 0 || m.Engine >= len(s.srv.cfg.Engines) {
		return fmt.Errorf("no engine %d", m.Engine)
	}
	fen := engine.StartFEN
	if m.FromPosition {
		fen = s.rec.position().FEN()
	}
	rec, err := newRecord(fen, rules)
	if err != nil {
		return errors.New("position: " + err.Error())
	}
	if rec.game.Verdict().Over() {
		return errors.New("the game is already over in that position")
	}
	s.leaveGame()
	if err := s.ensureEngine(m.Engine); err != nil {
		return errors.New("the engine cannot be started: " + err.Error())
	}
	s.setRecord(rec)
	s.mode, s.analysing = modePlay, false
	g := &play{player: player, engineIdx: m.Engine, engineName: s.eng.Name(), tc: tc, level: level, fresh: true}
	for c := engine.Red; c <= engine.Black; c++ {
		grace := time.Duration(0)
		if c != player {
			grace = engineGrace
		}
		g.clocks[c] = timeman.NewClock(ctl.Side(c == engine.Red), grace)
	}
	s.game = g
	s.startTurn()
	return nil
}

// setRecord puts a new record on the board. Its version follows the old
// one's, so that a search of the old record never passes for one of the
// new.
func (s *session) setRecord(rec *record) {
	rec.version = s.rec.version + 1
	s.rec = rec
}

// leaveGame abandons the game in play, if any.
func (s *session) leaveGame() {
	if g := s.game; g != nil {
		g.stopTimers()
		s.game = nil
	}
}

// startTurn starts the clock of the side to move: the player's at once
// (with its flag timer), the engine's when its go is sent.
func (s *session) startTurn() {
	g := s.game
	g.stopTimers()
	g.running = false
	if g.over {
		return
	}
	if s.rec.position().SideToMove() == g.player {
		g.turnStart, g.running = time.Now(), true
		g.playerFlag = time.NewTimer(g.clocks[g.player].Deadline())
	}
}

// endGame ends the game with v (a verdict from off the board when the
// referee's own is not over).
func (s *session) endGame(v engine.Termination, detail string) {
	g := s.game
	if g == nil || g.over {
		return
	}
	if !s.rec.game.Verdict().Over() {
		s.rec.setEnd(v, detail)
	}
	toMove := s.rec.position().SideToMove()
	for c := engine.Red; c <= engine.Black; c++ {
		left := g.clocks[c].Remaining()
		if g.running && c == toMove {
			left -= time.Since(g.turnStart)
		}
		g.final[c] = max(left, 0).Milliseconds()
	}
	g.over, g.running, g.drawOffer = true, false, offerNone
	g.stopTimers()
}

// playerMove plays the player's move in the game.
func (s *session) playerMove(m engine.Move) error {
	g := s.game
	elapsed := time.Since(g.turnStart)
	if !g.clocks[g.player].Punch(elapsed) {
		s.endGame(engine.Termination{Outcome: engine.WinFor(g.player.Opponent()), Reason: engine.TimeForfeit}, "")
		return nil
	}
	if err := s.rec.play(m); err != nil {
		return err
	}
	if g.drawOffer == offerEngine {
		g.drawOffer = offerNone // declined by playing on
	}
	s.afterMove()
	return nil
}

// afterMove ends the game when the referee says it is over, else starts
// the next turn.
func (s *session) afterMove() {
	if v := s.rec.game.Verdict(); v.Over() {
		s.endGame(v.Termination(), "")
		return
	}
	s.startTurn()
}

// engineMoved handles the engine's answer in the game.
func (s *session) engineMoved(done search, move string, draw, resign bool) {
	g := s.game
	if g == nil || g.over {
		return
	}
	g.stopTimers()
	elapsed := time.Since(done.start)
	engineSide := g.player.Opponent()
	lose := func(r engine.Reason, detail string) {
		s.endGame(engine.Termination{Outcome: engine.WinFor(g.player), Reason: r}, detail)
	}
	accepts := draw || (s.eng.Protocol().IsUCI() && done.hasScore && done.lastScore <= 0)
	switch {
	case g.drawSent && accepts:
		s.endGame(engine.Termination{Outcome: engine.Draw, Reason: engine.Agreement}, "")
		return
	case resign || move == "":
		lose(engine.Resignation, "")
		return
	}
	m, err := s.rec.position().ParseMove(move)
	if err != nil {
		lose(engine.IllegalMove, move)
		return
	}
	if !g.clocks[engineSide].Punch(elapsed) {
		lose(engine.TimeForfeit, "")
		return
	}
	ply := s.rec.cursor
	if err := s.rec.play(m); err != nil {
		lose(engine.IllegalMove, move)
		return
	}
	if done.hasScore {
		s.rec.setEval(ply, redView(done.lastScore, engineSide))
	}
	switch {
	case g.drawSent:
		s.notice = "The engine declines the draw."
	case draw:
		g.drawOffer = offerEngine
		s.notice = "The engine offers a draw: press Draw to accept, or move to play on."
	}
	g.drawSent = false
	s.afterMove()
}

// playerFlagFell ends the game: the player's time is up.
func (s *session) playerFlagFell() {
	g := s.game
	g.playerFlag = nil
	if g.over || s.rec.position().SideToMove() != g.player {
		return
	}
	s.endGame(engine.Termination{Outcome: engine.WinFor(g.player.Opponent()), Reason: engine.TimeForfeit}, "")
	s.reconcile()
	s.sendState()
}

// engineFlagFell ends the game: the engine did not move in time.
func (s *session) engineFlagFell() {
	g := s.game
	g.engineFlag = nil
	if g.over || s.search.kind != searchMove {
		return
	}
	s.endGame(engine.Termination{Outcome: engine.WinFor(g.player), Reason: engine.TimeForfeit}, "")
	s.reconcile()
	s.sendState()
}

// takeBack takes back the player's last move and the engine's reply.
func (s *session) takeBack() error {
	g := s.game
	if g == nil || s.mode != modePlay {
		return errors.New("no game to take back a move in")
	}
	if g.over && !s.rec.game.Verdict().Over() {
		return errors.New("the game ended off the board (" + s.rec.verdict().Reason.String() + "): nothing to take back")
	}
	n := s.rec.plies()
	pos, err := engine.NewPosition(s.rec.startFEN)
	if err != nil {
		return err
	}
	first := pos.SideToMove()
	// The side to move after k moves: first when k is even.
	playerTurn := func(k int) bool { return (k%2 == 0) == (first == g.player) }
	k := n - 1
	for k >= 0 && !playerTurn(k) {
		k--
	}
	if k < 0 {
		return errors.New("none of your moves to take back")
	}
	s.rec.truncate(k)
	g.over, g.drawOffer, g.drawSent = false, offerNone, false
	s.startTurn()
	return nil
}

// offerDraw offers a draw or accepts the engine's offer.
func (s *session) offerDraw() error {
	g := s.game
	if g == nil || g.over || s.mode != modePlay {
		return errors.New("no game in play")
	}
	if g.drawOffer == offerEngine {
		s.endGame(engine.Termination{Outcome: engine.Draw, Reason: engine.Agreement}, "")
		return nil
	}
	g.drawOffer = offerPlayer
	s.notice = "Draw offered: the engine answers with its next move."
	return nil
}

// resign ends the game: the player resigns.
func (s *session) resign() error {
	g := s.game
	if g == nil || g.over || s.mode != modePlay {
		return errors.New("no game in play")
	}
	s.endGame(engine.Termination{Outcome: engine.WinFor(g.player.Opponent()), Reason: engine.Resignation}, "")
	return nil
}
