package main

import (
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/enginetest"
)

// Regression tests of the defects found by hostile testing (issue 16): each
// failed on the engine before its fix.

// answerNow is how soon a go that cannot be carried out must be answered.
const answerNow = time.Second

// TestBatchRefusesUnboundedGo: in batch mode an unbounded go is refused
// with a message and nobestmove; quit then says bye.
func TestBatchRefusesUnboundedGo(t *testing.T) {
	for _, g := range []string{"go infinite", "go", "go ponder", "go nodes 0", "go movetime 0"} {
		e := enginetest.Start(t)
		e.Send("ucci", "setoption batch true", "setoption usebook false", "position startpos", g)
		line, before := e.Expect(`^(bestmove|nobestmove)`, answerNow)
		if line != "nobestmove" || len(before) == 0 || !strings.Contains(before[len(before)-1], "batch") {
			t.Errorf("%q in batch mode: %q after %q", g, line, before)
		}
		e.Send("stop", "quit")
		e.Expect(`^bye$`, wait)
	}
	// A bounded search still runs in batch mode.
	e := enginetest.Start(t)
	e.Send("ucci", "setoption batch true", "setoption usebook false", "position startpos", "go depth 3", "quit")
	line, _ := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN)
	e.Expect(`^bye$`, wait)
}

// TestEndOfInputEndsSearch: stdin closing during an infinite search stops
// it, prints its move and bye, and the process exits (startEngine's cleanup
// fails if it does not).
func TestEndOfInputEndsSearch(t *testing.T) {
	for _, hello := range []string{"ucci", "uci"} {
		e := enginetest.Start(t)
		e.Send(hello, "position startpos moves h2e2", "go infinite")
		time.Sleep(100 * time.Millisecond)
		e.CloseInput()
		line, _ := e.Expect(`^bestmove `, wait)
		legalIn(t, line, engine.StartFEN, "h2e2")
		if hello == "ucci" {
			e.Expect(`^bye$`, wait)
		}
	}
}

// TestMalformedGoAnswersAtOnce: a go with a field it cannot read is
// answered at once with a message naming the field and no move.
func TestMalformedGoAnswersAtOnce(t *testing.T) {
	for _, c := range []struct{ hello, goLine, field, none string }{
		{"ucci", "go nodes abc", "nodes", "nobestmove"},
		{"ucci", "go time abc", "time", "nobestmove"},
		{"ucci", "go time nan", "time", "nobestmove"},
		{"ucci", "go depth", "depth", "nobestmove"},
		{"uci", "go btime 1000", "wtime", "bestmove (none)"},
		{"uci", "go wtime 1000 winc x", "winc", "bestmove (none)"},
		{"uci", "go searchmoves a0a9 depth 3", "searchmoves", "bestmove (none)"},
	} {
		e := enginetest.Start(t)
		e.Send(c.hello, "position startpos", c.goLine)
		line, before := e.Expect(`^(bestmove|nobestmove)`, answerNow)
		if line != c.none {
			t.Errorf("%s %q: %q, want %q", c.hello, c.goLine, line, c.none)
		}
		if len(before) == 0 || !strings.Contains(before[len(before)-1], c.field) {
			t.Errorf("%s %q: no message naming %s before the answer: %q", c.hello, c.goLine, c.field, before)
		}
		e.Send("isready")
		e.Expect(`^readyok$`, wait)
	}
}

// TestSearchMovesEndAtTheFirstNonMove: "go searchmoves a0a2 depth 3" is a
// depth-3 search of a0a2, not a search of the moves "a0a2 depth 3".
func TestSearchMovesEndAtTheFirstNonMove(t *testing.T) {
	for _, hello := range []string{"ucci", "uci"} {
		e := enginetest.Start(t)
		e.Send(hello, "position startpos", "go searchmoves a0a2 depth 3")
		line, before := e.Expect(`^bestmove `, wait)
		if !strings.HasPrefix(line, "bestmove a0a2") {
			t.Errorf("%s: %q, want a0a2", hello, line)
		}
		if pvs := pvLines(t, before); len(pvs) == 0 || pvs[len(pvs)-1].depth != 3 {
			t.Errorf("%s: not a depth-3 search: %q", hello, before)
		}
	}
}

