package protocol

import (
	"fmt"
	"math"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/quote"
)

// Draw offers and resignation (UCCI only; documented in the README):
//   - a draw offered by the opponent (go draw, ponderhit draw) is accepted
//     when our score is at most the style's threshold (solid +20, normal 0,
//     risky -50);
//   - we offer a draw when the last 10 searches all scored within ±10 and
//     40 plies have passed without a capture;
//   - we resign when the last 3 searches all found us mated, or the last 6
//     all scored -1500 or worse.
// Rule-based losses (perpetual check/chase) never cause a resignation: the
// engine can still vary.

type answer int

const (
	answerNone answer = iota
	answerDraw
	answerResign
)

// gameMemory remembers our recent scores in the current game.
type gameMemory struct {
	scores [16]int
	n      int
}

func (g *gameMemory) push(score int) {
	copy(g.scores[1:], g.scores[:len(g.scores)-1])
	g.scores[0] = score
	g.n = min(g.n+1, len(g.scores))
}

// lastAll tells whether the last k scores all satisfy ok.
func (g *gameMemory) lastAll(k int, ok func(int) bool) bool {
	if g.n < k {
		return false
	}
	for _, v := range g.scores[:k] {
		if !ok(v) {
			return false
		}
	}
	return true
}

// decide records a search result and chooses the suffix of bestmove.
func (g *gameMemory) decide(res engine.Result, offered bool, drawThreshold int, pos *engine.Position) answer {
	g.push(res.Score)
	if offered && res.Score <= drawThreshold {
		return answerDraw
	}
	if g.lastAll(3, func(v int) bool { return v <= -engine.ScoreMateBound }) ||
		g.lastAll(6, func(v int) bool { return v <= -1500 && v > -engine.ScoreDecisive }) {
		return answerResign
	}
	if pos != nil && pos.PliesSinceCapture() >= 40 && g.lastAll(10, func(v int) bool { return v >= -10 && v <= 10 }) {
		return answerDraw
	}
	return answerNone
}

// style is the UCCI style option: how readily a draw is accepted.
type style uint8

const (
	styleSolid style = iota
	styleNormal
	styleRisky
)

var styleNames = []string{"solid", "normal", "risky"}

// parseStyle reads a style word.
func parseStyle(v string) (style, error) {
	for i, n := range styleNames {
		if strings.EqualFold(v, n) {
			return style(i), nil
		}
	}
	return styleNormal, fmt.Errorf("%s is not one of %s", quote.Input(v), strings.Join(styleNames, ", "))
}

// drawThreshold is the highest score at which an offered draw is accepted.
func (s *Session) drawThreshold() int {
	switch s.set.style {
	case styleSolid:
		return 20
	case styleRisky:
		return -50
	}
	return 0
}

// weakened tells whether the strength is limited.
func (s *Session) weakened() bool { return s.strengthLevel() < maxSkill }

// skillElo is the measured strength of skill levels 0, 4, ..., 20: full
// strength is set at maxElo and each step below it comes from a 40-game
// ladder match of level n+4 against level n at 2 s + 0.02 s (0-4 +70,
// 4-8 +127, 8-12 +470, 12-16 +564, 16-20 +636). UCI_Elo is mapped onto a
// fractional level by interpolating this table.
var skillElo = [...]float64{932, 1003, 1130, 1600, 2164, maxElo}

// skillEloStep is the level distance between entries of skillElo.
const skillEloStep = 4

// strengthLevel returns the effective skill, 0-20: the Skill Level, or
// with UCI_LimitStrength the level whose measured strength is UCI_Elo
// (levels between the table's entries are fractional).
func (s *Session) strengthLevel() float64 {
	if !s.set.limitElo {
		return float64(s.set.skill)
	}
	return eloLevel(float64(s.set.elo))
}

// eloLevel interpolates skillElo: the level that plays at elo.
func eloLevel(elo float64) float64 {
	if elo <= skillElo[0] {
		return 0
	}
	for i := 1; i < len(skillElo); i++ {
		if elo <= skillElo[i] {
			frac := (elo - skillElo[i-1]) / (skillElo[i] - skillElo[i-1])
			return float64(skillEloStep) * (float64(i-1) + frac)
		}
	}
	return maxSkill
}

// applyStrength limits the search for lower skill levels: a node budget
// that doubles every two levels, and four lines to choose from.
func (s *Session) applyStrength(lim *engine.Limits) {
	level := s.strengthLevel()
	if level >= maxSkill {
		return
	}
	budget := uint64(math.Pow(2, 7+level/2))
	if lim.Nodes == 0 || lim.Nodes > budget {
		lim.Nodes = budget
	}
	lim.MultiPV = max(lim.MultiPV, 4)
}

// chooseWeakened picks among the searched lines at lower skill levels: each
// line's score is raised by a random amount up to 12 centipawns per missing
// level, and the highest wins.
func (s *Session) chooseWeakened(st *searchState, res engine.Result) engine.Result {
	level := s.strengthLevel()
	if level >= maxSkill || res.BestMove == engine.NoMove {
		return res
	}
	weakness := (maxSkill - level) * 12
	best, bestValue := -1, math.Inf(-1)
	for i := range st.lines {
		l := &st.lines[i]
		if len(l.PV) == 0 {
			continue
		}
		v := float64(l.Score) + s.rng.Float64()*weakness
		if v > bestValue {
			best, bestValue = i, v
		}
	}
	if best < 0 {
		return res
	}
	l := &st.lines[best]
	res.BestMove, res.Score, res.PonderMove = l.PV[0], l.Score, engine.NoMove
	if len(l.PV) > 1 {
		res.PonderMove = l.PV[1]
	}
	return res
}

// configure changes the searcher's settings (between searches: options
// are applied only while the engine is idle).
func (s *Session) configure(change func(*engine.Settings)) {
	st := s.searcher.Settings()
	change(&st)
	s.searcher.Configure(st)
}

// setLevel applies a level option (pruning, knowledge, idle).
func (s *Session) setLevel(v string, set func(*engine.Settings, engine.Level)) error {
	l, err := engine.ParseLevel(v)
	if err != nil {
		return fmt.Errorf("%s is not one of %s", quote.Input(v), strings.Join(comboLevels, ", "))
	}
	s.configure(func(st *engine.Settings) { set(st, l) })
	return nil
}
