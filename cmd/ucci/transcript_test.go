package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/enginetest"
)

const wait = 10 * time.Second

// legalIn fails unless the bestmove line names a legal move of fen + moves.
func legalIn(t *testing.T, line, fen string, moves ...string) engine.Move {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove line: %q", line)
	}
	pos, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		m, err := pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		pos.PlayGameMove(m)
	}
	m, err := pos.ParseMove(f[1])
	if err != nil {
		t.Fatalf("%q is not legal in %s: %v", line, pos.FEN(), err)
	}
	if len(f) >= 4 && f[2] == "ponder" {
		pos.PlayGameMove(m)
		if _, err := pos.ParseMove(f[3]); err != nil {
			t.Errorf("ponder move in %q is not legal: %v", line, err)
		}
	}
	return m
}

// mates tells whether the bestmove line mates in fen.
func mates(t *testing.T, line, fen string) bool {
	t.Helper()
	m := legalIn(t, line, fen)
	pos, _ := engine.NewPosition(fen)
	pos.PlayGameMove(m)
	return pos.InCheck() && !pos.HasLegalMove()
}

func TestUCCIHandshake(t *testing.T) {
	e := enginetest.Start(t)
	start := time.Now()
	e.Send("ucci")
	_, lines := e.Expect(`^ucciok$`, wait)
	if d := time.Since(start); d > time.Second {
		t.Errorf("ucciok after %v", d)
	}
	all := strings.Join(lines, "\n")
	for _, want := range []string{
		"id name ", "option usemillisec type check default true", "option ponder type check default false",
		"option usebook type check default true", "option hashsize type spin min 0 max 65536 default 64",
		"option threads type spin min 0 max 256 default 1", "option multipv type spin", "option newgame type button",
		"option randomness type combo var none", "option rules type combo var cxa var axf default cxa",
		"option naturallimit type spin", "option moveoverhead type spin min 0 max 5000 default 30",
		"option timecontrol type string", "option movecap type spin", "option skilllevel type spin min 0 max 20 default 20",
		"option bookfiles type string", "option bookdepth type spin", "option clearhash type button", "option logfile type string",
		"option batch type check", "option debug type check", "option idle type combo", "option pruning type combo",
		"option knowledge type combo", "option style type combo", "option promotion type check", "option limitstrength type check", "option elo type spin",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("UCCI hello lacks %q", want)
		}
	}
	if strings.Contains(all, "option name") || strings.Contains(all, "UCI_Variant") {
		t.Error("UCI option syntax in UCCI mode")
	}
	e.Send("quit")
	e.Expect(`^bye$`, wait)
}

func TestUCIHandshake(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("uci")
	_, lines := e.Expect(`^uciok$`, wait)
	all := strings.Join(lines, "\n")
	for _, want := range []string{
		"option name UCI_Variant type combo default xiangqi var xiangqi", "option name Hash type spin",
		"option name Threads type spin", "option name Clear Hash type button", "option name Ponder type check default false",
		"option name MultiPV type spin", "option name Move Overhead type spin", "option name OwnBook type check default true",
		"option name Skill Level type spin", "option name UCI_LimitStrength type check", "option name UCI_Elo type spin",
		"option name Debug Log File type string", "option name Rules type combo",
	} {
		if !strings.Contains(strings.ReplaceAll(all, "type combo var xiangqi default xiangqi", "type combo default xiangqi var xiangqi"), want) {
			t.Errorf("UCI hello lacks %q", want)
		}
	}
	e.Send("quit")
	e.Quiet(200 * time.Millisecond)
}

func TestNothingBeforeHello(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("garbage before hello", "setoption usebook false")
	e.Quiet(300 * time.Millisecond)
	e.Send("ucci")
	e.Expect(`^ucciok$`, wait)
}

func TestUCCISearchOutput(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", "position startpos moves h2e2", "go depth 5")
	line, infos := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2")
	if !regexp.MustCompile(`^bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?$`).MatchString(line) {
		t.Errorf("bestmove format %q", line)
	}
	infoRx := regexp.MustCompile(`^info depth \d+ seldepth \d+ score -?\d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv( [a-i][0-9][a-i][0-9])+$`)
	n := 0
	for _, l := range infos {
		// currmove lines (a search past its first second, on a loaded
		// machine) have no score; TestInfoFields checks them.
		if strings.HasPrefix(l, "info depth") && !strings.Contains(l, " currmove ") {
			n++
			if !infoRx.MatchString(l) {
				t.Errorf("UCCI info line %q", l)
			}
		}
	}
	if n < 5 {
		t.Errorf("%d info lines for depth 5", n)
	}
}

