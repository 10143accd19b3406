package nnuetrain

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/tuning/posfile"
)

// Config configures training.
type Config struct {
	Epochs    int
	BatchSize int
	LR        float64 // Adam's step size in the first epoch
	LRDecay   float64 // the step size is multiplied by this after each epoch
	Lambda    float64 // weight of the search score in the target (the rest: the result)
	K         float64 // centipawn-to-result constant of the sigmoid
	Workers   int     // goroutines (0: one per core)
	Seed      uint64
	// Mirror trains on each position or its mirror image, chosen at random
	// each epoch (the validation positions are used as they are).
	Mirror bool
	// Patience stops training after that many epochs in a row without a
	// lower validation loss (0: never early). With validation positions,
	// the model left at the end is that of the epoch with the lowest
	// validation loss (EpochStats.Best), not necessarily the last one.
	Patience int
	// EpochDone, if set, is called after each epoch.
	EpochDone func(EpochStats)
	// BatchDone, if set, is called after each batch with the batch number
	// within the epoch and the number of batches.
	BatchDone func(batch, batches int)
}

// DefaultK is the engine's centipawn-to-result constant (the Texel fit of
// its classical evaluation; tuning/README.md).
const DefaultK = 0.010228

// DefaultConfig returns the settings of `ucci tune nnue`.
func DefaultConfig() Config {
	return Config{Epochs: 30, BatchSize: 16384, LR: 0.001, LRDecay: 0.92, Lambda: 0.7, K: DefaultK, Seed: 1, Mirror: true}
}

// EpochStats is the state after one epoch.
type EpochStats struct {
	Epoch                int
	TrainLoss, ValidLoss float64
	LR                   float64
	Elapsed              time.Duration
	// Best tells whether this epoch has the lowest validation loss so far.
	Best bool
}

// Split divides records into training and validation positions: blocks of
// blockSize consecutive records (about ten games for 1024), one block in
// validEvery on average (a seeded choice) for validation.
func Split(recs []posfile.Record, validEvery, blockSize int, seed uint64) (train, valid []posfile.Record) {
	blockSize = max(blockSize, 1)
	rng := rand.New(rand.NewPCG(seed, 99))
	for start := 0; start < len(recs); start += blockSize {
		block := recs[start:min(start+blockSize, len(recs))]
		if validEvery > 0 && rng.IntN(validEvery) == 0 {
			valid = append(valid, block...)
		} else {
			train = append(train, block...)
		}
	}
	return train, valid
}

// trainer holds the state of one run.
type trainer struct {
	cfg    Config
	model  *Model
	grads  []*Model // one per worker
	m, v   *Model   // Adam's moments
	step   int
	kScale float32 // K * Scale: the output's slope in the sigmoid
}

// Train fits model (NewModel or FromNet) to the training positions and
// reports the validation loss after each epoch. With validation positions
// it leaves in model the weights of the epoch with the lowest validation
// loss, and with cfg.Patience it stops when the loss has not fallen for
// that many epochs. It stops early with the context's error (model then
// holds the best epoch so far).
func Train(ctx context.Context, model *Model, train, valid []posfile.Record, cfg Config) ([]EpochStats, error) {
	if len(train) == 0 {
		return nil, errors.New("nnue: no training positions")
	}
	if cfg.Epochs < 1 || cfg.BatchSize < 1 || cfg.LR <= 0 || cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.K <= 0 || cfg.Patience < 0 {
		return nil, fmt.Errorf("nnue: bad settings %+v", cfg)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	arch := model.Arch
	t := &trainer{cfg: cfg, model: model, m: newModel(arch), v: newModel(arch), kScale: float32(cfg.K * nnue.Scale)}
	for range cfg.Workers {
		t.grads = append(t.grads, newModel(arch))
	}
	order := make([]int32, len(train))
	for i := range order {
		order[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 7))
	lr := cfg.LR
	var stats []EpochStats
	best, bestLoss, sinceBest := newModel(arch), math.Inf(1), 0
	defer func() {
		if !math.IsInf(bestLoss, 1) {
			model.copyFrom(best)
		}
	}()
	start := time.Now()
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		batches := (len(order) + cfg.BatchSize - 1) / cfg.BatchSize
		var sum float64
		for b := range batches {
			if err := ctx.Err(); err != nil {
				return stats, err
			}
			idx := order[b*cfg.BatchSize : min((b+1)*cfg.BatchSize, len(order))]
			sum += t.batch(train, idx, lr, uint64(epoch))
			if cfg.BatchDone != nil {
				cfg.BatchDone(b+1, batches)
			}
		}
		st := EpochStats{Epoch: epoch, TrainLoss: sum / float64(len(order)), ValidLoss: math.NaN(), LR: lr, Elapsed: time.Since(start)}
		if len(valid) > 0 {
			st.ValidLoss = Loss(model, valid, cfg)
			sinceBest++
			if st.ValidLoss < bestLoss {
				best.copyFrom(model)
				bestLoss, sinceBest, st.Best = st.ValidLoss, 0, true
			}
		}
		stats = append(stats, st)
		if cfg.EpochDone != nil {
			cfg.EpochDone(st)
		}
		if cfg.Patience > 0 && sinceBest >= cfg.Patience {
			break
		}
		lr *= cfg.LRDecay
	}
	return stats, nil
}

