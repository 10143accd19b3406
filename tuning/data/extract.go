package data

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// Options selects the positions of a game that become samples.
type Options struct {
	// SkipPlies skips the positions before this ply of the game record
	// (the opening, which book theory rather than evaluation decides).
	SkipPlies int
	// Every takes one candidate position in Every (1 or less: all).
	Every int
	// MaxPerGame keeps at most this many positions of a game, a random
	// subset seeded by Seed and the game number (0: no limit).
	MaxPerGame int
	// Seed makes the random choices of MaxPerGame reproducible.
	Seed uint64
	// MaxScore drops positions whose quiescence score is larger than this
	// in absolute value (0: keep all but mate scores).
	MaxScore int
}

// DefaultOptions are the options of `ucci tune data`: all positions from
// ply 10 on.
func DefaultOptions() Options { return Options{SkipPlies: 10, Every: 1} }

// Errors for games that give no samples.
var (
	ErrNoResult = errors.New("game without a result")
	ErrBadStart = errors.New("bad start position")
)

// Extractor turns games into samples. It owns a searcher for the quiet
// leaves, so it is not safe for concurrent use: give every goroutine its
// own.
type Extractor struct {
	opt  Options
	s    *engine.Searcher
	leaf engine.Position // the quiet leaf of the last sample
}

// NewExtractor returns an extractor with the given options.
func NewExtractor(opt Options) *Extractor {
	return &Extractor{opt: opt, s: engine.NewSearcher(1)}
}

// Game returns the samples of one game, numbered id. A game without a
// result or with an unusable start position gives ErrNoResult or
// ErrBadStart.
func (x *Extractor) Game(g *pgn.Game, id int) ([]Sample, error) {
	res, ok := ParseResult(g.Result)
	if !ok {
		if res, ok = ParseResult(g.Tag("Result")); !ok {
			return nil, ErrNoResult
		}
	}
	pos, err := engine.NewPosition(g.StartFEN())
	if err != nil {
		return nil, ErrBadStart
	}
	plies := x.candidates(pos, g.Moves)
	plies = x.subset(plies, id)
	// A fresh table per game makes the leaves independent of the order in
	// which games reach this extractor.
	x.s.Clear()
	var out []Sample
	next := 0
	for ply := 0; ply <= len(g.Moves) && next < len(plies); ply++ {
		if ply == plies[next] {
			next++
			if s, ok := x.sample(pos, res, id); ok {
				out = append(out, s)
			}
		}
		if ply < len(g.Moves) {
			pos.PlayGameMove(g.Moves[ply])
		}
	}
	return out, nil
}

// candidates lists the plies (positions before move ply; len(moves) is
// the final position) that are past the opening, not in check, and on the
// Every stride.
func (x *Extractor) candidates(start *engine.Position, moves []engine.Move) []int {
	every := max(x.opt.Every, 1)
	pos := *start
	var plies []int
	for ply := 0; ply <= len(moves); ply++ {
		if ply >= x.opt.SkipPlies && (ply-x.opt.SkipPlies)%every == 0 && !pos.InCheck() {
			plies = append(plies, ply)
		}
		if ply < len(moves) {
			pos.PlayGameMove(moves[ply])
		}
	}
	return plies
}

// subset keeps a random MaxPerGame of the plies, in order.
func (x *Extractor) subset(plies []int, id int) []int {
	n := x.opt.MaxPerGame
	if n <= 0 || len(plies) <= n {
		return plies
	}
	rng := rand.New(rand.NewPCG(x.opt.Seed, uint64(id)))
	rng.Shuffle(len(plies), func(i, j int) { plies[i], plies[j] = plies[j], plies[i] })
	plies = plies[:n]
	slices.Sort(plies)
	return plies
}

// sample labels the quiet leaf of pos, or reports that it is unusable.
func (x *Extractor) sample(pos *engine.Position, res float64, id int) (Sample, bool) {
	leaf := &x.leaf
	score := x.s.QuietLeaf(pos, leaf)
	if leaf.InCheck() || engine.IsMateScore(score) {
		return Sample{}, false
	}
	if x.opt.MaxScore > 0 && (score > x.opt.MaxScore || score < -x.opt.MaxScore) {
		return Sample{}, false
	}
	return Sample{FEN: leaf.FEN(), Result: res, Game: id}, true
}
