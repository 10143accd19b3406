package nnuetrain

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/tuning/posfile"
)

// testRecords plays random games and labels their positions with a score
// made from material, so that there is something to learn.
func testRecords(t testing.TB, n int) []posfile.Record {
	t.Helper()
	rng := rand.New(rand.NewPCG(4, 4))
	var out []posfile.Record
	for len(out) < n {
		p, _ := engine.NewPosition(engine.StartFEN)
		for ply := 0; ply < 60 && len(out) < n; ply++ {
			var list engine.MoveList
			p.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			p.PlayGameMove(list.Moves[rng.IntN(list.Count)])
			if ply%6 != 5 {
				continue // a few positions of many games
			}
			score := 0
			for s := engine.Square(0); s < engine.NumSquares; s++ {
				if pc := p.Board(s); pc != engine.NoPiece {
					v := [8]int{0, 0, 20, 20, 40, 90, 45, 10}[pc.Type()]
					if pc.Color() != p.SideToMove() {
						v = -v
					}
					score += v
				}
			}
			res := posfile.Draw
			if score > 50 {
				res = posfile.Win
			} else if score < -50 {
				res = posfile.Loss
			}
			out = append(out, posfile.Encode(p, score, res, ply))
		}
	}
	return out
}

// lossOf is the loss of one sample.
func lossOf(m *Model, s *sample, cfg Config) float64 {
	var sc scratch
	p := sigmoid(float32(cfg.K*400) * m.forward(s, &sc))
	d := float64(p - target(s, cfg.Lambda, float32(cfg.K)))
	return d * d
}

// TestGradient compares backward with finite differences, in both layouts
// (the general-bucket one with its shared rows).
func TestGradient(t *testing.T) {
	for _, arch := range []int{nnue.ArchPlain, nnue.ArchGeneral} {
		testGradient(t, arch)
	}
}

func testGradient(t *testing.T, arch int) {
	cfg := DefaultConfig()
	m := NewModel(3, arch)
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range m.W1[:nnue.Features(arch)*l1] {
		m.W1[i] += float32(rng.Float64()*0.1 - 0.05) // the buckets' own rows start at zero
	}
	for i := range m.B1 {
		m.B1[i] = 0.3 // most units in the sloped part
	}
	recs := testRecords(t, 50)
	for _, r := range recs[:10] {
		var s sample
		decode(&r, &s, false, arch)
		g := newModel(arch)
		var sc scratch
		out := m.forward(&s, &sc)
		p := sigmoid(float32(cfg.K*400) * out)
		d := p - target(&s, cfg.Lambda, float32(cfg.K))
		m.backward(&s, &sc, 2*d*p*(1-p)*float32(cfg.K*400), g)
		check := func(name string, w *float32, grad float32) {
			const h = 1e-3
			old := *w
			*w = old + h
			up := lossOf(m, &s, cfg)
			*w = old - h
			down := lossOf(m, &s, cfg)
			*w = old
			num := (up - down) / (2 * h)
			if math.Abs(num-float64(grad)) > 1e-4+0.05*math.Abs(num) {
				t.Errorf("arch %d, %s: backward %g, finite difference %g", arch, name, grad, num)
			}
		}
		f := int(s.us[0])
		check("W1", &m.W1[f*l1+5], g.W1[f*l1+5])
		if m.factored() {
			sh := int(sharedRow(s.us[0]))
			check("W1 shared", &m.W1[sh*l1+5], g.W1[sh*l1+5])
		}
		check("B1", &m.B1[7], g.B1[7])
		check("W2 us", &m.W2[s.bucket][9], g.W2[s.bucket][9])
		check("W2 them", &m.W2[s.bucket][l1+9], g.W2[s.bucket][l1+9])
		check("B2", &m.B2[s.bucket], g.B2[s.bucket])
	}
}

// TestTrainingLearnsAndQuantizes: a few epochs lower the validation loss,
// and the quantised net's loss is close to the float model's, in both
// layouts.
func TestTrainingLearnsAndQuantizes(t *testing.T) {
	for _, arch := range []int{nnue.ArchPlain, nnue.ArchGeneral} {
		testTrainingLearnsAndQuantizes(t, arch)
	}
}

