package protocol_test

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goxq/ucci/cmd/ucci/protocol"
)

// fuzzSeeds are whole conversations: real GUI traffic (UCI2WB in UCCI mode,
// UCI GUIs, VinXiangQi, Sylvan's doubled positions, XQWizard's ponder
// misses), every go variant, and garbage.
var fuzzSeeds = []string{
	// UCI2WB -x driving a UCCI engine (CLIENTS.md §1.4), with a ponder hit.
	"ucci\nsetoption promotion false\nsetoption batch false\nsetoption debug false\nsetoption usehash true\n" +
		"setoption usebook true\nsetoption idle none\nsetoption pruning none\nsetoption knowledge none\n" +
		"setoption randomness none\nsetoption hashsize 68\nisready\nsetoption newgame\n" +
		"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves\n" +
		"go time 6000 opptime 6000 oppincrement 0 increment 0\n" +
		"position fen r1bakab1r/5R3/1cn3nc1/p3p3p/2p3p2/9/P1P1P1P1P/1CN4C1/9/2BAKABNR w - - 0 1 moves h0i2 d9e8 i0i1 c9e7\n" +
		"go ponder time 5670 opptime 5520 oppincrement 0 increment 0\nponderhit\n",
	// A UCI GUI: handshake, options, clocks, a ponder miss.
	"uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Ponder value true\nsetoption name MultiPV value 2\n" +
		"isready\nucinewgame\nposition startpos moves h2e2 h9g7\ngo wtime 10000 btime 10000 winc 100 binc 100\n" +
		"position startpos moves h2e2 h9g7 h0g2 i9h9\ngo ponder wtime 9000 btime 9500 winc 100 binc 100\nstop\n" +
		"position startpos moves h2e2 h9g7 h0g2 c6c5\ngo wtime 9000 btime 9500 winc 100 binc 100 movestogo 20\n",
	// VinXiangQi: a FEN with no moves, movetime and infinite.
	"uci\nsetoption name Threads value 1\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n" +
		"go movetime 30\ngo infinite\nstop\n",
	// Sylvan: bare fen/startpos lines, newgame, wtime/btime in UCCI.
	"ucci\nnewgame\nfen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2\n" +
		"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2\n" +
		"go wtime 60000 btime 60000 winc 1000 binc 1000\n",
	// Every go variant.
	"ucci\nsetoption usebook false\nposition startpos\ngo depth 3\ngo nodes 2000\ngo movetime 20\ngo mate 2\n" +
		"go perft 3\ngo searchmoves h2e2 b2e2 depth 2\ngo draw time 3000 increment 0\ngo depth 0\ngo infinite\nstop\n",
	"uci\nposition startpos moves h2e2\ngo infinite\nisready\nponderhit\nstop\nstop\ngo depth 1\n",
	"uci\nposition startpos\ngo perft 2\nisready\ngo depth 2\n",
	// UCCI banmoves, probe and draw offers.
	"ucci\nposition startpos moves h2e2 h9g7 h0g2\nbanmoves i9h9 b9c7\ngo depth 3\nprobe\n" +
		"probe startpos moves h2e2\ngo ponder draw time 5000 opptime 5000\nponderhit draw\n",
	// Seconds mode, time control, skill.
	"ucci\nsetoption usemillisec false\nsetoption timecontrol 40/5+1\nsetoption skilllevel 3\nposition startpos\n" +
		"go time 10 increment 1 opptime 10 oppincrement 1 movestogo 40\n",
	"ucci\nsetoption debug true\nsetoption multipv 3\nsetoption style risky\nsetoption rules axf\nposition startpos\ngo depth 4\n",
	// A mated side and a mating one, pondering.
	"ucci\nposition fen 7R1/5k3/9/6p2/6b2/2B6/8p/5A3/9/3AK1B2 w - - 0 1 moves h9h8 f8f9 h8h4 g5e7 h4h7\n" +
		"go ponder time 6253 opptime 1760 oppincrement 0 increment 0\nisready\nponderhit\n",
	"ucci\nposition fen 3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 3\ngo infinite\nstop\n",
	// Unusable positions.
	"ucci\nposition fen 9/9/9/9/9/9/9/9/9/9 w\ngo depth 2\nposition\ngo\nposition startpos moves z9z9 h2e2\ngo depth 1\n",
	"uci\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x\ngo depth 1\nfen nonsense\ngo\n",
	// Garbage, CRLF and early quit.
	"\x00\x01\x02\nisready\nhello\nucci\r\nisready\r\ngo go go\r\nstop stop\nponderhit draw\n",
	"é中文输入\nuci\nsetoption\nsetoption name\nsetoption name value 3\ngo wtime -5 btime abc\ngo time 1e30 movestogo -3\n",
	"ucci\ngo depth 2\nquit\ngo infinite\nisready\n",
	"isready\nquit\nucci\n",
	"",
}

