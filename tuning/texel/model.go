package texel

import (
	"math"
	"runtime"
	"sync"

	"github.com/goxq/ucci/engine"
)

// Eval returns the evaluation of position i under x, from Red's view, or
// NaN when i is out of range or x has the wrong length.
func (d *Dataset) Eval(x Params, i int) float64 {
	if i < 0 || i >= len(d.ent) || len(x) != 2*d.nParams {
		return math.NaN()
	}
	return d.eval(x, i)
}

// eval is Eval without the checks.
func (d *Dataset) eval(x Params, i int) float64 {
	e := &d.ent[i]
	var mg, eg float64
	for k := e.off; k < e.off+uint32(e.n); k++ {
		j := int(d.idx[k])
		c := float64(d.coef[k])
		mg += c * x[2*j]
		eg += c * x[2*j+1]
	}
	ph := float64(e.phase)
	return (mg*ph + eg*(engine.MaxPhase-ph)) / engine.MaxPhase
}

// sigmoid is the logistic function.
func sigmoid(v float64) float64 { return 1 / (1 + math.Exp(-v)) }

// Loss returns the mean squared error of sigmoid(k·E) against the results,
// over workers goroutines (0: one per core). An empty dataset has loss 0;
// weights of the wrong length give NaN.
func (d *Dataset) Loss(x Params, k float64, workers int) float64 {
	return d.lossGrad(x, k, nil, workers)
}

// Gradient writes the gradient of Loss with respect to x into grad (same
// length as x) and returns the loss (NaN, and grad untouched, when the
// lengths are wrong).
func (d *Dataset) Gradient(x Params, k float64, grad []float64, workers int) float64 {
	return d.lossGrad(x, k, grad, workers)
}

// lossGrad computes the loss and, when grad is not nil, its gradient.
func (d *Dataset) lossGrad(x Params, k float64, grad []float64, workers int) float64 {
	n := len(d.ent)
	if len(x) != 2*d.nParams || grad != nil && len(grad) != len(x) {
		return math.NaN()
	}
	if grad != nil {
		clear(grad)
	}
	if n == 0 {
		return 0
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, n)
	sums := make([]float64, workers)
	grads := make([][]float64, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := w*n/workers, (w+1)*n/workers
		if grad != nil {
			grads[w] = make([]float64, len(grad))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[w] = d.chunk(x, k, grads[w], lo, hi)
		}()
	}
	wg.Wait()
	loss := 0.0
	for w := range sums {
		loss += sums[w]
		for i, g := range grads[w] {
			grad[i] += g
		}
	}
	inv := 1 / float64(n)
	for i := range grad {
		grad[i] *= inv
	}
	return loss * inv
}

// chunk sums the squared errors of positions lo..hi-1 and, when grad is
// not nil, adds their gradient (not yet divided by the count).
func (d *Dataset) chunk(x Params, k float64, grad []float64, lo, hi int) float64 {
	sum := 0.0
	for i := lo; i < hi; i++ {
		e := &d.ent[i]
		p := sigmoid(k * d.eval(x, i))
		diff := float64(e.result) - p
		sum += diff * diff
		if grad == nil {
			continue
		}
		// d(diff²)/dE = −2·diff·p·(1−p)·k, shared out by phase.
		g := -2 * diff * p * (1 - p) * k
		ph := float64(e.phase) / engine.MaxPhase
		gm, ge := g*ph, g*(1-ph)
		for j := e.off; j < e.off+uint32(e.n); j++ {
			w := int(d.idx[j])
			c := float64(d.coef[j])
			grad[2*w] += gm * c
			grad[2*w+1] += ge * c
		}
	}
	return sum
}
