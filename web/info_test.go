package web

import (
	"reflect"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestParseSearchLine(t *testing.T) {
	cases := []struct {
		text string
		ok   bool
		want searchLine
	}{
		{"info depth 9 seldepth 12 multipv 2 score 35 nodes 100 pv h2e2 h9g7", true, searchLine{multipv: 2, depth: 9, score: 35, pv: []string{"h2e2", "h9g7"}}},
		{"info depth 5 score cp -20 wdl 300 400 300 pv b0c2", true, searchLine{multipv: 1, depth: 5, score: -20, wdl: []int{300, 400, 300}, pv: []string{"b0c2"}}},
		{"info depth 7 score mate 3 pv a0a9", true, searchLine{multipv: 1, depth: 7, score: engine.ScoreMate - 5, pv: []string{"a0a9"}}},
		{"info depth 7 score mate -2 pv a0a9", true, searchLine{multipv: 1, depth: 7, score: -engine.ScoreMate + 4, pv: []string{"a0a9"}}},
		{"info depth 7 score 9996 pv a0a9", true, searchLine{multipv: 1, depth: 7, score: 9996, pv: []string{"a0a9"}}},
		{"info depth 8 score 30 lowerbound pv h2e2", false, searchLine{}},
		{"info depth 0 score 500 pv h2e2", false, searchLine{}},
		{"info depth 8 currmove h2e2 currmovenumber 1", false, searchLine{}},
		{"info string depth 3 score 5 pv h2e2", false, searchLine{}},
		{"info depth 4 score banana pv h2e2", false, searchLine{}},
		{"info depth 4 multipv 99 score 1 pv h2e2", false, searchLine{}},
		{"info depth 4 score 12", false, searchLine{}},
		{"info depth 9 score 20000 pv h2e2", true, searchLine{multipv: 1, depth: 9, score: engine.ScoreMate, pv: []string{"h2e2"}}},
		{"info depth 4 score 1 wdl 1 x 3 pv h2e2", false, searchLine{}},
		{"bestmove h2e2", false, searchLine{}},
	}
	for _, c := range cases {
		got, ok := parseSearchLine(c.text)
		if ok != c.ok || (ok && !reflect.DeepEqual(got, c.want)) {
			t.Errorf("%q: %+v %v, want %+v %v", c.text, got, ok, c.want, c.ok)
		}
	}
}
