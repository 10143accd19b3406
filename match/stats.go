package match

import "math"

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Record counts wins, draws and losses from one side's view.
type Record struct {
	Wins, Draws, Losses int
}

// add counts a game scored s (1, 0.5 or 0).
func (r *Record) add(s float64) {
	switch s {
	case 1:
		r.Wins++
	case 0.5:
		r.Draws++
	default:
		r.Losses++
	}
}

// Games returns the number of games.
func (r Record) Games() int { return r.Wins + r.Draws + r.Losses }

// Score returns the mean points per game (0..1); 0.5 with no games.
func (r Record) Score() float64 {
	n := r.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(n)
}

// DrawRatio returns the share of draws.
func (r Record) DrawRatio() float64 {
	if n := r.Games(); n > 0 {
		return float64(r.Draws) / float64(n)
	}
	return 0
}

// Elo returns the logistic Elo difference the score implies and its 95%
// confidence interval: with score s = (W + D/2)/N and per-game variance
// σ² = (W(1−s)² + D(½−s)² + L s²)/N, the interval on the score is
// s ± 1.96·σ/√N, mapped through Elo(s) = −400·log10(1/s − 1). A score of 0
// or 1 gives ∓Inf.
func (r Record) Elo() (elo, lo, hi float64) {
	n := float64(r.Games())
	s := r.Score()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	w, d, l := float64(r.Wins)/n, float64(r.Draws)/n, float64(r.Losses)/n
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	margin := z95 * math.Sqrt(variance/n)
	return EloFromScore(s), EloFromScore(s - margin), EloFromScore(s + margin)
}

// LOS returns the likelihood of superiority, the probability that the side
// is the stronger one given wins and losses (draws carry no information):
// LOS = ½·(1 + erf((W − L)/√(2(W + L)))). 0.5 without decisive games.
func (r Record) LOS() float64 {
	wl := float64(r.Wins + r.Losses)
	if wl == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(r.Wins-r.Losses)/math.Sqrt(2*wl)))
}

// EloFromScore converts an expected score (0..1) to a logistic Elo
// difference: −400·log10(1/s − 1); ±Inf at and beyond the ends.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo converts a logistic Elo difference to the expected score
// 1/(1 + 10^(−elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }
