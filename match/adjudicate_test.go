package match

import (
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestAdjudicator(t *testing.T) {
	a := adjudicator{rules: ScoreRules{ResignScore: 500, ResignMoves: 2}}
	steps := []struct {
		side  engine.Color
		score int
		ok    bool
	}{
		{engine.Red, -600, true}, {engine.Black, 600, true},
		{engine.Red, -600, true}, {engine.Black, 0, false}, // no score: the streak restarts
		{engine.Red, -600, true}, {engine.Black, 550, true},
		{engine.Red, -700, true}, {engine.Black, 600, true},
	}
	for i, s := range steps {
		v := a.add(s.side, s.score, s.ok)
		if i < len(steps)-1 && v.Over() {
			t.Fatalf("step %d: early verdict %s", i, v)
		}
		if i == len(steps)-1 && (v.Outcome != engine.BlackWins || v.Reason != engine.Adjudication) {
			t.Errorf("final verdict %s", v)
		}
	}
	var adj ScoreRules
	if err := adj.ParseResign("600,4"); err != nil || adj.ResignScore != 600 || adj.ResignMoves != 4 {
		t.Errorf("ParseResign: %+v %v", adj, err)
	}
	if err := adj.ParseDraw("10,8,40"); err != nil || adj.DrawScore != 10 || adj.DrawMoves != 8 || adj.DrawAfter != 40 {
		t.Errorf("ParseDraw: %+v %v", adj, err)
	}
	for _, bad := range []string{"", "1", "1,2,3", "-5,3", "a,b", "0,3"} {
		if err := adj.ParseResign(bad); err == nil {
			t.Errorf("ParseResign(%q) accepted", bad)
		}
	}
	if err := adj.ParseResign("off"); err != nil || adj.ResignMoves != Off {
		t.Errorf("ParseResign(off): %+v %v", adj, err)
	}
	if err := adj.ParseDraw("OFF"); err != nil || adj.DrawMoves != Off {
		t.Errorf("ParseDraw(OFF): %+v %v", adj, err)
	}
	if v := (&adjudicator{rules: adj}).add(engine.Red, 0, true); v.Over() {
		t.Errorf("rules off: %s", v)
	}
}
