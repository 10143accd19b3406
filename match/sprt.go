package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo of the first engine over the second) with
// error rates Alpha (accepting H1 when H0 holds) and Beta.
//
// The log-likelihood ratio is the generalized SPRT of M. Van den Bergh in
// its normal approximation: for N independent samples with mean score x̄
// and variance σ² (both from the observed frequencies),
//
//	LLR = N·(s1 − s0)·(2x̄ − s0 − s1) / (2σ²),  s_i = 1/(1 + 10^(−Elo_i/400)).
//
// The trinomial model takes games as samples (scores 0, ½, 1); the
// pentanomial model takes game pairs on one opening with colours swapped
// (scores 0, ¼, ½, ¾, 1 per game of the pair), which accounts for the
// correlation the shared opening causes. The test stops when LLR leaves
// [ln(β/(1−α)), ln((1−β)/α)].
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Pentanomial selects the pair model; the default is trinomial.
	Pentanomial bool
	// Prior holds what earlier sittings of the same test counted (the
	// same two engines in the same order, control and openings): a test
	// longer than one sitting goes on from there, its LLR and decision
	// taken over the earlier samples and this match's together.
	Prior SPRTPrior `json:",omitzero"`
}

// SPRTPrior is the record of earlier sittings of a test: the first
// engine's wins, draws and losses for the trinomial model, its game pairs
// by points 0, ½, 1, 1½, 2 for the pentanomial one (the "game pairs" line
// of the report).
type SPRTPrior struct {
	Wins, Draws, Losses int
	Penta               [5]int
}

// IsZero tells whether there is no earlier sitting.
func (p SPRTPrior) IsZero() bool { return p == SPRTPrior{} }

// Games returns the number of games the prior counts.
func (p SPRTPrior) Games() int {
	n := p.Wins + p.Draws + p.Losses
	for _, c := range p.Penta {
		n += 2 * c
	}
	return n
}

// ParseSPRTPrior reads the record of earlier sittings of a test: "W,D,L"
// for the trinomial model, "N0,N1,N2,N3,N4" (game pairs by the first
// engine's points 0 to 2) for the pentanomial one; counts are whole and
// not negative.
func ParseSPRTPrior(s string, pentanomial bool) (SPRTPrior, error) {
	parts := strings.Split(s, ",")
	want, what := 3, "wins,draws,losses of the first engine"
	if pentanomial {
		want, what = 5, "game pairs by the first engine's points 0,0.5,1,1.5,2"
	}
	if len(parts) != want {
		return SPRTPrior{}, fmt.Errorf("sprt prior %q: want %d counts (%s)", s, want, what)
	}
	var v [5]int
	for i, part := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 0 {
			return SPRTPrior{}, fmt.Errorf("sprt prior %q: %q is not a count", s, part)
		}
		v[i] = n
	}
	if pentanomial {
		return SPRTPrior{Penta: v}, nil
	}
	return SPRTPrior{Wins: v[0], Draws: v[1], Losses: v[2]}, nil
}

// withPrior returns the pairing's record with the prior's counts added.
func (t SPRT) withPrior(p PairingStats) PairingStats {
	p.Wins += t.Prior.Wins
	p.Draws += t.Prior.Draws
	p.Losses += t.Prior.Losses
	for i, c := range t.Prior.Penta {
		p.Penta[i] += c
	}
	return p
}

// ParseSPRT reads "elo0,elo1,alpha,beta", e.g. "0,5,0.05,0.05".
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return SPRT{}, fmt.Errorf("sprt %q: want elo0,elo1,alpha,beta", s)
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return SPRT{}, fmt.Errorf("sprt %q: bad number %q", s, p)
		}
		v[i] = f
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if t.Elo1 <= t.Elo0 {
		return SPRT{}, fmt.Errorf("sprt %q: elo1 must exceed elo0", s)
	}
	if t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return SPRT{}, fmt.Errorf("sprt %q: alpha and beta must be in (0, 0.5)", s)
	}
	return t, nil
}

// Bounds returns the lower and upper LLR bounds ln(β/(1−α)) and ln((1−β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of the pairing's record under the
// chosen model.
func (t SPRT) LLR(p PairingStats) float64 {
	if t.Pentanomial {
		return t.llr([]float64{0, 0.25, 0.5, 0.75, 1}, p.Penta[:])
	}
	return t.llr([]float64{0, 0.5, 1}, []int{p.Losses, p.Draws, p.Wins})
}

// llr computes the GSPRT statistic for samples with the given scores and
// counts. It is 0 while the sample has no variance.
func (t SPRT) llr(scores []float64, counts []int) float64 {
	n := 0
	sum := 0.0
	for i, c := range counts {
		n += c
		sum += float64(c) * scores[i]
	}
	if n == 0 {
		return 0
	}
	mean := sum / float64(n)
	variance := 0.0
	for i, c := range counts {
		d := scores[i] - mean
		variance += float64(c) * d * d
	}
	variance /= float64(n)
	if variance <= 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// SPRTStatus is the state of the test.
type SPRTStatus struct {
	Test         SPRT
	LLR          float64
	Lower, Upper float64
	// Decision is "H0" (no gain of Elo1: accept Elo0), "H1" or "" while
	// the test continues. Once taken it stands: the games that were being
	// played when the LLR crossed a bound are counted in LLR but do not
	// undo it.
	Decision string
	// DecidedAt is the number of games of the pairing, with those of
	// Test.Prior, when the LLR crossed the bound (0 while the test
	// continues).
	DecidedAt int
}

// MinSPRTGames is the least number of games before the SPRT may decide: the
// normal approximation of the log-likelihood ratio needs a sample (with few
// games, a lucky run can cross a bound long before the evidence is real).
const MinSPRTGames = 40

// update evaluates the test on the pairing after a game, keeping the
// decision of prev (the status before it) once one was taken.
func (t SPRT) update(prev *SPRTStatus, p PairingStats) *SPRTStatus {
	st := t.status(p)
	switch {
	case prev != nil && prev.Decision != "":
		st.Decision, st.DecidedAt = prev.Decision, prev.DecidedAt
	case st.Decision != "":
		st.DecidedAt = p.Games() + t.Prior.Games()
	}
	return st
}

// status evaluates the test on the pairing and the prior.
func (t SPRT) status(p PairingStats) *SPRTStatus {
	st := &SPRTStatus{Test: t, LLR: t.LLR(t.withPrior(p))}
	st.Lower, st.Upper = t.Bounds()
	switch {
	case p.Games()+t.Prior.Games() < MinSPRTGames:
	case st.LLR >= st.Upper:
		st.Decision = "H1"
	case st.LLR <= st.Lower:
		st.Decision = "H0"
	}
	return st
}
