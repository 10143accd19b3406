package nnue

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkEvaluate measures the output layer (both perspectives' dot
// products and the scaling) on accumulators of random features: the cost
// the search pays at every evaluated node.
func BenchmarkEvaluate(b *testing.B) {
	n := randomNet(1, ArchPlain)
	rng := rand.New(rand.NewPCG(7, 7))
	feats := make([]uint16, 32)
	for i := range feats {
		feats[i] = uint16(rng.IntN(PlainFeatures))
	}
	var us, them [L1]int16
	n.Refresh(&us, feats)
	n.Refresh(&them, feats[16:])
	sum := 0
	for b.Loop() {
		sum += n.Evaluate(&us, &them, 32)
	}
	if sum == 1 {
		b.Log(sum)
	}
}