// protocolLine is what an engine may print: nothing else reaches a GUI.
var protocolLine = regexp.MustCompile(`^(id (name|version|copyright|author|email) |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|bye$|pophash( |$))`)

// bestMoveLine is a bestmove line in either dialect.
var bestMoveLine = regexp.MustCompile(`^bestmove ([a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?( draw| resign)?|\(none\))$`)

// maxFuzzLines keeps every line of an input (plus stop and quit) inside the
// session's 64-line input buffer, so that nothing blocks after quit.
const maxFuzzLines = 40

// runTimeout bounds one conversation; every input ends with stop and quit.
const runTimeout = 30 * time.Second

// FuzzCommandLoop feeds arbitrary command lines to a Session, followed by
// stop and quit, and checks that it neither panics nor hangs, prints only
// protocol lines, and answers what it must (see expectations).
func FuzzCommandLoop(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 1<<14 {
			t.Skip("input too long")
		}
		lines := sanitize(input)
		script := append(lines, "stop", "quit")
		out := &lockedBuffer{}
		s := protocol.NewSession(out, protocol.Config{Name: "GoXQ", Version: "fuzz", Author: "test", HashMB: 1})
		done := make(chan int, 1)
		go func() { done <- s.Run(strings.NewReader(strings.Join(script, "\n") + "\n")) }()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("Run returned %d", code)
			}
		case <-time.After(runTimeout):
			t.Fatalf("Run did not return within %v\ninput: %q\noutput so far:\n%s", runTimeout, script, out.String())
		}
		checkConversation(t, script, out.String())
	})
}

// sanitize splits the input into at most maxFuzzLines lines and removes
// what cannot be fuzzed safely: options that touch the file system
// (logfile, bookfiles), allocate without bound (hashsize, threads) or, by
// design, stop reading input during a search (batch: go infinite would
// never end). go perft depths are capped at 3 so that stop is quick.
func sanitize(input string) []string {
	raw := strings.Split(input, "\n")
	if len(raw) > 0 && raw[len(raw)-1] == "" {
		raw = raw[:len(raw)-1] // a final newline ends the last line
	}
	var lines []string
	for _, l := range raw {
		if len(lines) == maxFuzzLines {
			break
		}
		tok := strings.Fields(l)
		if len(tok) == 0 {
			lines = append(lines, l)
			continue
		}
		lower := strings.ToLower(l)
		switch strings.ToLower(tok[0]) {
		case "setoption":
			if strings.Contains(lower, "log") || strings.Contains(lower, "bookfile") || strings.Contains(lower, "thread") ||
				strings.Contains(lower, "batch") || strings.Contains(lower, "hash") && !strings.Contains(lower, "clear") {
				continue
			}
		case "go":
			l = capPerft(tok)
		}
		lines = append(lines, l)
	}
	return lines
}

// capPerft rewrites a go line with perft depths above 3.
func capPerft(tok []string) string {
	for i := 0; i+1 < len(tok); i++ {
		if strings.EqualFold(tok[i], "perft") {
			if v, err := strconv.ParseFloat(tok[i+1], 64); err == nil && v > 3 {
				tok[i+1] = "3"
			}
		}
	}
	return strings.Join(tok, " ")
}

// expectations are what any correct session must print for a script.
//
// Commands are handled in order; while a search runs, all but isready,
// stop, ponderhit, probe and quit wait in a queue, and quit during a search
// ends the session after that search's bestmove, dropping the queue (UCCI:
// quit stops and exits at once). Whether a later go was still queued at
// quit depends on timing, so only a go that is certainly handled while the
// engine is idle must be answered: the first go after the hello, when no
// quit precedes it. Every handled go is answered exactly once (bestmove,
// nobestmove or bestmove (none), also for an unusable position) except go
// perft, and a UCCI stop while idle answers nobestmove, so the answers are
// at most the go lines plus the stop lines. isready is never queued: every
// one before the first quit is answered, and those after it may be (they can
// be read while the last search stops).
type expectations struct {
	minAnswers, maxAnswers int
	minReady, maxReady     int
	hello                  string // "ucci" or "uci" when the first dialect line is a hello
}

