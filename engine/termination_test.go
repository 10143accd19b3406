package engine

import "testing"

// TestReasonWords: every reason has its own word; the referee's reasons
// are the rules endings and the others are not; Loss explains the loser.
func TestReasonWords(t *testing.T) {
	seen := map[string]Reason{}
	rules := 0
	for r := ReasonNone; r.String() != "unknown"; r++ {
		if other, dup := seen[r.String()]; dup {
			t.Errorf("reason %d: word %q (also %d)", r, r, other)
		}
		seen[r.String()] = r
		if r.Rules() {
			rules++
		}
	}
	if rules != int(InsufficientMaterial) || ReasonNone.Rules() || !Checkmate.Rules() || !InsufficientMaterial.Rules() {
		t.Errorf("%d rules endings; none %v, checkmate %v", rules, ReasonNone.Rules(), Checkmate.Rules())
	}
	for _, r := range []Reason{IllegalMove, Resignation, TimeForfeit, Crash, Agreement, Adjudication} {
		if r.Rules() || r.String() == "unknown" {
			t.Errorf("%d (%s) is taken for a rules ending", r, r)
		}
	}
	term := Loss(Black, TimeForfeit, "did not move")
	if term.String() != "1-0 time-forfeit" || term.Detail != "black did not move" || !term.Over() ||
		!term.Lost(Black, TimeForfeit) || term.Lost(Red, TimeForfeit) || term.Lost(Black, Crash) {
		t.Errorf("Loss: %+v", term)
	}
	if v := (Verdict{Outcome: RedWins, Reason: Checkmate}).Termination(); v.String() != "1-0 checkmate" || v.Detail != "" {
		t.Errorf("verdict's termination: %+v", v)
	}
	if (Termination{}).Over() {
		t.Error("the zero termination is over")
	}
}
