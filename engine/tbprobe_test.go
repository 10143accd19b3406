package engine

import (
	"testing"

	"github.com/goxq/ucci/engine/tb"
)

// TestTBScore: the scores of table values, the natural-move limit and the
// bands they fall in.
func TestTBScore(t *testing.T) {
	cases := []struct {
		v               tb.Value
		ply, left       int
		converted, mate bool
		want            int
	}{
		{tb.Win(9), 3, 100, false, false, ScoreTBWin - 12},
		{tb.Loss(8), 4, 100, false, false, -ScoreTBWin + 12},
		{tb.Win(9), 3, 100, true, false, ScoreTBWin - 3},
		{tb.Win(9), 3, 100, false, true, ScoreMate - 12},
		{tb.Win(9), 3, 8, false, false, 0}, // the limit comes first
		{tb.Loss(9), 3, 8, false, true, 0}, // the loser reaches the limit
		{tb.Loss(0), 5, 0, false, false, -ScoreMate + 5},
		{tb.Draw, 2, 100, false, false, 0},
	}
	for _, c := range cases {
		if got := tbScore(c.v, c.ply, c.left, c.converted, c.mate); got != c.want {
			t.Errorf("tbScore(%s, ply %d, %d left, converted %v, mate %v) = %d, want %d", c.v, c.ply, c.left, c.converted, c.mate, got, c.want)
		}
	}
	lo := ScoreTBWin - (MaxPly - 1) - MaxTBDistance
	if lo <= maxEval || ScoreTBWin >= ScoreDecisive || !IsTBScore(lo) || IsTBScore(maxEval) || IsTBScore(ScoreDecisive-1) {
		t.Errorf("the tablebase band [%d, %d] is not between the evaluations (%d) and the decisive scores (%d)", lo, ScoreTBWin, maxEval, ScoreDecisive)
	}
}

// TestTBProbeDoesNotAllocate: a probe inside the tree, with a table
// loaded (its values do not matter here), allocates nothing.
func TestTBProbeDoesNotAllocate(t *testing.T) {
	m, err := tb.ParseMaterial("KRK")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := tb.WriteTable(dir, m, make([]tb.Value, tb.NewLayout(m).Size())); err != nil {
		t.Fatal(err)
	}
	table, err := tb.OpenTable(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	ts := tb.NewTables()
	ts.Add(table)
	defer ts.Close()
	s := NewSearcher(1)
	st := s.Settings()
	st.Tablebases = ts
	s.Configure(st)
	w := s.workers[0]
	p, err := NewPosition("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	if _, ok := w.tbProbe(3); !ok {
		t.Fatal("KRK not found in its table")
	}
	if got := testing.AllocsPerRun(100, func() { w.tbProbe(3) }); got != 0 {
		t.Errorf("tbProbe allocates %v times", got)
	}
}
