package match

import (
	"errors"
	"fmt"
	"github.com/goxq/ucci/engine/tb"
	"io"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/pgn"
)

// Format is the tournament format.
type Format uint8

// The formats. Gauntlet: the first engine meets each of the others.
// RoundRobin: every engine meets every other, Games games a pairing on
// openings played twice with colours swapped (for rating engines). The
// others are events run as the competition rules run them, round by
// round (see EventOptions): Berger, a round robin by the round-robin order
// table (13.1); Swiss (积分编排制); Knockout and DoubleElimination; Groups,
// seeded groups then a final.
const (
	Gauntlet Format = iota
	RoundRobin
	Berger
	Swiss
	Knockout
	DoubleElimination
	Groups
)

// String returns the format's name as ParseFormat reads it (an event
// format's is its event.System's).
func (f Format) String() string {
	switch {
	case f == RoundRobin:
		return "roundrobin"
	case f.IsEvent() && f <= Groups:
		return f.system().String()
	}
	return "gauntlet"
}

// IsEvent tells whether the format is played round by round as an event.
func (f Format) IsEvent() bool { return f >= Berger }

// ParseFormat reads a format name: gauntlet, roundrobin (also rr),
// berger, swiss, knockout, double (also double-elimination) or groups.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "gauntlet":
		return Gauntlet, nil
	case "roundrobin", "round-robin", "rr":
		return RoundRobin, nil
	case "berger":
		return Berger, nil
	case "swiss":
		return Swiss, nil
	case "knockout", "ko":
		return Knockout, nil
	case "double", "double-elimination":
		return DoubleElimination, nil
	case "groups":
		return Groups, nil
	}
	return Gauntlet, fmt.Errorf("unknown format %q (want gauntlet, roundrobin, berger, swiss, knockout, double or groups)", s)
}

// Off, given to a Config or ScoreRules setting that can be turned off
// (Grace, NaturalLimit, MaxPlies, ScoreRules.ResignMoves and DrawMoves),
// turns it off; any negative value does the same. A zero setting always
// takes its default.
const Off = -1

// Config describes a match. Every field is optional but Engines: zero takes
// the default noted, and a setting that can be off says so (Off).
type Config struct {
	// Engines lists the participants; at least two.
	Engines []engineproc.EngineSpec
	// Games is the number of games of each pairing (default 2).
	Games int
	// Format is gauntlet (default), round robin or an event format; the
	// events take their settings from EventOptions.
	Format       Format
	EventOptions EventOptions
	// Control is the time control; the zero Control means 10+0.1.
	Control timeman.Control
	// Grace is how long a move may come after the clock ran out (after
	// stop was sent) and still count (default 200 ms, UCCILEAG's
	// StoppingTime); Off: none.
	Grace time.Duration
	// Openings are played in order, each twice with colours swapped
	// (default DefaultOpenings).
	Openings []Opening
	// Rules is the repetition rule set of the referee (default
	// engine.RulesCXA).
	Rules engine.RuleSet
	// NaturalLimit is the natural-move limit in plies (default
	// engine.DefaultNaturalLimit, 120); Off: none.
	NaturalLimit int
	// Folds is the number of occurrences that triggers the repetition
	// rules (default 3; at least 2). It cannot be off.
	Folds int
	// MaxPlies adjudicates a game still running after this many plies as a
	// draw (the default is no limit, as is Off).
	MaxPlies int
	// NoBanMoves stops the runner from sending UCCI engines banmoves with
	// the moves that would make them lose by a forbidden perpetual one
	// cycle later (the UCCI league sends them; so does the runner by
	// default).
	NoBanMoves bool
	// Adjudication holds the score rules (default: both off).
	Adjudication ScoreRules
	// Tablebases, when set, end a game as soon as its position is in the
	// tables, with the tables' result (Reason engine.Tablebase); an
	// opening already in them is decided before the first move. Local
	// play only (default nil: none).
	Tablebases *tb.Tables
	// SPRT, when set, stops the match once the test decides (two engines;
	// default none).
	SPRT *SPRT
	// Concurrency is the number of games played at once (default 1); with
	// a Remote, the number of game pairs handed out at once.
	Concurrency int
	// Remote, when set, plays the game pairs of a gauntlet or round robin
	// instead of local engine processes (default nil: local play); the
	// counting, the PGN and the SPRT stay here.
	Remote Remote
	// HandshakeTimeout bounds the wait for ucciok/uciok, readyok and the
	// new-game sync (default 10 s). It cannot be off.
	HandshakeTimeout time.Duration
	// QuitTimeout is how long an engine may take to exit after quit before
	// it is killed (default 1 s). It cannot be off.
	QuitTimeout time.Duration
	// Restart starts fresh engine processes for every game instead of
	// reusing them with a new-game command (default false: reuse).
	Restart bool
	// Event and Site fill the PGN tags (Event defaults to "Engine match",
	// Site to none).
	Event, Site string
	// PGN receives every finished game (default nil: none written), written
	// with PGNOptions (the zero value: ICCS moves).
	PGN        io.Writer
	PGNOptions pgn.WriteOptions
	// Log receives the engine traffic (default nil: none).
	Log io.Writer
	// OnGame, if set, is called after each finished game with the game and
	// the match state so far; calls are serialized.
	OnGame func(GameResult, *Result)
	// Watch, if set, follows the games as they are played: their moves,
	// clocks and the engines' searches (see Watcher). Nil costs nothing.
	Watch Watcher
}

