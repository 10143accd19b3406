package engine

import "testing"

// TestQuiescenceAppliesRepetitionRules: a position repeated inside the
// search gets the repetition rules' verdict in the quiescence search too,
// as in the main search. Without it, checks answered by checks cycle
// there to MaxPly; a self-play game of the third net's data generation
// searched such a tree for 13 minutes inside a 1,500-node search.
func TestQuiescenceAppliesRepetitionRules(t *testing.T) {
	// RULES_CASES F8: Black's soldier checks on every move. From the root
	// (Red in check), f1e1 f2e2 e1f1 e2f2 f1e1 repeats, at ply 5, the
	// position of ply 1: a perpetual check inside the search, lost by
	// Black, who is to move.
	root, err := NewPosition("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(1)
	st := DefaultSettings()
	st.Net = nil
	s.Configure(st)
	w := s.workers[0]
	w.prepare(root, nil)
	line := []string{"f1e1", "f2e2", "e1f1", "e2f2", "f1e1"}
	var moves []Move
	for _, mv := range line {
		m, err := w.pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		w.pos.MakeMove(m)
		moves = append(moves, m)
	}
	ply := len(line)
	if got, want := w.qsearch(-ScoreInfinite, ScoreInfinite, ply), -ScoreRuleWin+ply; got != want {
		t.Errorf("quiescence at the repeated position scores %d, want Black's rule loss %d", got, want)
	}
	// One ply earlier Red is in check: of its evasions, f1e1 wins by the
	// rule, better than taking the soldier on f2.
	w.pos.UnmakeMove(moves[ply-1])
	if got, want := w.qsearch(-ScoreInfinite, ScoreInfinite, ply-1), ScoreRuleWin-ply; got != want {
		t.Errorf("quiescence before the repetition scores %d, want Red's rule win %d", got, want)
	}
}
