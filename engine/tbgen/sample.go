package tbgen

import (
	"math/rand/v2"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// Sampled is a position of a table with its value for the side to move.
type Sampled struct {
	FEN   string
	Value tb.Value
}

// Sample draws n legal positions of table t at random (uniformly over its
// legal index entries), with their values.
func Sample(t *tb.Table, n int, rng *rand.Rand) []Sampled {
	out := make([]Sampled, 0, n)
	pos := new(engine.Position)
	lay := t.Layout()
	for tries := 0; len(out) < n && tries < 1000*n; tries++ {
		i := rng.Int64N(lay.Size())
		v := t.At(i)
		if v == tb.Illegal || !setIndex(pos, lay, i) {
			continue
		}
		out = append(out, Sampled{FEN: pos.FEN(), Value: v})
	}
	return out
}
