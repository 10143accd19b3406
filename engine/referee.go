package engine

import (
	"errors"
	"fmt"
)

// DefaultNaturalLimit is the natural-move limit in plies: 60 moves each
// without a capture (checks beyond a side's tenth not counted).
const DefaultNaturalLimit = 120

// ErrGameOver is returned for a move played after the game has ended.
var ErrGameOver = errors.New("the game is already over")

// Game is the referee: it plays the moves of one game and decides its result
// under a rule set. Use NewGame, then Play for each move.
type Game struct {
	pos          Position
	startFEN     string
	moves        []Move
	rules        RuleSet
	naturalLimit int
	folds        int
	verdict      Verdict
}

// NewGame starts a game from fen (StartFEN for the usual start) under rules,
// with the default natural limit (120 plies) and three-fold repetition.
func NewGame(fen string, rules RuleSet) (*Game, error) {
	g := &Game{rules: rules, naturalLimit: DefaultNaturalLimit, folds: 3}
	if err := g.pos.SetFEN(fen); err != nil {
		return nil, err
	}
	g.startFEN = g.pos.FEN()
	g.verdict = g.judge(g.folds)
	return g, nil
}

// SetNaturalLimit sets the natural-move limit in plies; 0 turns it off.
func (g *Game) SetNaturalLimit(plies int) { g.naturalLimit = max(plies, 0) }

// SetRepetitionFolds sets how many occurrences of a position trigger the
// repetition rules (3 by default; the xqbase league uses 4).
func (g *Game) SetRepetitionFolds(n int) { g.folds = max(n, 2) }

// StartFEN returns the start position.
func (g *Game) StartFEN() string { return g.startFEN }

// Moves returns the moves played so far (do not modify).
func (g *Game) Moves() []Move { return g.moves }

// Position returns the current position, with the game's history. It is
// the referee's own: read it, do not change it; Play changes it.
func (g *Game) Position() *Position { return &g.pos }

// Verdict returns the current result.
func (g *Game) Verdict() Verdict { return g.verdict }

// Play plays move m, which must be legal, and returns the verdict after it.
func (g *Game) Play(m Move) (Verdict, error) {
	if g.verdict.Over() {
		return g.verdict, fmt.Errorf("%w (%s): move %s", ErrGameOver, g.verdict, m)
	}
	if !g.pos.IsPseudoLegal(m) || !g.pos.IsLegal(m) {
		return g.verdict, fmt.Errorf("%w: %s", ErrIllegalMove, m)
	}
	g.pos.PlayGameMove(m)
	g.moves = append(g.moves, m)
	g.verdict = g.judge(g.folds)
	return g.verdict, nil
}

// VerdictAfter returns the verdict that Play(m) would give with the
// repetition rules triggered at folds occurrences (see SetRepetitionFolds),
// without playing m: the game, its position and its settings stay as they
// are. The errors are those of Play.
func (g *Game) VerdictAfter(m Move, folds int) (Verdict, error) {
	if g.verdict.Over() {
		return g.verdict, fmt.Errorf("%w (%s): move %s", ErrGameOver, g.verdict, m)
	}
	if !g.pos.IsPseudoLegal(m) || !g.pos.IsLegal(m) {
		return g.verdict, fmt.Errorf("%w: %s", ErrIllegalMove, m)
	}
	folds = max(folds, 2)
	if g.pos.historyNearlyFull() {
		// Play would first drop old plies, which cannot be undone: judge
		// a copy of the game (rare: hundreds of plies without a capture).
		probe := Game{pos: g.pos, rules: g.rules, naturalLimit: g.naturalLimit}
		probe.pos.PlayGameMove(m)
		return probe.judge(folds), nil
	}
	g.pos.MakeMove(m)
	v := g.judge(folds)
	g.pos.UnmakeMove(m)
	return v, nil
}

// PlayMove plays a move given in ICCS coordinates.
func (g *Game) PlayMove(s string) (Verdict, error) {
	if g.verdict.Over() {
		return g.verdict, fmt.Errorf("%w (%s): move %s", ErrGameOver, g.verdict, s)
	}
	m, err := g.pos.ParseMove(s)
	if err != nil {
		return g.verdict, err
	}
	return g.Play(m)
}

// judge decides the state of the current position, with the repetition
// rules triggered at folds occurrences: no legal move loses (mate or
// stalemate); then repetition; then the natural limit; then insufficient
// material.
func (g *Game) judge(folds int) Verdict {
	p := &g.pos
	mover := p.side.Opponent()
	if !p.HasLegalMove() {
		if p.inCheck {
			return Verdict{WinFor(mover), Checkmate}
		}
		return Verdict{WinFor(mover), Stalemate}
	}
	if count, oldest := p.findRepetition(); count+1 >= folds {
		return p.judgeCycle(oldest, g.rules, true)
	}
	if g.naturalLimit > 0 && int(p.rule60) >= g.naturalLimit {
		return Verdict{Draw, NaturalLimit}
	}
	if p.insufficientMaterial() {
		return Verdict{Draw, InsufficientMaterial}
	}
	return Verdict{}
}