// withDefaults returns a copy with the zero settings replaced by their
// defaults (settings that are Off stay negative), or an error for an
// unusable configuration.
func (c Config) withDefaults() (Config, error) {
	if len(c.Engines) < 2 {
		return c, errors.New("a match needs at least two engines")
	}
	for i, e := range c.Engines {
		if e.Cmd == "" {
			return c, fmt.Errorf("engine %d has no command", i+1)
		}
	}
	switch {
	case c.Games < 0, c.Concurrency < 0:
		return c, errors.New("the number of games and the concurrency cannot be negative")
	case c.Folds < 0 || c.Folds == 1:
		return c, fmt.Errorf("folds %d: want 0 (the default, 3) or at least 2", c.Folds)
	case c.HandshakeTimeout < 0 || c.QuitTimeout < 0:
		return c, errors.New("the handshake and quit timeouts cannot be negative (0: the default)")
	}
	if err := c.Adjudication.check(); err != nil {
		return c, err
	}
	if c.Games == 0 {
		c.Games = 2
	}
	if c.Control.IsZero() {
		c.Control, _ = timeman.Parse("10+0.1")
	}
	if c.Grace == 0 {
		c.Grace = 200 * time.Millisecond
	}
	if len(c.Openings) == 0 {
		ops, err := DefaultOpenings()
		if err != nil {
			return c, err
		}
		c.Openings = ops
	}
	if c.NaturalLimit == 0 {
		c.NaturalLimit = engine.DefaultNaturalLimit
	}
	if c.Folds == 0 {
		c.Folds = 3
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.HandshakeTimeout == 0 {
		c.HandshakeTimeout = 10 * time.Second
	}
	if c.QuitTimeout == 0 {
		c.QuitTimeout = time.Second
	}
	if c.Event == "" {
		c.Event = "Engine match"
	}
	if c.Remote != nil && c.Format.IsEvent() {
		return c, fmt.Errorf("the %s format is played locally only (no remote workers)", c.Format)
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return c, errors.New("SPRT needs exactly two engines")
	}
	if c.SPRT != nil && c.Format.IsEvent() {
		return c, fmt.Errorf("SPRT stops a gauntlet or round robin, not an event (%s)", c.Format)
	}
	if c.SPRT != nil {
		if st := c.SPRT.status(PairingStats{}); st.Decision != "" {
			return c, fmt.Errorf("the SPRT's earlier sittings (%d games) decide it already: %s, LLR %.2f [%.2f, %.2f]",
				c.SPRT.Prior.Games(), st.Decision, st.LLR, st.Lower, st.Upper)
		}
	}
	for i, o := range c.Openings {
		if err := c.checkOpening(o); err != nil {
			return c, fmt.Errorf("opening %d: %w", i+1, err)
		}
	}
	return c, nil
}

// grace returns the grace of a configuration with its defaults: none when
// Grace is Off.
func (c *Config) grace() time.Duration { return max(c.Grace, 0) }

// checkOpening plays an opening through the referee: it must be legal and
// leave a game to play.
func (c Config) checkOpening(o Opening) error {
	g, err := c.newReferee(o.FEN)
	if err != nil {
		return err
	}
	for _, m := range o.Moves {
		if _, err := g.Play(m); err != nil {
			return err
		}
	}
	if v := g.Verdict(); v.Over() {
		return fmt.Errorf("the game is over after the opening (%s)", v)
	}
	return nil
}

// newReferee returns a referee for a game from fen under the configured rules.
func (c Config) newReferee(fen string) (*engine.Game, error) {
	g, err := engine.NewGame(fen, c.Rules)
	if err != nil {
		return nil, err
	}
	g.SetNaturalLimit(max(c.NaturalLimit, 0))
	g.SetRepetitionFolds(c.Folds)
	return g, nil
}
