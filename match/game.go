package match

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
)

// GameResult is a finished game.
type GameResult struct {
	Number  int // game number in schedule order, from 1
	Pairing int // index into Result.Pairings
	Opening int // index into the openings, from 0
	Red     int // engine index of Red
	Black   int // engine index of Black
	// Termination is the result, the reason for it and the runner's
	// explanation.
	Termination engine.Termination
	// StartFEN and Moves are the game from the opening's start position,
	// the opening moves included; Notes[i] tells what the runner knows of
	// Moves[i].
	StartFEN string
	Moves    []engine.Move
	Notes    []MoveNote
	// Left is the time on each side's clock at the end, 0 for a side that
	// lost on time (index by Color).
	Left [2]time.Duration
	// Forfeit marks the side that lost on time (index by Color).
	Forfeit [2]bool
	// PonderHits and PonderMisses count, for engines that ponder, the
	// opponent's moves that were and were not the predicted reply (index
	// by Color).
	PonderHits, PonderMisses [2]int
	// Worker names the broker's worker that played the game ("" for a
	// game played here); the PGN records it in [Worker].
	Worker string
	// Started and Duration are the wall-clock start and length of the game.
	Started  time.Time
	Duration time.Duration
	// absent tells why a side had no engine (index by Color): the game was
	// then forfeited (21.4), both sides when both were absent (21.3).
	absent [2]absence
}

// Score returns the points of engine e in this game: 1, 0.5 or 0 (0 also
// when e did not play).
func (g GameResult) Score(e int) float64 {
	switch {
	case g.Termination.Outcome == engine.Draw && (e == g.Red || e == g.Black):
		return 0.5
	case g.Termination.Outcome == engine.RedWins && e == g.Red,
		g.Termination.Outcome == engine.BlackWins && e == g.Black:
		return 1
	}
	return 0
}

// MoveNote is what the runner knows of one move, for its PGN comment.
type MoveNote struct {
	// Book marks a move of the opening, or a book move the engine
	// announced (a depth-0 info line and no search score).
	Book bool
	// Score is the mover's last score with its depth (HasScore), in the
	// engine's own view; mates are ±(engine.ScoreMate − plies).
	Score, Depth int
	HasScore     bool
	// Time is how long the engine took.
	Time time.Duration
}

// Comment returns the note as cutechess writes it after a move: "book",
// or "+0.35/12 1.2s" (score in pawns from the mover's side, "+M9" / "-M8"
// for a mate in that many plies, then the depth), or the time alone when
// the engine gave no score with a depth. The time has three decimals
// below 0.1 s, two below 1 s, one below 10 s, none above; "0s" for none.
func (n MoveNote) Comment() string {
	if n.Book {
		return "book"
	}
	var b strings.Builder
	if n.HasScore && n.Depth > 0 {
		fmt.Fprintf(&b, "%s/%d ", ScoreText(n.Score), n.Depth)
	}
	ms := n.Time.Milliseconds()
	precision := 0
	switch {
	case ms == 0:
		b.WriteString("0s")
		return b.String()
	case ms < 100:
		precision = 3
	case ms < 1000:
		precision = 2
	case ms < 10000:
		precision = 1
	}
	fmt.Fprintf(&b, "%.*fs", precision, float64(ms)/1000)
	return b.String()
}

// ScoreText writes an engine's score as the PGN comments do: in pawns
// from the engine's side ("+0.35", "-1.20", "0.00"), "+M9" / "-M8" for a
// mate in that many plies.
func ScoreText(score int) string {
	abs := max(score, -score)
	switch {
	case engine.IsMateScore(score) && score > 0:
		return fmt.Sprintf("+M%d", engine.ScoreMate-abs)
	case engine.IsMateScore(score):
		return fmt.Sprintf("-M%d", engine.ScoreMate-abs)
	case score > 0:
		return fmt.Sprintf("+%.2f", float64(score)/100)
	}
	return fmt.Sprintf("%.2f", float64(score)/100)
}

// gameState is a game in progress.
type gameState struct {
	cfg    *Config
	ref    *engine.Game
	clocks [2]timeman.Clock
	all    []string   // every move in ICCS
	notes  []MoveNote // one per move
	capFEN string     // FEN after the last capture (or the start)
	since  []string   // moves since capFEN
	offer  int        // colour that offered a draw with its last move, or -1
	adj    adjudicator
	term   engine.Termination // how the game ended; see judgeTurn
	// ponderHits and ponderMisses count the predictions of engines that
	// ponder (index by Color).
	ponderHits, ponderMisses [2]int
	// absent says why a side has no engine (index by Color).
	absent [2]absence
	// watch reports the game (nil: nobody watches).
	watch *gameWatch
}