func TestUCISearchOutput(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("uci", "setoption name OwnBook value false", "ucinewgame", "isready")
	e.Expect(`^readyok$`, wait)
	e.Send("position startpos moves h2e2 h9g7", "go depth 4")
	line, infos := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	for _, l := range infos {
		if strings.HasPrefix(l, "info depth") && !strings.Contains(l, " currmove ") && !regexp.MustCompile(` score (cp -?\d+|mate -?\d+) `).MatchString(l) {
			t.Errorf("UCI score format in %q", l)
		}
	}
	// A mate in one is reported as mate 1.
	e.Send("position fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "go depth 3")
	line, infos = e.Expect(`^bestmove `, wait)
	if !mates(t, line, "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1") {
		t.Errorf("mate in one missed: %q", line)
	}
	if last := infos[len(infos)-1]; !strings.Contains(last, "score mate 1 ") {
		t.Errorf("mate not reported as mate 1: %q", last)
	}
}

func TestIsReadyAndStopWhileThinking(t *testing.T) {
	for _, hello := range []string{"ucci", "uci"} {
		e := enginetest.Start(t)
		e.Send(hello, "position startpos", "go infinite")
		time.Sleep(100 * time.Millisecond)
		// The median of five answers within 50 ms, every one within 1 s:
		// an isready queued behind the search never answers at all, while a
		// loaded machine delays single answers now and then.
		var took []time.Duration
		for i := 0; i < 5; i++ {
			start := time.Now()
			e.Send("isready")
			_, before := e.Expect(`^readyok$`, wait)
			took = append(took, time.Since(start))
			for _, l := range before {
				if strings.HasPrefix(l, "bestmove") {
					t.Errorf("%s: bestmove during go infinite", hello)
				}
			}
		}
		slices.Sort(took)
		if took[2] > 50*time.Millisecond || took[4] > time.Second {
			t.Errorf("%s: readyok while thinking after %v (median %v, worst %v)", hello, took, took[2], took[4])
		}
		e.NoBestMove(200 * time.Millisecond)
		start := time.Now()
		e.Send("stop")
		line, _ := e.Expect(`^bestmove `, wait)
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%s: bestmove %v after stop", hello, d)
		}
		legalIn(t, line, engine.StartFEN)
		e.Send("isready")
		e.Expect(`^readyok$`, wait)
		e.Quiet(100 * time.Millisecond)
	}
}

func TestPonderHitAndMiss(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci")
	e.Expect(`^ucciok$`, wait)
	e.Send("setoption usebook false", "position startpos moves h2e2 h9g7", "go ponder time 2000 increment 0 opptime 2000 oppincrement 0")
	e.NoBestMove(600 * time.Millisecond) // never a bestmove while pondering
	start := time.Now()
	e.Send("ponderhit")
	line, _ := e.Expect(`^bestmove `, wait)
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("ponderhit with 2 s left took %v", d)
	}
	legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	// Ponder miss: stop, exactly one bestmove, then the real search.
	e.Send("position startpos moves h2e2 h9g7 h0g2", "go ponder time 2000 opptime 2000")
	e.NoBestMove(200 * time.Millisecond)
	e.Send("stop")
	e.Expect(`^bestmove `, wait)
	e.NoBestMove(200 * time.Millisecond)
	e.Send("position startpos moves h2e2 h9g7 b0c2", "go time 1000 opptime 1000")
	line, _ = e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2", "h9g7", "b0c2")
	// A pondered book move also waits for ponderhit.
	e.Send("setoption usebook true", "position startpos", "go ponder time 5000 opptime 5000")
	e.NoBestMove(300 * time.Millisecond)
	e.Send("ponderhit")
	line, _ = e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN)
}

func TestQuitWhileThinking(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "position startpos", "go infinite")
	time.Sleep(100 * time.Millisecond)
	e.Send("quit")
	e.Expect(`^bestmove `, wait)
	e.Expect(`^bye$`, wait)
}

func TestBadPositions(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "position fen rnbakabnr/9/1c5c1 w", "go depth 3")
	e.Expect(`^nobestmove$`, wait)
	e.Send("position fen 4k4/9/9/9/9/9/9/9/9/4K4 w", "go time 1000")
	e.Expect(`^nobestmove$`, wait)
	// Mated: no legal move.
	e.Send("position fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1 moves b0b9", "go depth 3")
	e.Expect(`^nobestmove$`, wait)
	// Stop while idle.
	e.Send("stop")
	e.Expect(`^nobestmove$`, wait)
	e2 := enginetest.Start(t)
	e2.Send("uci", "position fen xyz", "go depth 2")
	e2.Expect(`^bestmove \(none\)$`, wait)
}

