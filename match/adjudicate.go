package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// ScoreRules are the score rules of the adjudication chain (link 4 of
// judgeTurn, Config.Adjudication); both engines' own scores must agree.
// Each rule is on when its Moves count is positive; 0 (the default: the
// zero ScoreRules has both rules off) and Off leave it off.
type ScoreRules struct {
	// ResignScore and ResignMoves: a side loses when for ResignMoves
	// consecutive moves of each engine its engine reported a score of
	// -ResignScore or worse and the opponent's engine +ResignScore or better.
	// ResignScore must be positive when the rule is on.
	ResignScore, ResignMoves int
	// DrawScore, DrawMoves and DrawAfter: the game is drawn when, after
	// DrawAfter moves of each side have been played, both engines reported
	// scores within ±DrawScore for DrawMoves consecutive moves each.
	// DrawScore 0 (the default) takes scores of exactly 0 only; DrawAfter
	// 0 (the default) counts from the first move.
	DrawScore, DrawMoves, DrawAfter int
}

// check reports an unusable rule.
func (a ScoreRules) check() error {
	switch {
	case a.ResignMoves > 0 && a.ResignScore <= 0:
		return errors.New("resign adjudication: the score must be positive")
	case a.DrawScore < 0 || a.DrawAfter < 0:
		return errors.New("draw adjudication: the score and the first move cannot be negative")
	}
	return nil
}

// ParseResign reads "SCORE,MOVES" into the resign rule (SCORE above 0), or
// "off".
func (a *ScoreRules) ParseResign(s string) error {
	if isOff(s) {
		a.ResignScore, a.ResignMoves = 0, Off
		return nil
	}
	n, err := parseInts(s, 2)
	if err == nil && n[1] > 0 && n[0] == 0 {
		err = errors.New("the score must be positive")
	}
	if err != nil {
		return fmt.Errorf("resign %q: %w (want SCORE,MOVES or off)", s, err)
	}
	a.ResignScore, a.ResignMoves = n[0], n[1]
	return nil
}

// ParseDraw reads "SCORE,MOVES,AFTER" into the draw rule, or "off".
func (a *ScoreRules) ParseDraw(s string) error {
	if isOff(s) {
		a.DrawScore, a.DrawMoves, a.DrawAfter = 0, Off, 0
		return nil
	}
	n, err := parseInts(s, 3)
	if err != nil {
		return fmt.Errorf("draw %q: %w (want SCORE,MOVES,AFTER or off)", s, err)
	}
	a.DrawScore, a.DrawMoves, a.DrawAfter = n[0], n[1], n[2]
	return nil
}

// isOff tells whether a rule's text is "off".
func isOff(s string) bool { return strings.EqualFold(strings.TrimSpace(s), "off") }

// parseInts reads want comma-separated non-negative integers.
func parseInts(s string, want int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != want {
		return nil, fmt.Errorf("%d numbers expected", want)
	}
	out := make([]int, want)
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad number %q", p)
		}
		out[i] = n
	}
	return out, nil
}

// adjudicator applies the score rules along one game.
type adjudicator struct {
	rules  ScoreRules
	losing [2]int // consecutive own moves with score <= -ResignScore
	winner [2]int // consecutive own moves with score >= ResignScore
	drawn  [2]int // consecutive own moves with |score| <= DrawScore
	moves  [2]int // moves played by each side in this game
}

// add records the score an engine reported for the move its side just made
// and returns the adjudication when a rule applies.
func (a *adjudicator) add(side engine.Color, score int, ok bool) engine.Termination {
	c := int(side)
	a.moves[c]++
	if !ok {
		a.losing[c], a.winner[c], a.drawn[c] = 0, 0, 0
		return engine.Termination{}
	}
	a.losing[c] = bump(a.losing[c], score <= -a.rules.ResignScore)
	a.winner[c] = bump(a.winner[c], score >= a.rules.ResignScore)
	a.drawn[c] = bump(a.drawn[c], score <= a.rules.DrawScore && score >= -a.rules.DrawScore)
	if n := a.rules.ResignMoves; n > 0 {
		o := 1 - c
		switch {
		case a.losing[c] >= n && a.winner[o] >= n:
			return scoreAdjudication(engine.WinFor(side.Opponent()))
		case a.winner[c] >= n && a.losing[o] >= n:
			return scoreAdjudication(engine.WinFor(side))
		}
	}
	if n := a.rules.DrawMoves; n > 0 && a.drawn[0] >= n && a.drawn[1] >= n &&
		a.moves[0] >= a.rules.DrawAfter && a.moves[1] >= a.rules.DrawAfter {
		return scoreAdjudication(engine.Draw)
	}
	return engine.Termination{}
}

// scoreAdjudication is the termination of a score rule.
func scoreAdjudication(o engine.Outcome) engine.Termination {
	return engine.Termination{Outcome: o, Reason: engine.Adjudication, Detail: "score adjudication"}
}

// bump extends a streak or resets it.
func bump(n int, hit bool) int {
	if hit {
		return n + 1
	}
	return 0
}
