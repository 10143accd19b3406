package wdlfit

import (
	"errors"
	"math"
)

// minimize finds a local minimum of f, whose gradient grad computes, from
// x0 by damped Newton steps (Levenberg–Marquardt): the Hessian is the
// central difference of the gradient, and λ·I is added to it until the
// step lowers f. It suits the model's few coefficients; f may be +Inf
// where the coefficients make no distribution, and steps there are
// refused like any step that does not lower f.
func minimize(f func(x []float64) float64, grad func(g, x []float64), x0 []float64) (x []float64, iterations int, err error) {
	n := len(x0)
	x = append([]float64(nil), x0...)
	fx := f(x)
	if math.IsInf(fx, 0) || math.IsNaN(fx) {
		return nil, 0, errors.New("the starting point has no finite loss")
	}
	g := make([]float64, n)
	gp, gm := make([]float64, n), make([]float64, n)
	h := make([][]float64, n)
	for i := range h {
		h[i] = make([]float64, n)
	}
	xn, step := make([]float64, n), make([]float64, n)
	lambda := 1e-3
	for iterations = 1; iterations <= maxIterations; iterations++ {
		grad(g, x)
		if maxAbs(g) < gradientTolerance {
			return x, iterations, nil
		}
		hessian(grad, x, h, gp, gm)
		improved := false
		for lambda <= maxLambda {
			if !solveDamped(h, g, lambda, step) {
				lambda *= 10
				continue
			}
			for i := range x {
				xn[i] = x[i] - step[i]
			}
			if fn := f(xn); fn < fx {
				done := fx-fn < 1e-13*(1+math.Abs(fx))
				copy(x, xn)
				fx = fn
				lambda = max(lambda/10, 1e-12)
				improved = true
				if done {
					return x, iterations, nil
				}
				break
			}
			lambda *= 10
		}
		if !improved {
			// No step lowers f: x is a minimum to the precision of f.
			return x, iterations, nil
		}
	}
	return x, maxIterations, errors.New("no convergence")
}

// Limits of minimize.
const (
	maxIterations     = 500
	maxLambda         = 1e12
	gradientTolerance = 1e-10
)

// hessian sets h to the symmetrised central difference of the gradient.
func hessian(grad func(g, x []float64), x []float64, h [][]float64, gp, gm []float64) {
	n := len(x)
	for j := range n {
		d := 1e-5 * max(1, math.Abs(x[j]))
		keep := x[j]
		x[j] = keep + d
		grad(gp, x)
		x[j] = keep - d
		grad(gm, x)
		x[j] = keep
		for i := range n {
			h[i][j] = (gp[i] - gm[i]) / (2 * d)
		}
	}
	for i := range n {
		for j := range i {
			v := (h[i][j] + h[j][i]) / 2
			h[i][j], h[j][i] = v, v
		}
	}
}

// solveDamped solves (h + λ·I) step = g by Cholesky decomposition; false
// when the matrix is not positive definite.
func solveDamped(h [][]float64, g []float64, lambda float64, step []float64) bool {
	n := len(g)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
	}
	for i := range n {
		for j := 0; j <= i; j++ {
			s := h[i][j]
			if i == j {
				s += lambda
			}
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				if !(s > 0) {
					return false
				}
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	// L y = g, then Lᵀ step = y.
	for i := range n {
		s := g[i]
		for k := range i {
			s -= l[i][k] * step[k]
		}
		step[i] = s / l[i][i]
	}
	for i := n - 1; i >= 0; i-- {
		s := step[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * step[k]
		}
		step[i] = s / l[i][i]
	}
	return true
}

// maxAbs returns the largest absolute value of v.
func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	return m
}
