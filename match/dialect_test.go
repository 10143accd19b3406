package match

import (
	"reflect"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
)

func TestGoLine(t *testing.T) {
	sec := time.Second
	own := timeman.Report{Time: 9500 * time.Millisecond, Inc: 100 * time.Millisecond}
	opp := timeman.Report{Time: 8 * sec, Inc: 100 * time.Millisecond}
	cases := []struct {
		p    engineproc.Protocol
		a    goArgs
		want string
	}{
		{engineproc.ProtoUCCI, goArgs{red: true, own: own, opp: opp}, "go time 9500 increment 100 opptime 8000 oppincrement 100"},
		{engineproc.ProtoUCCI, goArgs{draw: true, seconds: true, own: own, opp: opp}, "go draw time 9 increment 0 opptime 8 oppincrement 0"},
		{engineproc.ProtoUCCI, goArgs{own: timeman.Report{Time: 60 * sec, MovesToGo: 40}, opp: timeman.Report{Time: 50 * sec, MovesToGo: 39}},
			"go time 60000 movestogo 40 opptime 50000 oppmovestogo 39"},
		{engineproc.ProtoUCI, goArgs{red: true, own: own, opp: opp}, "go wtime 9500 btime 8000 winc 100 binc 100"},
		{engineproc.ProtoUCI, goArgs{red: false, own: own, opp: opp}, "go wtime 8000 btime 9500 winc 100 binc 100"},
		{engineproc.ProtoUCI, goArgs{draw: true, own: timeman.Report{Time: 60 * sec, MovesToGo: 3}, opp: opp},
			"go wtime 8000 btime 60000 winc 100 binc 0 movestogo 3"},
		{engineproc.ProtoUCI, goArgs{capOnly: true, own: timeman.Report{Time: 150 * sec, MovesToGo: 1, MoveCap: 150 * sec}}, "go movetime 150000"},
		{engineproc.ProtoUCCI, goArgs{capOnly: true, own: timeman.Report{Time: 150 * sec, MovesToGo: 1, MoveCap: 150 * sec},
			opp: timeman.Report{Time: 150 * sec, MovesToGo: 1}}, "go time 150000 movestogo 1 opptime 150000 oppmovestogo 1"},
	}
	for i, c := range cases {
		if got := goLine(c.p, c.a); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}

func TestPositionLine(t *testing.T) {
	all := []string{"h2e2", "h9g7"}
	cases := []struct {
		p       engineproc.Protocol
		start   string
		capFEN  string
		since   []string
		want    string
		comment string
	}{
		{engineproc.ProtoUCCI, engine.StartFEN, engine.StartFEN, all, "position fen " + engine.StartFEN + " moves h2e2 h9g7", "ucci, no capture"},
		{engineproc.ProtoUCCI, engine.StartFEN, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 9", nil, "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 9", "ucci after a capture"},
		{engineproc.ProtoUCI, engine.StartFEN, "x", nil, "position startpos moves h2e2 h9g7", "uci from the start"},
		{engineproc.ProtoUCI, mateFEN, "x", nil, "position fen " + mateFEN + " moves h2e2 h9g7", "uci from a FEN"},
	}
	for _, c := range cases {
		if got := positionLine(c.p, c.start, all, c.capFEN, c.since); got != c.want {
			t.Errorf("%s: got %q, want %q", c.comment, got, c.want)
		}
	}
	if got := positionLine(engineproc.ProtoUCI, engine.StartFEN, nil, "", nil); got != "position startpos" {
		t.Errorf("no moves: %q", got)
	}
	if got := setoptionLine(engineproc.ProtoUCCI, "hashsize", "64"); got != "setoption hashsize 64" {
		t.Error(got)
	}
	if got := setoptionLine(engineproc.ProtoUCI, "Clear Hash", ""); got != "setoption name Clear Hash" {
		t.Error(got)
	}
}

func TestParseBestMove(t *testing.T) {
	cases := []struct {
		text string
		bm   bestMove
		ok   bool
	}{
		{"bestmove h2e2", bestMove{move: "h2e2"}, true},
		{"bestmove h2e2 ponder h9g7 draw", bestMove{move: "h2e2", ponder: "h9g7", draw: true}, true},
		{"bestmove h2e2 ponder H9G7", bestMove{move: "h2e2", ponder: "h9g7"}, true},
		{"bestmove h2e2 ponder", bestMove{move: "h2e2"}, true},
		{"bestmove H2E2 resign", bestMove{move: "h2e2", resign: true}, true},
		{"bestmove h2e2 ponder draw", bestMove{move: "h2e2", draw: true}, true}, // no ponder move, an offer
		{"nobestmove", bestMove{}, true},
		{"bestmove (none)", bestMove{}, true},
		{"bestmove 0000", bestMove{}, true},
		{"bestmove", bestMove{}, true},
		{"info depth 3 pv bestmove", bestMove{}, false},
		{"", bestMove{}, false},
	}
	for _, c := range cases {
		bm, ok := parseBestMove(c.text)
		if bm != c.bm || ok != c.ok {
			t.Errorf("%q: got %+v %v", c.text, bm, ok)
		}
	}
}

func TestSchedule(t *testing.T) {
	if got := pairings(Gauntlet, 3); !reflect.DeepEqual(got, [][2]int{{0, 1}, {0, 2}}) {
		t.Errorf("gauntlet %v", got)
	}
	if got := pairings(RoundRobin, 3); !reflect.DeepEqual(got, [][2]int{{0, 1}, {0, 2}, {1, 2}}) {
		t.Errorf("round robin %v", got)
	}
	jobs := schedule(pairings(Gauntlet, 3), 5, 2)
	if len(jobs) != 10 {
		t.Fatalf("%d jobs", len(jobs))
	}
	type key struct{ red, black, opening, pair int }
	var got []key
	for i, j := range jobs {
		if j.number != i+1 {
			t.Errorf("job %d numbered %d", i, j.number)
		}
		got = append(got, key{j.red, j.black, j.opening, j.pair})
	}
	want := []key{
		{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 2, 0, 3}, {2, 0, 0, 3},
		{0, 1, 1, 1}, {1, 0, 1, 1}, {0, 2, 1, 4}, {2, 0, 1, 4},
		{0, 1, 0, 2}, {0, 2, 0, 5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("schedule\n got %v\nwant %v", got, want)
	}
}

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
