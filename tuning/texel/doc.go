// Package texel fits the evaluation weights of package engine to labelled
// positions (Texel's tuning method).
//
// The evaluation is linear in its weights: for a position with
// coefficients c (engine.EvalFeatures, Red minus Black) and phase φ,
//
//	E = Σ c_i·(MG_i·φ + EG_i·(MaxPhase−φ)) / MaxPhase
//
// from Red's point of view. Each position carries the result r of its game
// (1, 0.5, 0 for Red), and the tuner minimises the mean squared error
//
//	L = mean (r − σ(K·E))²,  σ(x) = 1/(1+e^−x),
//
// first over the scaling constant K with the weights fixed (FitK), then over
// the weights with K fixed (Tune, full-batch Adam on the sparse feature
// vectors, on several goroutines). Fixing K from the current weights keeps
// the scale of the evaluation, which the search margins depend on.
//
// Weights that never occur in the data keep their values, frozen groups
// are left alone, material values stay positive, and after the fit the
// occurrence-weighted mean of each piece-square table is moved into the
// piece's material value, which changes no evaluation but keeps material
// readable. Params.Weights rounds the result to an engine.Weights value, and
// FormatParams writes it as engine/params.go. The tuner never changes the
// weights the engine uses: it starts from a copy (DefaultParams).
package texel
