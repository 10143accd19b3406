package broker

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/match"
)

// wireVersion is the version of the work and result messages: 2 since the
// endings off the board are numbered right after the referee's
// (engine.Reason) instead of from 64.
const wireVersion = 2

// The kinds of work.
const (
	kindGames   = ""        // a game pair
	kindDatagen = "datagen" // a chunk of training positions
)

// Work is one work item of a run, as the coordinator publishes it: a game
// pair, or a chunk of training positions (Kind "datagen").
type Work struct {
	Version int    `json:"v"`
	Run     string `json:"run"`
	ID      int    `json:"id"` // the pair id or the chunk number, unique in the run
	Kind    string `json:"kind,omitempty"`
	// GOOS and GOARCH are the platform the engine binaries run on.
	GOOS   string `json:"goos"`
	GOARCH string `json:"goarch"`
	// Engines are the pairing's two engines; Games play them by index.
	Engines  [2]Engine  `json:"engines"`
	Games    []WireGame `json:"games"`
	Opening  Opening    `json:"opening"`
	Settings Settings   `json:"settings"`
	// Datagen is the chunk of a datagen work item.
	Datagen *DatagenWork `json:"datagen,omitempty"`
}

// DatagenWork is a chunk of a data-generation run: the worker makes it
// with `tune datagen -make-chunk ID` of the ucci build SHA256 and Args
// (the run's flags and inputs; "sha256:HASH" stands for a file of the
// object store).
type DatagenWork struct {
	SHA256 string   `json:"sha256"`
	Args   []string `json:"args"`
}

// Engine is an engine of a work item: its binary by SHA-256 and how to
// run it.
type Engine struct {
	Name    string              `json:"name"`
	SHA256  string              `json:"sha256"`
	Args    []string            `json:"args,omitempty"`
	Proto   string              `json:"proto"`
	Options []engineproc.Option `json:"options,omitempty"`
	Seconds bool                `json:"seconds,omitempty"`
	Ponder  bool                `json:"ponder,omitempty"`
}

// WireGame is one game of a work item: its number in the match and which
// of the two engines has Red (0 or 1; the other has Black).
type WireGame struct {
	Number int `json:"number"`
	Red    int `json:"red"`
}

// Opening is the opening of a work item: a FEN and ICCS moves.
type Opening struct {
	FEN   string   `json:"fen"`
	Moves []string `json:"moves,omitempty"`
}

// Settings are the rules of play of a run (match.Config without the
// engines, the openings and the outputs).
type Settings struct {
	Control          timeman.Control  `json:"control"`
	Grace            time.Duration    `json:"grace"`
	Rules            engine.RuleSet   `json:"rules"`
	NaturalLimit     int              `json:"naturallimit"`
	Folds            int              `json:"folds"`
	MaxPlies         int              `json:"maxplies"`
	NoBanMoves       bool             `json:"nobanmoves,omitempty"`
	Adjudication     match.ScoreRules `json:"adjudication"`
	HandshakeTimeout time.Duration    `json:"handshake"`
	QuitTimeout      time.Duration    `json:"quit"`
	Restart          bool             `json:"restart,omitempty"`
}

var (
	runPattern  = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	hashPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// maxGames is the most games a work item holds (a game pair).
const maxGames = 2

// decodeWork reads and checks a work item; an error means it is malformed
// and must not be retried.
func decodeWork(data []byte) (*Work, error) {
	var w Work
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("malformed work: %v", err)
	}
	switch {
	case w.Version != wireVersion:
		return &w, fmt.Errorf("work version %d, want %d", w.Version, wireVersion)
	case !runPattern.MatchString(w.Run):
		return &w, errors.New("work without a valid run id")
	case w.ID < 0:
		return &w, fmt.Errorf("work id %d", w.ID)
	case w.GOOS == "" || w.GOARCH == "":
		return &w, errors.New("work without a platform")
	case w.Kind == kindDatagen:
		return &w, w.Datagen.check()
	case w.Kind != kindGames:
		return &w, fmt.Errorf("work of unknown kind %q", w.Kind)
	case len(w.Games) == 0 || len(w.Games) > maxGames:
		return &w, fmt.Errorf("work with %d games (want 1 or 2)", len(w.Games))
	}
	for i, e := range w.Engines {
		if !hashPattern.MatchString(e.SHA256) {
			return &w, fmt.Errorf("engine %d: no valid sha256", i+1)
		}
		if _, err := engineproc.ParseProtocol(e.Proto); err != nil {
			return &w, fmt.Errorf("engine %d: %v", i+1, err)
		}
	}
	for _, g := range w.Games {
		if g.Red != 0 && g.Red != 1 {
			return &w, fmt.Errorf("game %d: red engine %d (want 0 or 1)", g.Number, g.Red)
		}
	}
	return &w, nil
}

// check checks a chunk's binary and the file references of its flags.
func (d *DatagenWork) check() error {
	switch {
	case d == nil:
		return errors.New("datagen work without its chunk")
	case !hashPattern.MatchString(d.SHA256):
		return errors.New("datagen work: no valid sha256")
	}
	for _, a := range d.Args {
		if sum, ok := strings.CutPrefix(a, fileRef); ok && !hashPattern.MatchString(sum) {
			return fmt.Errorf("datagen work: file reference %q", a)
		}
	}
	return nil
}