// mirrorChoice tells whether record i is mirrored in an epoch: a hash of
// both, so each epoch sees a fresh half of the mirror images.
func mirrorChoice(i, epoch uint64) bool {
	x := i*0x9e3779b97f4a7c15 ^ epoch*0xbf58476d1ce4e5b9
	x ^= x >> 31
	x *= 0x94d049bb133111eb
	return x>>63 == 1
}

// target is the training target of a sample.
func target(s *sample, lambda float64, k float32) float32 {
	return float32(lambda)*sigmoid(k*s.score) + float32(1-lambda)*s.result
}

func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// batch runs one batch over the workers and takes an Adam step; it
// returns the batch's summed loss.
func (t *trainer) batch(recs []posfile.Record, idx []int32, lr float64, epoch uint64) float64 {
	var wg sync.WaitGroup
	losses := make([]float64, len(t.grads))
	per := (len(idx) + len(t.grads) - 1) / len(t.grads)
	k := float32(t.cfg.K)
	for w, g := range t.grads {
		part := idx[min(w*per, len(idx)):min((w+1)*per, len(idx))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.zero()
			var s sample
			var sc scratch
			var loss float64
			for _, i := range part {
				decode(&recs[i], &s, t.cfg.Mirror && mirrorChoice(uint64(i), epoch), t.model.Arch)
				out := t.model.forward(&s, &sc)
				p := sigmoid(t.kScale * out)
				d := p - target(&s, t.cfg.Lambda, k)
				loss += float64(d * d)
				t.model.backward(&s, &sc, 2*d*p*(1-p)*t.kScale, g)
			}
			losses[w] = loss
		}()
	}
	wg.Wait()
	for _, g := range t.grads[1:] {
		t.grads[0].add(g)
	}
	t.adam(t.grads[0], float32(1/float64(len(idx))), lr)
	var sum float64
	for _, l := range losses {
		sum += l
	}
	return sum
}

// Adam's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// adam takes one step with gradient g (scaled by scale) and clips every
// weight to its quantisation bound.
func (t *trainer) adam(g *Model, scale float32, lr float64) {
	t.step++
	c1 := 1 - math.Pow(beta1, float64(t.step))
	c2 := 1 - math.Pow(beta2, float64(t.step))
	stepSize := float32(lr * math.Sqrt(c2) / c1)
	var ps, ms, vs [][]float32
	t.model.params(func(p []float32, _ float32) { ps = append(ps, p) })
	t.m.params(func(p []float32, _ float32) { ms = append(ms, p) })
	t.v.params(func(p []float32, _ float32) { vs = append(vs, p) })
	i := 0
	g.params(func(gp []float32, limit float32) {
		p, m, v := ps[i], ms[i], vs[i]
		for j, x := range gp {
			x *= scale
			m[j] = beta1*m[j] + (1-beta1)*x
			v[j] = beta2*v[j] + (1-beta2)*x*x
			w := p[j] - stepSize*m[j]/(float32(math.Sqrt(float64(v[j])))+epsilon)
			p[j] = min(max(w, -limit), limit)
		}
		i++
	})
}

// Loss returns the mean loss of model over recs (on every core).
func Loss(model *Model, recs []posfile.Record, cfg Config) float64 {
	return parallelLoss(recs, cfg, model.Arch, func() func(*sample) float32 {
		var sc scratch
		ks := float32(cfg.K * nnue.Scale)
		return func(s *sample) float32 { return sigmoid(ks * model.forward(s, &sc)) }
	})
}

// QuantizedLoss returns the mean loss of the integer net over recs, as the
// engine computes it.
func QuantizedLoss(n *nnue.Net, recs []posfile.Record, cfg Config) float64 {
	return parallelLoss(recs, cfg, n.Arch, func() func(*sample) float32 {
		var us, them [l1]int16
		k := float32(cfg.K)
		return func(s *sample) float32 {
			n.Refresh(&us, s.us[:s.n])
			n.Refresh(&them, s.them[:s.n])
			return sigmoid(k * float32(n.Evaluate(&us, &them, s.n)))
		}
	})
}

// parallelLoss sums the squared error of a predictor over recs, decoded
// for a net of layout arch.
func parallelLoss(recs []posfile.Record, cfg Config, arch int, newPredictor func() func(*sample) float32) float64 {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	per := (len(recs) + workers - 1) / workers
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		part := recs[min(w*per, len(recs)):min((w+1)*per, len(recs))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			predict := newPredictor()
			var s sample
			k := float32(cfg.K)
			for i := range part {
				decode(&part[i], &s, false, arch)
				d := predict(&s) - target(&s, cfg.Lambda, k)
				sums[w] += float64(d * d)
			}
		}()
	}
	wg.Wait()
	var sum float64
	for _, x := range sums {
		sum += x
	}
	return sum / float64(max(len(recs), 1))
}