func TestMoveListStopsAtFirstIllegalMove(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", "position startpos moves h2e2 h9g7 e2e9 b0c2 b9c7", "go depth 3")
	line, before := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	reported := false
	for _, l := range before {
		if strings.HasPrefix(l, "info message") && strings.Contains(l, "e2e9") {
			reported = true
		}
	}
	if !reported {
		t.Errorf("dropped moves not reported: %q", before)
	}
}

func TestBanMoves(t *testing.T) {
	e := enginetest.Start(t)
	fen := "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"
	e.Send("ucci", "position fen "+fen, "banmoves b0b9 b0d0", "go depth 4")
	line, _ := e.Expect(`^bestmove `, wait)
	if m := legalIn(t, line, fen); m.String() == "b0b9" || m.String() == "b0d0" {
		t.Error("banned move played")
	}
	e.Send("position fen "+fen, "go depth 2")
	line, _ = e.Expect(`^bestmove `, wait)
	if !mates(t, line, fen) {
		t.Errorf("ban not cleared by position: %q", line)
	}
	e.Send("position fen 3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", "banmoves d9d8", "go depth 2")
	e.Expect(`^nobestmove$`, wait)
}

func TestUCICycloneAndQuirks(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2", "setoption name OwnBook", "go depth 3")
	line, _ := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2")
	e.Send("startpos moves h2e2 h9g7\r", "  go   depth   2  \r")
	line, _ = e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	e.Send("xyzzy")
	l, _ := e.Expect(`^info string`, wait)
	if !strings.Contains(l, "unknown command") {
		t.Errorf("UCI unknown command report: %q", l)
	}
}

func TestUCCIUnknownInputIsSilent(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci")
	e.Expect(`^ucciok$`, wait)
	e.Send("xyzzy", "setoption nosuchoption 5", "setoption guiname XQWizard", "newgame", "uccinewgame", "setoption newgame")
	e.Quiet(300 * time.Millisecond)
}

func TestBookAnswersFast(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "isready")
	e.Expect(`^readyok$`, wait)
	start := time.Now()
	e.Send("position startpos", "go time 60000")
	line, infos := e.Expect(`^bestmove `, wait)
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("book move after %v", d)
	}
	legalIn(t, line, engine.StartFEN)
	if len(infos) == 0 || !strings.HasPrefix(infos[0], "info depth 0 score ") {
		t.Errorf("book move not announced: %q", infos)
	}
}

func TestProbe(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", "position startpos", "go depth 6")
	e.Expect(`^bestmove `, wait)
	e.Send("probe startpos")
	l, _ := e.Expect(`^pophash`, wait)
	if !regexp.MustCompile(`^pophash bestmove [a-i]\d[a-i]\d( (lower|upper)bound -?\d+ depth \d+)+$`).MatchString(l) {
		t.Errorf("probe answer %q", l)
	}
	e.Send("probe fen 3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1")
	if l, _ := e.Expect(`^pophash`, wait); l != "pophash" {
		t.Errorf("probe of an unseen position: %q", l)
	}
}

func TestSecondsMode(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", "setoption usemillisec false", "position startpos", "go time 2 increment 0")
	start := time.Now()
	e.Expect(`^bestmove `, wait)
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("2 s sudden death move took %v", d)
	}
}

func TestLongLineAndEOF(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "position startpos moves "+strings.Repeat("h2e2 ", 300000), "isready")
	e.Expect(`^readyok$`, wait)
	e.Send("setoption usebook false", "go depth 2")
	line, _ := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN)
}

