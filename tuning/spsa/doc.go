// Package spsa tunes integer engine parameters by simultaneous
// perturbation stochastic approximation driven by game results.
//
// Every iteration k draws a random sign Δ_i = ±1 per parameter and plays
// the engine with θ + c_k·Δ against the engine with θ − c_k·Δ (values
// rounded and clamped to each parameter's range). With r the first
// engine's wins minus losses, every parameter moves by
//
//	θ_i += a_k · r · Δ_i / c_k,  a_k = a / (A + k)^α,  c_k = c / k^γ
//
// (α = 0.602, γ = 0.101, A = a tenth of the iterations). Each parameter's
// c and a follow from its end-of-run perturbation CEnd and learning rate
// REnd (a_end = REnd·CEnd², the convention of common engine tuners), so
// that c_N = CEnd and a_N = a_end at the last iteration N.
//
// The games are played by a Match function, so the algorithm is tested on
// a simulated objective and used with the match runner (package
// match) against a tuning build of the engine.
package spsa
