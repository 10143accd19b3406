package engineproc

import (
	"reflect"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestParseInfo(t *testing.T) {
	const mate = engine.ScoreMate
	pv := func(m ...string) []string { return m }
	cases := []struct {
		text string
		in   Info
		ok   bool
	}{
		{"info depth 8 score 4 pv c3c4 h9g7", Info{Score: 4, Depth: 8, HasScore: true, MultiPV: 1, PV: pv("c3c4", "h9g7")}, true},
		{"info depth 8 score -35 time 10", Info{Score: -35, Depth: 8, HasScore: true, MultiPV: 1}, true},
		{"info depth 12 seldepth 20 score cp 38 nodes 95 pv h0g2", Info{Score: 38, Depth: 12, HasScore: true, MultiPV: 1, PV: pv("h0g2")}, true},
		{"info depth 12 score mate 3 pv a0a1", Info{Score: mate - 5, Depth: 12, HasScore: true, MultiPV: 1, PV: pv("a0a1")}, true},
		{"info depth 12 score mate -2 pv a0a1", Info{Score: -mate + 4, Depth: 12, HasScore: true, MultiPV: 1, PV: pv("a0a1")}, true},
		{"info score cp 7", Info{Score: 7, HasScore: true, MultiPV: 1}, true},
		{"info depth 0 score 17390 pv b2e2", Info{Book: true, MultiPV: 1, PV: pv("b2e2")}, true},
		{"info depth 9 score cp 20 lowerbound", Info{Depth: 9, Bound: true, MultiPV: 1}, true},
		{"info time 469 nodes 1702065", Info{MultiPV: 1}, true},
		{"info string score 5", Info{MultiPV: 1, Report: true}, true},
		{"info depth 8 currmove h2e2 currmovenumber 1", Info{Depth: 8, MultiPV: 1, Report: true}, true},
		{"info score 5 score", Info{Score: 5, HasScore: true, MultiPV: 1, Malformed: true}, true},
		{"info depth 3 score cp x pv h2e2", Info{Depth: 3, MultiPV: 1, Malformed: true}, true},
		{"info depth 10 seldepth 14 multipv 3 score cp -12 nodes 9 pv H2E2 h9g7", Info{Score: -12, Depth: 10, HasScore: true, MultiPV: 3, PV: pv("H2E2", "h9g7")}, true},
		{"info depth 10 multipv 0 score cp 1", Info{Score: 1, Depth: 10, HasScore: true, MultiPV: 1, Malformed: true}, true},
		{"info depth 5 score cp -20 wdl 300 400 300 pv b0c2", Info{Score: -20, Depth: 5, HasScore: true, MultiPV: 1, WDL: []int{300, 400, 300}, PV: pv("b0c2")}, true},
		{"info depth 5 wdl 300 x 300 score 1", Info{Score: 1, Depth: 5, HasScore: true, MultiPV: 1, Malformed: true}, true},
		{"bestmove a0a1", Info{}, false},
		{"", Info{}, false},
	}
	for _, c := range cases {
		in, ok := ParseInfo(c.text)
		if ok != c.ok || !reflect.DeepEqual(in, c.in) {
			t.Errorf("%q: got %+v %v, want %+v %v", c.text, in, ok, c.in, c.ok)
		}
	}
}

// TestMateInMoves: mate distances in moves become the engine's mate
// scores in plies, and absurd ones do not overflow into the other side.
func TestMateInMoves(t *testing.T) {
	for n, want := range map[int]int{1: engine.ScoreMate - 1, 3: engine.ScoreMate - 5, -2: -engine.ScoreMate + 4, 0: -engine.ScoreMate} {
		if got := MateInMoves(n); got != want {
			t.Errorf("MateInMoves(%d) = %d, want %d", n, got, want)
		}
	}
	for _, n := range []int{1 << 40, -1 << 40} {
		if s := MateInMoves(n); (s > 0) != (n > 0) || s == 0 {
			t.Errorf("MateInMoves(%d) = %d", n, s)
		}
	}
}
