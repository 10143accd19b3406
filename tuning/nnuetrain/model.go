package nnuetrain

import (
	"math"
	"math/rand/v2"

	"github.com/goxq/ucci/engine/nnue"
)

const (
	l1      = nnue.L1
	buckets = nnue.OutputBuckets
)

// Model is the float network being trained (and, in the same shape, a
// gradient).
type Model struct {
	// Arch is the net's layout, nnue.ArchPlain or nnue.ArchGeneral.
	Arch int
	// W1[f*l1+i]: input f, accumulator entry i. In the general-bucket
	// layout the net's inputs are followed by nnue.PlainFeatures shared
	// rows (a factoriser): every input also activates the shared row of
	// its plain feature, so that what holds wherever the general stands
	// is learnt from every position; Quantize adds the shared row into
	// each input's own.
	W1 []float32
	B1 [l1]float32
	W2 [buckets][2 * l1]float32
	B2 [buckets]float32
}

// newModel returns a zero model of layout arch.
func newModel(arch int) *Model {
	return &Model{Arch: arch, W1: make([]float32, rowsOf(arch)*l1)}
}

// rowsOf is the number of first-layer rows of a model of layout arch.
func rowsOf(arch int) int {
	if arch == nnue.ArchGeneral {
		return nnue.Features(arch) + nnue.PlainFeatures
	}
	return nnue.Features(arch)
}

// factored tells whether m has shared rows.
func (m *Model) factored() bool { return m.Arch == nnue.ArchGeneral }

// sharedRow returns the shared row of input f (factored models only).
func sharedRow(f uint16) uint16 { return uint16(nnue.MaxFeatures + int(f)%nnue.PlainFeatures) }

// NewModel returns a model of layout arch (nnue.ArchPlain or
// nnue.ArchGeneral) with small random weights (seeded). In the
// general-bucket layout the random weights are the shared rows' and the
// buckets' own rows start at zero, so that it starts as a plain net.
func NewModel(seed uint64, arch int) *Model {
	if nnue.Features(arch) == 0 {
		arch = nnue.ArchPlain
	}
	m := newModel(arch)
	rng := rand.New(rand.NewPCG(seed, 11))
	first := 0
	if m.factored() {
		first = nnue.Features(arch) * l1
	}
	for i := first; i < len(m.W1); i++ {
		m.W1[i] = float32(rng.Float64()*0.2 - 0.1)
	}
	for b := range m.W2 {
		for i := range m.W2[b] {
			m.W2[b][i] = float32(rng.Float64()*0.08 - 0.04) // within OutputWeightLimit
		}
	}
	return m
}

// outputBiasLimit bounds the output biases (any value fits their int32).
const outputBiasLimit = 100

// params calls f on every parameter slice of m, in a fixed order, with
// the bound that keeps its quantised values within their types.
func (m *Model) params(f func(p []float32, limit float32)) {
	f(m.W1, nnue.FeatureWeightLimit)
	f(m.B1[:], nnue.FeatureWeightLimit)
	for b := range m.W2 {
		f(m.W2[b][:], nnue.OutputWeightLimit)
	}
	f(m.B2[:], outputBiasLimit)
}

// zero clears m (a gradient).
func (m *Model) zero() { m.params(func(p []float32, _ float32) { clear(p) }) }

// copyFrom sets m to o.
func (m *Model) copyFrom(o *Model) {
	var dst [][]float32
	m.params(func(p []float32, _ float32) { dst = append(dst, p) })
	i := 0
	o.params(func(p []float32, _ float32) {
		copy(dst[i], p)
		i++
	})
}

// add adds o to m.
func (m *Model) add(o *Model) {
	var dst [][]float32
	m.params(func(p []float32, _ float32) { dst = append(dst, p) })
	i := 0
	o.params(func(p []float32, _ float32) {
		d := dst[i]
		for j := range p {
			d[j] += p[j]
		}
		i++
	})
}

