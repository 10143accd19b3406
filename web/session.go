package web

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/coder/websocket"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/pgn"
)

// writeTimeout bounds one write to the browser.
const writeTimeout = 5 * time.Second

// infoInterval is how often analysis lines are sent at most.
const infoInterval = 250 * time.Millisecond

// idleTimeout is how long a session waits for a message from its page
// before it closes (ending its engine), so that tabs left open do not keep
// the -sessions places for ever; a variable for the tests.
var idleTimeout = 10 * time.Minute

// session is one tab: its board, its game and its engine. Everything but
// the socket reader runs in the loop goroutine, so no state is shared.
type session struct {
	srv    *Server
	conn   *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc
	log    zerolog.Logger

	rec       *record
	mode      boardMode
	analysing bool
	multipv   int
	engIdx    int                // the engine chosen for analysis
	eng       *engineproc.Engine // nil until needed
	engOf     int                // the index of eng
	sent      map[string]string
	search    search
	game      *play // the game against the engine, nil when none
	notice    string
	picks     []*pgn.Game     // the games of the last file of several imported
	pvPos     engine.Position // pvTexts' copy of the root, kept to be reused
}

// boardMode is what the board does, as the browser's state names it.
type boardMode string

// The board's modes.
const (
	modeAnalyse boardMode = "analyse" // moves are made by hand, the engine may analyse
	modePlay    boardMode = "play"    // a game against the engine
)

// drawOffer is a draw offer pending in a game, as the browser's state
// names it.
type drawOffer string

// The draw offers.
const (
	offerNone   drawOffer = ""
	offerPlayer drawOffer = "player" // goes with the engine's next search
	offerEngine drawOffer = "engine" // the engine's, to be accepted by the player
)

// searchKind is what the engine's current search is for.
type searchKind uint8

// Kinds of engine search.
const (
	searchNone    searchKind = iota
	searchMove               // the engine's move in a game
	searchAnalyse            // go infinite at the position shown
	searchSync               // isready sent after a stopped search, awaiting readyok
)

// search is the engine's current search.
type search struct {
	kind      searchKind
	version   int  // the record version it searches
	stopping  bool // stop sent: the answer is discarded
	start     time.Time
	ply       int
	rootFEN   string
	material  int
	lines     []searchLine // by multipv − 1
	dirty     bool         // lines changed since last sent
	lastScore int          // the best line's last score, the engine's view
	hasScore  bool
	giveUp    *time.Timer // after stop or isready: when the engine is given up
}

// newSession makes the session of a new connection.
func newSession(srv *Server, conn *websocket.Conn) *session {
	ctx, cancel := context.WithCancel(context.Background())
	rec, _ := newRecord(engine.StartFEN, engine.RulesCXA)
	return &session{srv: srv, conn: conn, ctx: ctx, cancel: cancel, log: srv.cfg.Log,
		rec: rec, mode: modeAnalyse, multipv: 3, sent: map[string]string{}}
}

// run serves the connection until it closes, then ends the engine.
func (s *session) run() {
	defer s.cancel()
	defer s.closeEngine()
	in := make(chan []byte)
	go s.read(in)
	s.send(helloMsg{T: "hello", Version: s.srv.cfg.Version, Engines: s.srv.engineNames(), Controls: controlNames()})
	s.sendState()
	tick := time.NewTicker(infoInterval)
	defer tick.Stop()
	idle := time.NewTimer(idleTimeout)
	defer idle.Stop()
	for {
		var lines <-chan string
		if s.eng != nil {
			lines = s.eng.Lines()
		}
		g := s.game
		select {
		case data, ok := <-in:
			if !ok {
				return
			}
			idle.Reset(idleTimeout)
			s.handle(data)
		case <-idle.C:
			s.log.Info().Dur("idle", idleTimeout).Msg("session idle: closed")
			s.conn.Close(websocket.StatusGoingAway, fmt.Sprintf("no message for %v", idleTimeout))
			return
		case text, ok := <-lines:
			if !ok {
				s.engineGone()
				continue
			}
			s.engineLine(text)
		case <-tick.C:
			s.flushLines()
		case <-giveUpC(s.search):
			// The engine answered neither the stop nor isready in time.
			s.closeEngine()
			s.notice, s.analysing = "The engine stopped answering and was closed.", false
			s.reconcile()
			s.sendState()
		case <-timerC(g, func(g *play) *time.Timer { return g.playerFlag }):
			s.playerFlagFell()
		case <-timerC(g, func(g *play) *time.Timer { return g.engineStop }):
			g.engineStop = nil
			if s.search.kind == searchMove && !s.search.stopping {
				s.eng.Stop()
			}
		case <-timerC(g, func(g *play) *time.Timer { return g.engineFlag }):
			s.engineFlagFell()
		case <-s.ctx.Done():
			return
		}
	}
}

// timerC returns the channel of one of the game's timers, nil (never
// ready) when there is no game or no such timer.
func timerC(g *play, which func(*play) *time.Timer) <-chan time.Time {
	if g == nil {
		return nil
	}
	if t := which(g); t != nil {
		return t.C
	}
	return nil
}

// giveUpC returns the channel of the deadline for the engine's answer to
// stop or isready, nil when none is awaited.
func giveUpC(sr search) <-chan time.Time {
	if sr.giveUp == nil || (sr.kind != searchSync && !sr.stopping) {
		return nil
	}
	return sr.giveUp.C
}

// read passes the page's text messages to the loop; it closes in when the
// connection ends.
func (s *session) read(in chan<- []byte) {
	defer close(in)
	for {
		typ, data, err := s.conn.Read(s.ctx)
		if err != nil {
			return
		}
		if typ != websocket.MessageText {
			data = nil // answered as a bad message
		}
		select {
		case in <- data:
		case <-s.ctx.Done():
			return
		}
	}
}

// send writes one message; a failed write ends the session.
func (s *session) send(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		s.log.Error().Err(err).Msg("encoding a message")
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, writeTimeout)
	defer cancel()
	if err := s.conn.Write(ctx, websocket.MessageText, data); err != nil {
		s.cancel()
	}
}

// sendState sends the whole state.
func (s *session) sendState() { s.send(s.state()) }

// fail answers a message that cannot be done, changing nothing.
func (s *session) fail(msg string) { s.send(errorMsg{T: "error", Msg: msg}) }

// userMayMove tells whether the page may move now: in analysis at any
// position that is not over; in a game on the player's turn at its end.
func (s *session) userMayMove() bool {
	if s.rec.verdict().Over() {
		return false
	}
	if s.mode == modeAnalyse {
		return true
	}
	g := s.game
	return g != nil && !g.over && s.rec.atEnd() && s.rec.position().SideToMove() == g.player
}