// TestHostileLines sends malformed or hostile lines; after each, isready
// must still be answered and the position must be the last good one (or,
// for an unusable FEN, no position at all).
func TestHostileLines(t *testing.T) {
	const good = "position startpos moves h2e2 h9g7"
	hostile := []struct {
		line     string
		clearPos bool
	}{
		{"", false}, {"   ", false}, {"\t\t", false}, {"setoption", false},
		{"setoption name", false}, {"setoption name value 3", false}, {"setoption hashsize -5", false},
		{"setoption hashsize 99999999999999999999", false}, {"setoption threads abc", false},
		{"setoption multipv 0", false}, {"setoption randomness crazy", false}, {"setoption rules sky", false},
		{"setoption timecontrol 40/", false}, {"setoption bookfiles /nonexistent/book.dat", false},
		{"setoption usemillisec maybe", false}, {"banmoves zzzz", false}, {"banmoves h2e2 e2e9", false},
		{"ponderhit", false}, {"ponderhit draw", false}, {"probe", false}, {"probe fen garbage", false},
		{"probe startpos moves z9z9", false}, {"\x00\x01\x02", false}, {"é中文输入", false},
		{strings.Repeat("x", 5000), false}, {"position", true}, {"position moves h2e2", true},
		{"position startpos moves", false}, {"isready extra words", false},
		{"ucci again", false}, {"setoption name Hash value", false}, {"setoption naturallimit 100000", false},
		{"setoption logfile /nonexistent/dir/log", false}, {"position fen", true},
		{"position fen 9/9/9/9/9/9/9/9/9/9 w", true}, {"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", true},
		{"position fen 4k4/9/9/9/9/9/9/9/9/4K4 w", true}, {"fen nonsense", true},
	}
	// Hostile go commands each get exactly one answer.
	goLines := []string{"go perft", "go wtime -5 btime abc", "go depth -1", "go movestogo 0 time 0", "go nodes abc depth x",
		"go time 1e30 movestogo -3", "go perft 99999", "go searchmoves zzzz depth 2"}
	if len(hostile)+len(goLines) < 40 {
		t.Fatalf("only %d hostile lines", len(hostile))
	}
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false")
	for _, h := range hostile {
		e.Send(good, h.line, "isready")
		e.Expect(`^readyok$`, wait)
		e.Send("go depth 1")
		if h.clearPos {
			e.Expect(`^nobestmove$`, wait)
			continue
		}
		line, _ := e.Expect(`^(bestmove|nobestmove)`, wait)
		if line == "nobestmove" {
			t.Errorf("after %q: nobestmove", h.line)
			continue
		}
		legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	}
	for _, g := range goLines {
		e.Send(good, g)
		if strings.HasPrefix(g, "go perft 9") {
			e.Send("isready")
			e.Expect(`^readyok$`, wait)
			e.Send("stop")
			e.Expect(`^info string perft stopped`, wait)
			continue
		}
		if e.AnswerWithin(3*time.Second) == "" {
			e.Send("stop")
			e.Expect(`^(bestmove|nobestmove)`, wait)
		}
		e.Send("isready")
		_, before := e.Expect(`^readyok$`, wait)
		for _, l := range before {
			if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
				t.Errorf("%q: a second answer %q", g, l)
			}
		}
	}
	e.Send("quit")
	e.Expect(`^bye$`, wait)
}

// TestRandomInterleavings throws go/stop/ponderhit/position/isready at the
// engine in random order and checks exactly one answer per go.
func TestRandomInterleavings(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false")
	rng := newRand(42)
	gos, readies := 0, 0
	cmds := []string{"go depth 3", "go infinite", "go ponder time 500 opptime 500", "go nodes 500", "stop", "ponderhit",
		"position startpos", "position startpos moves h2e2 h9g7", "isready", "go time 100 increment 0", "banmoves h0g2"}
	for i := 0; i < n; i++ {
		c := cmds[rng.IntN(len(cmds))]
		if strings.HasPrefix(c, "go") {
			gos++
		}
		if c == "isready" {
			readies++
		}
		e.Send(c)
	}
	e.Send("stop", "isready")
	readies++
	// Drain: every go must end; a final stop releases an infinite search.
	answers, ready := 0, 0
	deadline := time.After(60 * time.Second)
	for ready < readies || answers < gos {
		select {
		case line, ok := <-e.Lines():
			if !ok {
				t.Fatal("engine exited")
			}
			l := line.Text
			enginetest.CheckLine(t, l)
			switch {
			case strings.HasPrefix(l, "bestmove") || l == "nobestmove":
				answers++
			case l == "readyok":
				ready++
			}
			if ready == readies && answers < gos {
				e.Send("stop", "isready")
				readies++
			}
		case <-deadline:
			t.Fatalf("after 60 s: %d answers to %d go, %d/%d readyok", answers, gos, ready, readies)
		}
	}
	// The stop when idle answers nobestmove in UCCI, so answers may exceed gos.
	if answers < gos {
		t.Errorf("%d answers to %d go", answers, gos)
	}
	e.Send("quit")
}

// TestPonderFinishingEarlyWaits: a pondering or infinite search that ends by
// itself (here a forced mate) must still wait for ponderhit or stop.
func TestPonderFinishingEarlyWaits(t *testing.T) {
	const pos = "position fen 7R1/5k3/9/6p2/6b2/2B6/8p/5A3/9/3AK1B2 w - - 0 1 moves h9h8 f8f9 h8h4 g5e7 h4h7"
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", pos, "go ponder time 6253 opptime 1760")
	e.NoBestMove(700 * time.Millisecond)
	e.Send("ponderhit")
	e.Expect(`^bestmove `, wait)
	e.Send(pos, "go infinite")
	e.NoBestMove(700 * time.Millisecond)
	e.Send("stop")
	e.Expect(`^bestmove `, wait)
	e.Send("isready")
	_, before := e.Expect(`^readyok$`, wait)
	for _, l := range before {
		if l == "nobestmove" || strings.HasPrefix(l, "bestmove") {
			t.Errorf("second answer %q", l)
		}
	}
}