// config returns the match configuration that plays the work with the
// engine binaries at paths.
func (w *Work) config(paths [2]string) (match.Config, error) {
	s := w.Settings
	cfg := match.Config{
		Control:          s.Control,
		Grace:            s.Grace,
		Rules:            s.Rules,
		NaturalLimit:     s.NaturalLimit,
		Folds:            s.Folds,
		MaxPlies:         s.MaxPlies,
		NoBanMoves:       s.NoBanMoves,
		Adjudication:     s.Adjudication,
		HandshakeTimeout: s.HandshakeTimeout,
		QuitTimeout:      s.QuitTimeout,
		Restart:          s.Restart,
		Games:            len(w.Games),
	}
	for i, e := range w.Engines {
		proto, _ := engineproc.ParseProtocol(e.Proto)
		cfg.Engines = append(cfg.Engines, engineproc.EngineSpec{
			Name: e.Name, Cmd: paths[i], Args: e.Args, Proto: proto,
			Options: e.Options, Seconds: e.Seconds, Ponder: e.Ponder,
		})
	}
	o, err := w.Opening.parse()
	if err != nil {
		return cfg, fmt.Errorf("opening: %v", err)
	}
	cfg.Openings = []match.Opening{o}
	return cfg, nil
}

// parse reads the opening, checking its moves.
func (o Opening) parse() (match.Opening, error) {
	pos, err := engine.NewPosition(o.FEN)
	if err != nil {
		return match.Opening{}, err
	}
	out := match.Opening{FEN: pos.FEN()}
	out.Moves, err = parseMoves(pos, o.Moves)
	return out, err
}

// parseMoves reads ICCS moves played from pos, checking each.
func parseMoves(pos *engine.Position, moves []string) ([]engine.Move, error) {
	var out []engine.Move
	for _, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, err
		}
		pos.PlayGameMove(m)
		out = append(out, m)
	}
	return out, nil
}

// moveStrings returns moves in ICCS.
func moveStrings(moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// Result is what a worker stores for a work item.
type Result struct {
	Version int    `json:"v"`
	Run     string `json:"run"`
	ID      int    `json:"id"`
	Worker  string `json:"worker"`
	// Games are the finished games in the order of the work's games.
	Games []WireResult `json:"games"`
	// Error, when set, says why the work could not be played (an engine
	// that cannot be started, a chunk that cannot be made); the run stops.
	Error string `json:"error,omitempty"`
	// Chunk is the made chunk of a datagen work item.
	Chunk *ChunkResult `json:"chunk,omitempty"`
	// Refused, when set, says that the worker refused the work item (it
	// was not signed by a key the worker trusts); nothing was run.
	Refused *Refusal `json:"refused,omitempty"`
}

// Refusal is a worker's refusal of a work item: the public key that
// signed it ("" when it was unsigned or the key malformed) and why.
type Refusal struct {
	Signer string `json:"signer,omitempty"`
	Reason string `json:"reason"`
}

// ChunkResult is a chunk of training positions a worker made: its file is
// in the chunk store under Object, with that SHA-256.
type ChunkResult struct {
	Object string `json:"object"`
	SHA256 string `json:"sha256"`
}

// WireResult is a finished game (match.GameResult with ICCS moves; the
// coordinator fills in the indices it scheduled).
type WireResult struct {
	Number       int              `json:"number"`
	Outcome      engine.Outcome   `json:"outcome"`
	Reason       engine.Reason    `json:"reason"`
	Detail       string           `json:"detail,omitempty"`
	StartFEN     string           `json:"fen"`
	Moves        []string         `json:"moves"`
	Notes        []match.MoveNote `json:"notes"`
	Left         [2]time.Duration `json:"left"`
	Forfeit      [2]bool          `json:"forfeit"`
	PonderHits   [2]int           `json:"ponderhits"`
	PonderMisses [2]int           `json:"pondermisses"`
	Started      time.Time        `json:"started"`
	Duration     time.Duration    `json:"duration"`
}

// wireResult returns the game as a worker sends it.
func wireResult(g match.GameResult) WireResult {
	return WireResult{
		Number: g.Number, Outcome: g.Termination.Outcome, Reason: g.Termination.Reason,
		Detail: g.Termination.Detail, StartFEN: g.StartFEN, Moves: moveStrings(g.Moves),
		Notes: g.Notes, Left: g.Left, Forfeit: g.Forfeit, PonderHits: g.PonderHits,
		PonderMisses: g.PonderMisses, Started: g.Started, Duration: g.Duration,
	}
}

// game returns the match game of a result for the scheduled game s,
// checking the moves and the result.
func (r WireResult) game(s match.ScheduledGame) (match.GameResult, error) {
	g := match.GameResult{
		Number: s.Number, Pairing: s.Pairing, Opening: s.Opening, Red: s.Red, Black: s.Black,
		Termination: engine.Termination{Outcome: r.Outcome, Reason: r.Reason, Detail: r.Detail},
		Notes:       r.Notes, Left: r.Left, Forfeit: r.Forfeit, PonderHits: r.PonderHits,
		PonderMisses: r.PonderMisses, Started: r.Started, Duration: r.Duration,
	}
	if r.Number != s.Number {
		return g, fmt.Errorf("result of game %d for game %d", r.Number, s.Number)
	}
	switch r.Outcome {
	case engine.RedWins, engine.BlackWins, engine.Draw:
	default:
		return g, fmt.Errorf("game %d: no result", s.Number)
	}
	pos, err := engine.NewPosition(r.StartFEN)
	if err != nil {
		return g, fmt.Errorf("game %d: %v", s.Number, err)
	}
	g.StartFEN = pos.FEN()
	if g.Moves, err = parseMoves(pos, r.Moves); err != nil {
		return g, fmt.Errorf("game %d: %v", s.Number, err)
	}
	if len(g.Notes) != len(g.Moves) {
		return g, fmt.Errorf("game %d: %d notes for %d moves", s.Number, len(g.Notes), len(g.Moves))
	}
	return g, nil
}
