package nnuetrain

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine/nnue"
)

// TestAddRowKernelsAgree: the vectorised row addition gives the portable
// loop's floats bit for bit (where the CPU has AVX2; elsewhere both are the
// portable loop).
func TestAddRowKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Log("no AVX2 here: only the portable kernel runs")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		var a, b, src [l1]float32
		for i := range a {
			a[i] = float32(rng.NormFloat64())
			b[i] = a[i]
			src[i] = float32(rng.NormFloat64() * 1e-3)
		}
		addRow(&a, &src)
		addRowGeneric(&b, &src)
		if a != b {
			t.Fatal("the kernels disagree")
		}
	}
}

// TestTrainingSameWithoutAVX2: a few training steps on either kernel end
// with identical weights.
func TestTrainingSameWithoutAVX2(t *testing.T) {
	recs := testRecords(t, 600)
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	var models [2]*Model
	for k, avx := range []bool{saved, false} {
		useAVX2 = avx
		cfg := DefaultConfig()
		cfg.Epochs, cfg.BatchSize, cfg.Workers = 2, 64, 1
		models[k] = NewModel(1, nnue.ArchGeneral)
		if _, err := Train(context.Background(), models[k], recs, nil, cfg); err != nil {
			t.Fatal(err)
		}
	}
	for i := range models[0].W1 {
		if models[0].W1[i] != models[1].W1[i] {
			t.Fatalf("weight %d: %v with AVX2, %v without", i, models[0].W1[i], models[1].W1[i])
		}
	}
	if models[0].W2 != models[1].W2 || models[0].B1 != models[1].B1 || models[0].B2 != models[1].B2 {
		t.Fatal("output layer or biases differ")
	}
}

// BenchmarkTrainStep measures forward and backward passes per second, on
// the kernel of this CPU and on the portable one.
func BenchmarkTrainStep(b *testing.B) {
	recs := testRecords(b, 2000)
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, avx := range []bool{saved, false} {
		name := "portable"
		if avx {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			useAVX2 = avx
			m, g := NewModel(1, nnue.ArchPlain), newModel(nnue.ArchPlain)
			var s sample
			var sc scratch
			i := 0
			for b.Loop() {
				decode(&recs[i%len(recs)], &s, false, nnue.ArchPlain)
				m.forward(&s, &sc)
				m.backward(&s, &sc, 0.01, g)
				i++
			}
		})
	}
}
