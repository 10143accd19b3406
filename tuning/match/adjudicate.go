package match

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Adjudication holds the optional score-based adjudication rules; both
// engines' own scores must agree. Zero values turn a rule off.
type Adjudication struct {
	// ResignScore and ResignMoves: a side loses when for ResignMoves
	// consecutive moves of each engine its engine reported a score of
	// -ResignScore or worse and the opponent's engine +ResignScore or better.
	ResignScore, ResignMoves int
	// DrawScore, DrawMoves and DrawAfter: the game is drawn when, after
	// DrawAfter moves of each side have been played, both engines reported
	// scores within ±DrawScore for DrawMoves consecutive moves each.
	DrawScore, DrawMoves, DrawAfter int
}

// ParseResign reads "SCORE,MOVES" into the resign rule.
func (a *Adjudication) ParseResign(s string) error {
	n, err := parseInts(s, 2)
	if err != nil {
		return fmt.Errorf("resign %q: %w (want SCORE,MOVES)", s, err)
	}
	a.ResignScore, a.ResignMoves = n[0], n[1]
	return nil
}

// ParseDraw reads "SCORE,MOVES,AFTER" into the draw rule.
func (a *Adjudication) ParseDraw(s string) error {
	n, err := parseInts(s, 3)
	if err != nil {
		return fmt.Errorf("draw %q: %w (want SCORE,MOVES,AFTER)", s, err)
	}
	a.DrawScore, a.DrawMoves, a.DrawAfter = n[0], n[1], n[2]
	return nil
}

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

// adjudicator applies the Adjudication rules along one game.
type adjudicator struct {
	rules  Adjudication
	losing [2]int // consecutive own moves with score <= -ResignScore
	winner [2]int // consecutive own moves with score >= ResignScore
	drawn  [2]int // consecutive own moves with |score| <= DrawScore
	moves  [2]int // moves played by each side in this game
}

// add records the score an engine reported for the move its side just made
// and returns a verdict when a rule applies.
func (a *adjudicator) add(side engine.Color, score int, ok bool) engine.Verdict {
	c := int(side)
	a.moves[c]++
	if !ok {
		a.losing[c], a.winner[c], a.drawn[c] = 0, 0, 0
		return engine.Verdict{}
	}
	a.losing[c] = bump(a.losing[c], score <= -a.rules.ResignScore)
	a.winner[c] = bump(a.winner[c], score >= a.rules.ResignScore)
	a.drawn[c] = bump(a.drawn[c], score <= a.rules.DrawScore && score >= -a.rules.DrawScore)
	if n := a.rules.ResignMoves; n > 0 {
		o := 1 - c
		switch {
		case a.losing[c] >= n && a.winner[o] >= n:
			return engine.Verdict{Outcome: engine.WinFor(side.Opponent()), Reason: engine.Adjudication}
		case a.winner[c] >= n && a.losing[o] >= n:
			return engine.Verdict{Outcome: engine.WinFor(side), Reason: engine.Adjudication}
		}
	}
	if n := a.rules.DrawMoves; n > 0 && a.drawn[0] >= n && a.drawn[1] >= n &&
		a.moves[0] >= a.rules.DrawAfter && a.moves[1] >= a.rules.DrawAfter {
		return engine.Verdict{Outcome: engine.Draw, Reason: engine.Adjudication}
	}
	return engine.Verdict{}
}

// bump extends a streak or resets it.
func bump(n int, hit bool) int {
	if hit {
		return n + 1
	}
	return 0
}