func expect(script []string) expectations {
	var e expectations
	dialect := false // a hello or a position line has been handled
	quit := false
	idle := true // certainly no search running and nothing queued
	for _, l := range script {
		tok := strings.Fields(l)
		if len(tok) == 0 {
			continue
		}
		cmd := strings.ToLower(tok[0])
		if cmd == "isready" {
			e.maxReady++
			if !quit {
				e.minReady++
			}
		}
		if quit {
			continue
		}
		if !dialect {
			switch cmd {
			case "ucci", "uci":
				e.hello = cmd
				dialect = true
			case "position", "fen", "startpos":
				dialect = true
			case "quit":
				quit = true
			}
			continue
		}
		switch cmd {
		case "quit":
			quit = true
		case "stop":
			e.maxAnswers++
		case "go":
			e.maxAnswers++
			perft := false
			for _, t := range tok {
				perft = perft || strings.EqualFold(t, "perft")
			}
			if idle && !perft {
				e.minAnswers++
			}
			idle = false
		}
	}
	return e
}

// checkConversation checks the output of a finished session.
func checkConversation(t *testing.T, script []string, output string) {
	t.Helper()
	e := expect(script)
	out := strings.Split(strings.TrimSuffix(output, "\n"), "\n")
	if output == "" {
		out = nil
	}
	answers, ready, byes := 0, 0, 0
	sawHello := false
	for i, l := range out {
		if !protocolLine.MatchString(l) {
			t.Errorf("line %d is not a protocol line: %q", i+1, l)
		}
		for _, r := range l {
			if r < 32 || r > 126 {
				t.Errorf("line %d is not printable ASCII: %q", i+1, l)
				break
			}
		}
		switch {
		case strings.HasPrefix(l, "bestmove "):
			answers++
			if !bestMoveLine.MatchString(l) {
				t.Errorf("malformed %q", l)
			}
		case l == "nobestmove":
			answers++
		case l == "readyok":
			ready++
		case l == "bye":
			byes++
			if i != len(out)-1 {
				t.Errorf("bye is not the last line (line %d of %d)", i+1, len(out))
			}
		case l == e.hello+"ok":
			sawHello = true
		}
		if e.hello != "" && !sawHello && !strings.HasPrefix(l, "id ") && l != "readyok" && !strings.HasPrefix(l, "option ") {
			t.Errorf("%q before the answer to %s", l, e.hello)
		}
	}
	if e.hello != "" && !sawHello {
		t.Errorf("no %sok", e.hello)
	}
	if answers < e.minAnswers || answers > e.maxAnswers {
		t.Errorf("%d bestmove/nobestmove answers, want %d..%d", answers, e.minAnswers, e.maxAnswers)
	}
	if ready < e.minReady || ready > e.maxReady {
		t.Errorf("%d readyok, want %d..%d", ready, e.minReady, e.maxReady)
	}
	if byes > 1 {
		t.Errorf("%d bye lines", byes)
	}
	if t.Failed() {
		t.Logf("input:\n%s\noutput:\n%s", strings.Join(script, "\n"), output)
	}
}

// lockedBuffer collects output written from several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestExpectations checks the bounds on a few scripts by hand.
func TestExpectations(t *testing.T) {
	cases := []struct {
		script []string
		want   expectations
	}{
		{[]string{"ucci", "go depth 1", "go depth 1", "stop", "quit"}, expectations{1, 3, 0, 0, "ucci"}},
		{[]string{"go", "isready", "uci", "go perft 2", "go", "quit", "isready"}, expectations{0, 2, 1, 2, "uci"}},
		{[]string{"position startpos", "GO infinite", "stop", "quit"}, expectations{1, 2, 0, 0, ""}},
		{[]string{"isready", "quit", "ucci", "go"}, expectations{0, 0, 1, 1, ""}},
	}
	for _, c := range cases {
		if got := expect(c.script); got != c.want {
			t.Errorf("expect(%q) = %+v, want %+v", c.script, got, c.want)
		}
	}
	if got := sanitize("setoption hashsize 4096\nsetoption name Clear Hash\nsetoption logfile /x\ngo perft 9\n"); strings.Join(got, "|") != "setoption name Clear Hash|go perft 3" {
		t.Errorf("sanitize: %q", got)
	}
}
