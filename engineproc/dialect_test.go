package engineproc

import (
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

func TestGoLine(t *testing.T) {
	sec := time.Second
	own := timeman.Report{Time: 9500 * time.Millisecond, Inc: 100 * time.Millisecond}
	opp := timeman.Report{Time: 8 * sec, Inc: 100 * time.Millisecond}
	cases := []struct {
		p    Protocol
		a    GoArgs
		want string
	}{
		{ProtoUCCI, GoArgs{Red: true, Own: own, Opp: opp}, "go time 9500 increment 100 opptime 8000 oppincrement 100"},
		{ProtoUCCI, GoArgs{Draw: true, Seconds: true, Own: own, Opp: opp}, "go draw time 9 increment 0 opptime 8 oppincrement 0"},
		{ProtoUCCI, GoArgs{Own: timeman.Report{Time: 60 * sec, MovesToGo: 40}, Opp: timeman.Report{Time: 50 * sec, MovesToGo: 39}},
			"go time 60000 movestogo 40 opptime 50000 oppmovestogo 39"},
		{ProtoUCI, GoArgs{Red: true, Own: own, Opp: opp}, "go wtime 9500 btime 8000 winc 100 binc 100"},
		{ProtoUCI, GoArgs{Red: false, Own: own, Opp: opp}, "go wtime 8000 btime 9500 winc 100 binc 100"},
		{ProtoUCI, GoArgs{Draw: true, Own: timeman.Report{Time: 60 * sec, MovesToGo: 3}, Opp: opp},
			"go wtime 8000 btime 60000 winc 100 binc 0 movestogo 3"},
		{ProtoUCI, GoArgs{CapOnly: true, Own: timeman.Report{Time: 150 * sec, MovesToGo: 1, MoveCap: 150 * sec}}, "go movetime 150000"},
		{ProtoUCCI, GoArgs{CapOnly: true, Own: timeman.Report{Time: 150 * sec, MovesToGo: 1, MoveCap: 150 * sec},
			Opp: timeman.Report{Time: 150 * sec, MovesToGo: 1}}, "go time 150000 movestogo 1 opptime 150000 oppmovestogo 1"},
	}
	for i, c := range cases {
		if got := GoLine(c.p, c.a); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}

func TestPositionLine(t *testing.T) {
	all := []string{"h2e2", "h9g7"}
	cases := []struct {
		p       Protocol
		start   string
		capFEN  string
		since   []string
		want    string
		comment string
	}{
		{ProtoUCCI, engine.StartFEN, engine.StartFEN, all, "position fen " + engine.StartFEN + " moves h2e2 h9g7", "ucci, no capture"},
		{ProtoUCCI, engine.StartFEN, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 9", nil, "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 9", "ucci after a capture"},
		{ProtoUCI, engine.StartFEN, "x", nil, "position startpos moves h2e2 h9g7", "uci from the start"},
		{ProtoUCI, mateFEN, "x", nil, "position fen " + mateFEN + " moves h2e2 h9g7", "uci from a FEN"},
	}
	for _, c := range cases {
		if got := PositionLine(c.p, c.start, all, c.capFEN, c.since); got != c.want {
			t.Errorf("%s: got %q, want %q", c.comment, got, c.want)
		}
	}
	if got := PositionLine(ProtoUCI, engine.StartFEN, nil, "", nil); got != "position startpos" {
		t.Errorf("no moves: %q", got)
	}
	if got := SetoptionLine(ProtoUCCI, "hashsize", "64"); got != "setoption hashsize 64" {
		t.Error(got)
	}
	if got := SetoptionLine(ProtoUCI, "Clear Hash", ""); got != "setoption name Clear Hash" {
		t.Error(got)
	}
}

func TestParseBestMove(t *testing.T) {
	cases := []struct {
		text string
		bm   BestMove
		ok   bool
	}{
		{"bestmove h2e2", BestMove{Move: "h2e2"}, true},
		{"bestmove h2e2 ponder h9g7 draw", BestMove{Move: "h2e2", Ponder: "h9g7", Draw: true}, true},
		{"bestmove h2e2 ponder H9G7", BestMove{Move: "h2e2", Ponder: "h9g7"}, true},
		{"bestmove h2e2 ponder", BestMove{Move: "h2e2"}, true},
		{"bestmove H2E2 resign", BestMove{Move: "h2e2", Resign: true}, true},
		{"bestmove h2e2 ponder draw", BestMove{Move: "h2e2", Draw: true}, true}, // no ponder move, an offer
		{"nobestmove", BestMove{}, true},
		{"bestmove (none)", BestMove{}, true},
		{"bestmove 0000", BestMove{}, true},
		{"bestmove", BestMove{}, true},
		{"info depth 3 pv bestmove", BestMove{}, false},
		{"", BestMove{}, false},
	}
	for _, c := range cases {
		bm, ok := ParseBestMove(c.text)
		if bm != c.bm || ok != c.ok {
			t.Errorf("%q: got %+v %v", c.text, bm, ok)
		}
	}
}