// scratch is one worker's per-sample buffers.
type scratch struct {
	acc [2][l1]float32 // first-layer sums: side to move, other side
}

// forward returns the output for s, leaving the first layer's sums in sc.
func (m *Model) forward(s *sample, sc *scratch) float32 {
	for k, feats := range [2]*[32]uint16{&s.us, &s.them} {
		a := &sc.acc[k]
		*a = m.B1
		for _, f := range feats[:s.n] {
			addRow(a, m.rowOf(f))
		}
		if m.factored() {
			for _, f := range feats[:s.n] {
				addRow(a, m.rowOf(sharedRow(f)))
			}
		}
	}
	w := &m.W2[s.bucket]
	out := m.B2[s.bucket]
	for k := range 2 {
		a := &sc.acc[k]
		wk := w[k*l1 : k*l1+l1]
		for i, x := range a {
			c := min(max(x, 0), 1)
			out += c * c * wk[i]
		}
	}
	return out
}

// backward adds to g the gradient of the loss for s given dOut, the
// loss's derivative by the output, and the sums forward left in sc.
func (m *Model) backward(s *sample, sc *scratch, dOut float32, g *Model) {
	b := s.bucket
	g.B2[b] += dOut
	w, gw := &m.W2[b], &g.W2[b]
	var dAcc [l1]float32
	for k, feats := range [2]*[32]uint16{&s.us, &s.them} {
		a := &sc.acc[k]
		wk, gk := w[k*l1:k*l1+l1], gw[k*l1:k*l1+l1]
		for i, x := range a {
			if x <= 0 {
				dAcc[i] = 0
				continue
			}
			c := min(x, 1)
			gk[i] += dOut * c * c
			if x < 1 {
				dAcc[i] = dOut * wk[i] * 2 * x
			} else {
				dAcc[i] = 0
			}
		}
		for i := range dAcc {
			g.B1[i] += dAcc[i]
		}
		for _, f := range feats[:s.n] {
			addRow(g.rowOf(f), &dAcc)
		}
		if m.factored() {
			for _, f := range feats[:s.n] {
				addRow(g.rowOf(sharedRow(f)), &dAcc)
			}
		}
	}
}

// Quantize returns the integer net of m (weights are within the clip, so
// every value fits its type; an input's weight plus its shared row's is
// clipped again).
func (m *Model) Quantize(description string) *nnue.Net {
	n := nnue.NewNet(m.Arch)
	for i := range n.FeatureWeights {
		w := m.W1[i]
		if m.factored() {
			w += m.W1[int(sharedRow(uint16(i/l1)))*l1+i%l1]
			w = min(max(w, -nnue.FeatureWeightLimit), nnue.FeatureWeightLimit)
		}
		n.FeatureWeights[i] = int16(math.Round(float64(w) * nnue.QA))
	}
	for i, w := range m.B1 {
		n.FeatureBias[i] = int16(math.Round(float64(w) * nnue.QA))
	}
	for b := range m.W2 {
		for i, w := range m.W2[b] {
			n.OutputWeights[b][i] = int16(math.Round(float64(w) * nnue.QB))
		}
		n.OutputBias[b] = int32(math.Round(float64(m.B2[b]) * nnue.QA * nnue.QB))
	}
	n.Description = description
	return n
}

// FromNet returns the float model of a quantised net (to train it
// further); a general-bucket net's shared rows start at zero.
func FromNet(n *nnue.Net) *Model {
	m := newModel(n.Arch)
	for i, w := range n.FeatureWeights {
		m.W1[i] = float32(w) / nnue.QA
	}
	for i, w := range n.FeatureBias {
		m.B1[i] = float32(w) / nnue.QA
	}
	for b := range n.OutputWeights {
		for i, w := range n.OutputWeights[b] {
			m.W2[b][i] = float32(w) / nnue.QB
		}
		m.B2[b] = float32(n.OutputBias[b]) / (nnue.QA * nnue.QB)
	}
	return m
}