func testTrainingLearnsAndQuantizes(t *testing.T, arch int) {
	recs := testRecords(t, 4000)
	train, valid := Split(recs, 5, 50, 1)
	if len(valid) == 0 || len(train) < len(valid) {
		t.Fatalf("split %d/%d", len(train), len(valid))
	}
	cfg := DefaultConfig()
	cfg.Epochs, cfg.BatchSize, cfg.LR = 6, 128, 0.005
	m := NewModel(1, arch)
	before := Loss(m, valid, cfg)
	stats, err := Train(context.Background(), m, train, valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	after := bestLoss(stats)
	if !(after < before*0.8) {
		t.Errorf("arch %d: validation loss %.5f -> %.5f", arch, before, after)
	}
	net := m.Quantize("test")
	if net.Arch != arch {
		t.Fatalf("a model of arch %d quantised to arch %d", arch, net.Arch)
	}
	q := QuantizedLoss(net, valid, cfg)
	if math.Abs(q-after) > 0.1*after+1e-4 {
		t.Errorf("arch %d: quantised loss %.5f, float %.5f", arch, q, after)
	}
	// The quantised net read back into floats gives the same loss.
	if back := Loss(FromNet(m.Quantize("")), valid, cfg); math.Abs(back-q) > 0.02*q+1e-5 {
		t.Errorf("arch %d: dequantised loss %.5f, quantised %.5f", arch, back, q)
	}
}

// bestLoss is the lowest validation loss of stats.
func bestLoss(stats []EpochStats) float64 {
	best := math.Inf(1)
	for _, s := range stats {
		best = min(best, s.ValidLoss)
	}
	return best
}

// TestEarlyStopping: a model trained too long on too few positions
// overfits; training stops Patience epochs after the best validation loss
// and leaves the model of that epoch.
func TestEarlyStopping(t *testing.T) {
	recs := testRecords(t, 3000)
	train, valid := Split(recs, 2, 50, 1)
	cfg := DefaultConfig()
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.LRDecay, cfg.Patience = 40, 64, 0.02, 1, 2
	m := NewModel(1, nnue.ArchPlain)
	stats, err := Train(context.Background(), m, train[:300], valid, cfg)
	if err != nil {
		t.Fatal(err)
	}
	bestAt := -1
	for i, s := range stats {
		if s.Best {
			bestAt = i
		}
	}
	if len(stats) == cfg.Epochs || bestAt != len(stats)-1-cfg.Patience {
		t.Fatalf("%d epochs, best at epoch %d: want a stop %d epochs after the best", len(stats), bestAt+1, cfg.Patience)
	}
	if got := Loss(m, valid, cfg); got != stats[bestAt].ValidLoss {
		t.Errorf("model left with validation loss %.6f, best epoch had %.6f", got, stats[bestAt].ValidLoss)
	}
}

// TestMirrorDecoding: the mirror image of a position whose generals both
// stand off the centre file has the same inputs (the layout mirrors such
// views already); with a general on the centre file its side's differ.
func TestMirrorDecoding(t *testing.T) {
	sorted := func(f [32]uint16, n int) []uint16 {
		out := append([]uint16(nil), f[:n]...)
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		fen  string
		same bool
	}{
		{"3k5/9/9/9/4P4/9/2n6/9/4A4/5K3 w - - 0 1", true},
		{"4k4/9/9/9/4P4/9/2n6/9/4A4/5K3 w - - 0 1", false},
	} {
		p, err := engine.NewPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		r := posfile.Encode(p, 0, posfile.Draw, 0)
		var a, b sample
		decode(&r, &a, false, nnue.ArchPlain)
		decode(&r, &b, true, nnue.ArchPlain)
		same := slices.Equal(sorted(a.us, a.n), sorted(b.us, b.n)) && slices.Equal(sorted(a.them, a.n), sorted(b.them, b.n))
		if same != c.same {
			t.Errorf("%s: mirrored inputs equal: %v, want %v", c.fen, same, c.same)
		}
	}
}