// TestHugeClocksSaturate: clocks far beyond any game neither wrap around
// (answering at once at depth 1) nor hang: the engine thinks, and stop
// answers.
func TestHugeClocksSaturate(t *testing.T) {
	for _, c := range []struct{ hello, setup, goLine string }{
		{"ucci", "setoption usemillisec true", "go time 1e13"},
		{"ucci", "setoption usemillisec false", "go time 1e10"},
		{"ucci", "setoption usemillisec true", "go time 1e300 increment 1e300"},
		{"uci", "setoption name Move Overhead value 30", "go wtime 100000000000000 btime 100000000000000"},
		{"uci", "setoption name Move Overhead value 30", "go movetime 1e13"},
	} {
		e := enginetest.Start(t)
		noBook := "setoption usebook false"
		if c.hello == "uci" {
			noBook = "setoption name OwnBook value false"
		}
		e.Send(c.hello, noBook, c.setup, "position startpos moves h2e2 h9g7", c.goLine)
		// Depth 3 comes before any answer (a wrapped clock answers at depth
		// 1), however slow the machine, and the search goes on after it.
		_, before := e.Expect(`^info depth ([3-9]|[1-9][0-9]+) `, wait)
		for _, l := range before {
			if strings.HasPrefix(l, "bestmove") {
				t.Errorf("%s %q: answered before depth 3: %q", c.hello, c.goLine, before)
			}
		}
		e.NoBestMove(100 * time.Millisecond)
		e.Send("stop")
		line, _ := e.Expect(`^bestmove `, wait)
		legalIn(t, line, engine.StartFEN, "h2e2", "h9g7")
	}
}

// TestEarlyStopPlaysASearchedMove: the first search of a process stopped
// (or ended by quit or end of input) at once still plays a searched move:
// here the capture of a hanging chariot, not the first generated move.
func TestEarlyStopPlaysASearchedMove(t *testing.T) {
	const fen = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8r/RNBAKABNR w - - 0 1"
	for _, end := range []string{"stop", "quit", "eof"} {
		e := enginetest.Start(t)
		e.Send("ucci", "position fen "+fen, "go depth 30")
		switch end {
		case "eof":
			e.CloseInput()
		default:
			e.Send(end)
		}
		line, _ := e.Expect(`^bestmove `, wait)
		if !strings.HasPrefix(line, "bestmove i0i1") {
			t.Errorf("%s at once: %q, want the capture i0i1", end, line)
		}
	}
}

// TestSetOptionBeforeHello: an option sent before ucci is applied (and
// nothing is printed before the hello).
func TestSetOptionBeforeHello(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("setoption usebook false")
	e.Quiet(200 * time.Millisecond)
	e.Send("ucci", "position startpos", "go time 60000")
	e.Expect(`^ucciok$`, wait)
	e.NoBestMove(200 * time.Millisecond) // no book move: it searches
	e.Send("stop")
	_, before := e.Expect(`^bestmove `, wait)
	for _, l := range before {
		if strings.HasPrefix(l, "info depth 0") {
			t.Errorf("book line after setoption usebook false before ucci: %q", l)
		}
	}
}

// TestPerftStopsPromptly: stop and quit end a go perft 6 within
// milliseconds (the bound here leaves room for a loaded machine).
func TestPerftStopsPromptly(t *testing.T) {
	for _, end := range []string{"stop", "quit"} {
		e := enginetest.Start(t)
		e.Send("uci", "position startpos", "go perft 6")
		time.Sleep(200 * time.Millisecond)
		start := time.Now()
		e.Send(end)
		if end == "stop" {
			e.Expect(`^info string perft stopped`, wait)
		} else {
			e.CloseInput()
			for range e.Lines() {
			}
		}
		if d := time.Since(start); d > 250*time.Millisecond {
			t.Errorf("%s during go perft 6 took %v", end, d)
		}
	}
}

// TestLineOfExactlyOneMiB: a line of 1 MiB of text is read (with LF or
// CRLF); one byte more is rejected.
func TestLineOfExactlyOneMiB(t *testing.T) {
	const mib = 1 << 20
	e := enginetest.Start(t)
	e.Send("uci")
	e.Expect(`^uciok$`, wait)
	for _, end := range []string{"", "\r"} {
		e.Send("isready" + strings.Repeat(" ", mib-len("isready")) + end)
		e.Expect(`^readyok$`, wait)
	}
	e.Send("isready"+strings.Repeat(" ", mib+1-len("isready")), "isready")
	_, before := e.Expect(`^readyok$`, wait)
	if len(before) != 1 || !strings.Contains(before[0], "longer than 1 MiB") {
		t.Errorf("a line of 1 MiB + 1 byte: %q before readyok", before)
	}
}
