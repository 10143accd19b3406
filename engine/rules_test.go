package engine

import (
	"errors"
	"testing"
)

func playAll(t *testing.T, g *Game, moves ...string) Verdict {
	t.Helper()
	for _, mv := range moves {
		if _, err := g.PlayMove(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return g.Verdict()
}

func TestCheckmateAndStalemate(t *testing.T) {
	cases := []struct {
		fen   string
		moves []string
		want  Verdict
	}{
		{"3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", []string{"b0b9"}, Verdict{RedWins, Checkmate}},
		{"3k5/9/4R4/9/9/9/9/9/9/5K3 w - - 0 1", []string{"e7e8"}, Verdict{RedWins, Stalemate}},
		{"3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1", nil, Verdict{RedWins, Stalemate}},
		{"3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", []string{"e0e1"}, Verdict{Draw, InsufficientMaterial}},
		{"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", nil, Verdict{Draw, InsufficientMaterial}},
		{"3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", nil, Verdict{}},
		{"3ak4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1", nil, Verdict{}},
		{"4k4/9/9/9/9/9/9/9/9/3K1C3 w - - 0 1", nil, Verdict{Draw, InsufficientMaterial}},
	}
	for _, c := range cases {
		g, err := NewGame(c.fen, RulesCXA)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := playAll(t, g, c.moves...); got != c.want {
			t.Errorf("%s %v: got %s, want %s", c.fen, c.moves, got, c.want)
		}
	}
}

func TestGameErrors(t *testing.T) {
	g, _ := NewGame(StartFEN, RulesCXA)
	if _, err := g.PlayMove("h2h8"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("illegal move: %v", err)
	}
	if _, err := g.PlayMove("xyz"); !errors.Is(err, ErrMoveSyntax) {
		t.Errorf("garbage move: %v", err)
	}
	if len(g.Moves()) != 0 {
		t.Error("a rejected move was recorded")
	}
	g, _ = NewGame("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", RulesCXA)
	playAll(t, g, "b0b9")
	if _, err := g.PlayMove("d9e9"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after mate: %v", err)
	}
}

// TestNaturalLimitCounter follows RULES.md §5: a side's checks beyond its
// tenth, and the replies to them, do not advance the counter.
func TestNaturalLimitCounter(t *testing.T) {
	p, err := NewPosition("4k4/9/9/p8/9/9/9/9/9/5K2R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	play := func(s string) {
		t.Helper()
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		p.PlayGameMove(m)
	}
	sequence := []string{"i0i9", "e9e8"}
	for len(sequence) < 24 {
		sequence = append(sequence, "i9i8", "e8e9", "i8i9", "e9e8")
	}
	for _, mv := range sequence[:20] {
		play(mv)
	}
	if p.Rule60() != 20 {
		t.Fatalf("after 10 checks and 10 replies: %d, want 20", p.Rule60())
	}
	play(sequence[20]) // red's 11th check
	if p.Rule60() != 20 {
		t.Errorf("after the 11th check: %d, want 20", p.Rule60())
	}
	play(sequence[21]) // black's reply
	if p.Rule60() != 20 {
		t.Errorf("after the reply to the 11th check: %d, want 20", p.Rule60())
	}
	play(sequence[22])
	play(sequence[23])
	if p.Rule60() != 20 {
		t.Errorf("after the 12th check and reply: %d, want 20", p.Rule60())
	}
	play("i8i6")
	if p.Rule60() != 21 {
		t.Errorf("after a quiet red move: %d, want 21", p.Rule60())
	}
	play("e9e8")
	if p.Rule60() != 22 {
		t.Errorf("after a quiet black move: %d, want 22", p.Rule60())
	}
	play("i6a6")
	if p.Rule60() != 0 || p.check10 != [2]uint8{} {
		t.Errorf("after a capture: %d %v, want 0", p.Rule60(), p.check10)
	}
}

func TestNaturalLimitSetting(t *testing.T) {
	const fen = "3k5/9/9/9/9/9/9/p8/4R4/4K4 w - - 99 80"
	g, _ := NewGame(fen, RulesCXA)
	g.SetNaturalLimit(100)
	if v := playAll(t, g, "e1f1"); v != (Verdict{Draw, NaturalLimit}) {
		t.Errorf("limit 100: %s", v)
	}
	g, _ = NewGame("3k5/9/9/9/9/9/9/p8/4R4/4K4 w - - 119 80", RulesCXA)
	g.SetNaturalLimit(0)
	if v := playAll(t, g, "e1f1"); v.Over() {
		t.Errorf("limit off: %s", v)
	}
}

func TestRepetitionFolds(t *testing.T) {
	// Idle shuffling: a draw at the third occurrence, not before; with four
	// folds only at the fourth.
	moves := []string{"a0a1", "d9d8", "a1a0", "d8d9"}
	for _, folds := range []int{3, 4} {
		g, _ := NewGame("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", RulesCXA)
		g.SetRepetitionFolds(folds)
		for i := 0; ; i++ {
			v := playAll(t, g, moves[i%4])
			if v.Over() {
				if v != (Verdict{Draw, Repetition}) || i+1 != 4*(folds-1) {
					t.Errorf("folds %d: %s after %d plies", folds, v, i+1)
				}
				break
			}
		}
	}
}

func TestVerdictStrings(t *testing.T) {
	if s := (Verdict{RedWins, PerpetualCheck}).String(); s != "1-0 perpetual-check" {
		t.Error(s)
	}
	if s := (Verdict{}).String(); s != "* ongoing" {
		t.Error(s)
	}
	for _, name := range []string{"cxa", "AXF", "chinese", "asian"} {
		if _, err := ParseRuleSet(name); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseRuleSet("sky"); err == nil {
		t.Error("unknown rule set accepted")
	}
}
