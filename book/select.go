package book

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/goxq/ucci/engine"
)

// Randomness is how freely Select strays from the highest-weight move.
type Randomness int

// Randomness levels. RandomNone always plays the highest weight; the others
// pick at random with probability proportional to weight^e, where e is 4,
// 2, 1, 1/2 and 1/4 from RandomTiny to RandomHuge: a large exponent
// sharpens the preference for heavy moves, a small one flattens it.
const (
	RandomNone Randomness = iota
	RandomTiny
	RandomSmall
	RandomMedium
	RandomLarge
	RandomHuge
)

var randomnessNames = [...]string{"none", "tiny", "small", "medium", "large", "huge"}

var randomnessExponents = [...]float64{0, 4, 2, 1, 0.5, 0.25}

// String returns the level's name as UCCI's "randomness" option spells it.
func (r Randomness) String() string {
	if r < 0 || int(r) >= len(randomnessNames) {
		return fmt.Sprintf("Randomness(%d)", int(r))
	}
	return randomnessNames[r]
}

// ParseRandomness reads a level name: none, tiny, small, medium, large, huge.
func ParseRandomness(s string) (Randomness, error) {
	for i, name := range randomnessNames {
		if s == name {
			return Randomness(i), nil
		}
	}
	return RandomNone, fmt.Errorf("unknown randomness %q (want none, tiny, small, medium, large or huge)", s)
}

// Options steers Select.
type Options struct {
	Randomness Randomness
	// MaxPly stops using the book from this ply on (counted from the
	// game's first move, see Ply); 0 means no limit.
	MaxPly int
	// Filter, when set, drops the moves it returns false for (banned
	// moves, moves that would repeat).
	Filter func(engine.Move) bool
}

// Ply returns the number of plies played before pos, derived from its move
// number and side to move.
func Ply(pos *engine.Position) int {
	p := 2 * (pos.Fullmove() - 1)
	if pos.SideToMove() == engine.Black {
		p++
	}
	return p
}

// Select probes src and chooses a move. It returns NoMove when the book has
// nothing (or pos is past MaxPly), and the candidates that passed the
// filter, highest weight first, appended to dst (for info lines). rng may
// be nil, which means no randomness. Select does not allocate when dst has
// room and Filter does not.
func Select(src Source, pos *engine.Position, opt Options, rng *rand.Rand, dst []Entry) (engine.Move, []Entry) {
	if src == nil || opt.MaxPly > 0 && Ply(pos) >= opt.MaxPly {
		return engine.NoMove, dst
	}
	start := len(dst)
	all := src.Probe(pos, dst)
	cands := all[:start]
	for _, e := range all[start:] {
		if e.Weight > 0 && (opt.Filter == nil || opt.Filter(e.Move)) {
			cands = append(cands, e)
		}
	}
	list := cands[start:]
	if len(list) == 0 {
		return engine.NoMove, cands
	}
	if opt.Randomness <= RandomNone || int(opt.Randomness) >= len(randomnessExponents) || rng == nil {
		return list[0].Move, cands
	}
	exp := randomnessExponents[opt.Randomness]
	total := 0.0
	for _, e := range list {
		total += math.Pow(float64(e.Weight), exp)
	}
	r := rng.Float64() * total
	for _, e := range list {
		r -= math.Pow(float64(e.Weight), exp)
		if r < 0 {
			return e.Move, cands
		}
	}
	return list[len(list)-1].Move, cands
}