// newGameState sets up the referee and clocks and plays the opening moves.
func newGameState(cfg *Config, o Opening) (*gameState, error) {
	ref, err := cfg.newReferee(o.FEN)
	if err != nil {
		return nil, err
	}
	gs := &gameState{cfg: cfg, ref: ref, capFEN: ref.StartFEN(), offer: -1, adj: adjudicator{rules: cfg.Adjudication}}
	gs.clocks[engine.Red] = timeman.NewClock(cfg.Control.Red, cfg.grace())
	gs.clocks[engine.Black] = timeman.NewClock(cfg.Control.Black, cfg.grace())
	for _, m := range o.Moves {
		if _, err := gs.play(m); err != nil {
			return nil, err
		}
		gs.notes = append(gs.notes, MoveNote{Book: true})
	}
	return gs, nil
}

// play plays a legal move through the referee and updates the histories.
func (gs *gameState) play(m engine.Move) (engine.Verdict, error) {
	v, err := gs.ref.Play(m)
	if err != nil {
		return v, err
	}
	s := m.String()
	gs.all = append(gs.all, s)
	if m.IsCapture() {
		pos := gs.ref.Position()
		gs.capFEN, gs.since = pos.FEN(), nil
	} else {
		gs.since = append(gs.since, s)
	}
	return v, nil
}

// over tells whether the game has ended.
func (gs *gameState) over() bool { return gs.term.Over() }

// playGame plays one game between two sessions (index by Color; a nil
// session forfeits its first move as a crash, absent saying why). The
// openings were checked (Config.withDefaults): the game goes on after
// them. It returns errCancelled when ctx ends before the game does. The
// game is reported to watch (nil: nobody watches).
func playGame(ctx context.Context, cfg *Config, o Opening, players [2]*session, absent [2]absence, watch *gameWatch) (*gameState, error) {
	gs, err := newGameState(cfg, o)
	if err != nil {
		return nil, err
	}
	gs.absent, gs.watch = absent, watch
	watch.started(gs)
	gs.term = gs.tablebaseEnding() // an opening already in the tables
	for !gs.over() {
		if ctx.Err() != nil {
			return gs, errCancelled
		}
		pos := gs.ref.Position()
		side := pos.SideToMove()
		plies := len(gs.all)
		if err := gs.turn(ctx, side, players[side]); err != nil {
			return gs, err
		}
		watch.moved(gs, side, plies)
	}
	for _, s := range players {
		s.cancelPonder(ctx)
	}
	return gs, nil
}

// setupLines returns the lines that set the engine up for the position: the
// position command and, for UCCI engines, banmoves.
func (gs *gameState) setupLines(s *session) []string {
	setup := []string{engineproc.PositionLine(s.Proto(), gs.ref.StartFEN(), gs.all, gs.capFEN, gs.since)}
	if s.Proto() == engineproc.ProtoUCCI && !gs.cfg.NoBanMoves {
		if ban := banLine(gs.bannedMoves()); ban != "" {
			setup = append(setup, ban)
		}
	}
	return setup
}

// goArgs returns what the go command tells the engine of side: the clocks
// and a draw offer of the opponent.
func (gs *gameState) goArgs(side engine.Color, s *session) engineproc.GoArgs {
	clock := &gs.clocks[side]
	return engineproc.GoArgs{
		Seconds: s.Spec().Seconds,
		Draw:    gs.offer == int(side.Opponent()) && s.Proto() == engineproc.ProtoUCCI,
		Red:     side == engine.Red,
		CapOnly: !clock.Schedule().HasClock(),
		Own:     clock.Report(),
		Opp:     gs.clocks[side.Opponent()].Report(),
	}
}

// turn asks the engine of side for a move, and the adjudication chain
// (judgeTurn) decides whether the game ends; when it goes on, an engine
// that ponders starts its ponder search.
func (gs *gameState) turn(ctx context.Context, side engine.Color, s *session) error {
	deadline := gs.clocks[side].Deadline()
	var r reply
	switch {
	case s == nil: // no engine: judgeTurn ends the game
	case s.ponder != nil:
		s.onInfo = gs.watch.searching(gs, side, s.Proto())
		r = gs.ponderAnswer(ctx, side, s, deadline)
	default:
		s.onInfo = gs.watch.searching(gs, side, s.Proto())
		r = s.think(ctx, gs.setupLines(s), engineproc.GoLine(s.Proto(), gs.goArgs(side, s)), deadline-gs.cfg.grace(), deadline)
	}
	if r.fail == failAborted {
		return errCancelled
	}
	if gs.term = gs.judgeTurn(side, s, r, deadline); !gs.over() {
		gs.startPonder(ctx, side, s, r.bm.Ponder)
	}
	return nil
}
