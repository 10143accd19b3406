package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
)

// fakeBin is the scripted engine of engineproc/testdata/fakeengine, built by TestMain.
var fakeBin string

func TestMain(m *testing.M) { os.Exit(enginetest.MainWithFake(m, &fakeBin)) }

// fake returns the spec of a fake engine with the given flags.
func fake(name string, args ...string) engineproc.EngineSpec {
	return engineproc.EngineSpec{Name: name, Cmd: fakeBin, Args: args}
}

// testConfig returns a one-game match between a and b from fen, with short
// timeouts.
func testConfig(t *testing.T, fen string, a, b engineproc.EngineSpec) Config {
	t.Helper()
	ctl, err := timeman.Parse("5+0")
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseOpeningLine(fen)
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Engines:          []engineproc.EngineSpec{a, b},
		Games:            1,
		Control:          ctl,
		Grace:            100 * time.Millisecond,
		Openings:         []Opening{o},
		HandshakeTimeout: 2 * time.Second,
		QuitTimeout:      200 * time.Millisecond,
	}
}

// playOne runs cfg and returns its only game.
func playOne(t *testing.T, cfg Config) GameResult {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(res.Games) != 1 {
		t.Fatalf("%d games finished, want 1", len(res.Games))
	}
	return res.Games[0]
}

const (
	mateFEN      = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"
	stalemateFEN = "3k5/9/4R4/9/9/9/9/9/9/5K3 w - - 0 1"
	idleRepFEN   = "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1"
	checkRepFEN  = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1"
	chaseRepFEN  = "4k4/9/c8/9/9/9/1R7/9/9/3K5 w - - 0 1"
)

func TestGameEndings(t *testing.T) {
	start := engine.StartFEN
	cases := []struct {
		name    string
		fen     string
		red     []string
		black   []string
		tc      string
		result  string
		reason  engine.Reason
		maxTime time.Duration
	}{
		{"mate", mateFEN, []string{"-script", "b0b9"}, nil, "", "1-0", engine.Checkmate, 0},
		{"stalemate", stalemateFEN, []string{"-script", "e7e8"}, nil, "", "1-0", engine.Stalemate, 0},
		{"repetition", idleRepFEN, []string{"-script", "h6g6 g5h5 g6h6 h5g5 h6g6 g5h5 g6h6 h5g5"},
			[]string{"-script", "h6g6 g5h5 g6h6 h5g5 h6g6 g5h5 g6h6 h5g5"}, "", "1/2-1/2", engine.Repetition, 0},
		{"perpetual check", checkRepFEN, []string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"},
			[]string{"-script", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"}, "", "1-0", engine.PerpetualCheck, 0},
		{"perpetual chase", chaseRepFEN, []string{"-script", "b3a3 a7b7 a3b3 b7a7 b3a3 a7b7 a3b3 b7a7"},
			[]string{"-script", "b3a3 a7b7 a3b3 b7a7 b3a3 a7b7 a3b3 b7a7"}, "", "0-1", engine.PerpetualChase, 0},
		{"illegal move", start, []string{"-do", "illegal", "-move", "h2h8", "-at", "0"}, nil, "", "0-1", engine.IllegalMove, 0},
		{"unreadable move", start, nil, []string{"-do", "illegal", "-move", "a10b9", "-at", "1"}, "", "1-0", engine.IllegalMove, 0},
		{"crash", start, nil, []string{"-do", "crash", "-at", "3"}, "", "1-0", engine.Crash, 0},
		{"hang", start, []string{"-do", "hang", "-at", "2"}, nil, "0.3+0", "0-1", engine.TimeForfeit, 5 * time.Second},
		{"flag", start, nil, []string{"-do", "slow", "-slowfor", "1s", "-at", "1"}, "0.3+0", "1-0", engine.TimeForfeit, 5 * time.Second},
		{"move cap", start, nil, []string{"-do", "slow", "-slowfor", "600ms", "-at", "1"}, "60+0@0.2", "1-0", engine.TimeForfeit, 5 * time.Second},
		{"resign", start, []string{"-do", "resign", "-at", "2"}, nil, "", "0-1", engine.Resignation, 0},
		{"nobestmove", start, nil, []string{"-do", "nobest", "-at", "1"}, "", "1-0", engine.Resignation, 0},
		{"uci nobestmove", start, nil, []string{"-proto", "uci", "-do", "nobest", "-at", "1"}, "", "1-0", engine.Resignation, 0},
		{"draw agreed", start, []string{"-do", "offer", "-at", "4"}, []string{"-accept"}, "", "1/2-1/2", engine.Agreement, 0},
		{"uci mate", mateFEN, []string{"-proto", "uci", "-script", "b0b9"}, []string{"-proto", "uci"}, "", "1-0", engine.Checkmate, 0},
		{"answer on stop", mateFEN, []string{"-do", "stopok", "-script", "b0b9"}, nil, "0.3+0", "1-0", engine.Checkmate, 5 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, tc.fen, fake("red", tc.red...), fake("black", tc.black...))
			if tc.tc != "" {
				cfg.Control, _ = timeman.Parse(tc.tc)
			}
			if tc.name == "answer on stop" {
				cfg.Grace = time.Second // the fake must be scheduled to answer stop
			}
			began := time.Now()
			g := playOne(t, cfg)
			if g.Termination.Result() != tc.result || g.Termination.Reason != tc.reason {
				t.Errorf("got %s (%s), want %s %s", g.Termination, g.Termination.Detail, tc.result, tc.reason)
			}
			if tc.maxTime > 0 && time.Since(began) > tc.maxTime {
				t.Errorf("the game took %v", time.Since(began))
			}
			rejudgeTampered(t, cfg, g)
			if tc.reason == engine.TimeForfeit {
				loser := engine.Red
				if tc.result == "1-0" {
					loser = engine.Black
				}
				if !g.Forfeit[loser] || g.Forfeit[loser.Opponent()] {
					t.Errorf("forfeit flags %v", g.Forfeit)
				}
			}
		})
	}
}

// TestEngineOutputFailures: an engine that closes its standard output but
// stays alive loses at once as a crash (not when its clock runs out), and
// one that sends a line longer than 1 MiB is reported for that while it
// still runs; a line of exactly 1 MiB is read.
func TestEngineOutputFailures(t *testing.T) {
	cases := []struct {
		name   string
		red    []string
		result string
		detail string
	}{
		{"closed output", []string{"-do", "closeout", "-at", "2"}, "0-1", "red closed its standard output while still running"},
		{"overlong line", []string{"-do", "longline", "-at", "2"}, "0-1", "red sent an output line longer than 1 MiB"},
		{"line of 1 MiB", []string{"-do", "longline", "-linelen", "1048576", "-at", "2"}, "1/2-1/2", "the game reached 6 plies"},
		{"crash", []string{"-do", "crash", "-at", "2"}, "0-1", "red engine terminated (exit status 3)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, engine.StartFEN, fake("red", c.red...), fake("black"))
			cfg.Control, _ = timeman.Parse("30+0")
			cfg.MaxPlies = 6
			began := time.Now()
			g := playOne(t, cfg)
			if g.Termination.Result() != c.result || g.Termination.Detail != c.detail {
				t.Errorf("got %s (%s), want %s (%s)", g.Termination, g.Termination.Detail, c.result, c.detail)
			}
			if took := time.Since(began); took > 5*time.Second {
				t.Errorf("the game took %v", took)
			}
		})
	}
}

// TestDrawOfferLapses checks that an offer not taken up is forgotten and
// that the offer reaches the opponent as go draw.
func TestDrawOfferLapses(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "black.txt")
	cfg := testConfig(t, engine.StartFEN, fake("red", "-do", "offer", "-at", "0"), fake("black", "-record", rec))
	cfg.MaxPlies = 6
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 6 {
		t.Errorf("got %s after %d plies, want an adjudicated draw after 6", g.Termination, len(g.Moves))
	}
	data, _ := os.ReadFile(rec)
	var gos []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "go") {
			gos = append(gos, l)
		}
	}
	if len(gos) != 3 || !strings.HasPrefix(gos[0], "go draw ") || strings.Contains(gos[1], "draw") {
		t.Errorf("black's go commands: %q", gos)
	}
}

// TestAgreementDiscardsMove checks that the accepting move is not played.
func TestAgreementDiscardsMove(t *testing.T) {
	cfg := testConfig(t, engine.StartFEN, fake("red", "-do", "offer", "-at", "0"), fake("black", "-accept"))
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Agreement || len(g.Moves) != 1 {
		t.Errorf("got %s after %d plies, want agreement after 1", g.Termination, len(g.Moves))
	}
}

func TestScoreAdjudication(t *testing.T) {
	red := fake("red", "-printscore", "-score", "700")
	black := fake("black", "-printscore", "-score", "-650")
	cfg := testConfig(t, engine.StartFEN, red, black)
	cfg.Adjudication = ScoreRules{ResignScore: 600, ResignMoves: 3}
	g := playOne(t, cfg)
	if g.Termination.Result() != "1-0" || g.Termination.Reason != engine.Adjudication || len(g.Moves) != 6 {
		t.Errorf("resign rule: got %s after %d plies", g.Termination, len(g.Moves))
	}

	red = fake("red", "-proto", "uci", "-printscore", "-score", "5")
	black = fake("black", "-printscore", "-score", "-3")
	cfg = testConfig(t, engine.StartFEN, red, black)
	cfg.Adjudication = ScoreRules{ResignScore: 600, ResignMoves: 3, DrawScore: 10, DrawMoves: 2, DrawAfter: 4}
	g = playOne(t, cfg)
	if g.Termination.Result() != "1/2-1/2" || g.Termination.Reason != engine.Adjudication || len(g.Moves) != 8 {
		t.Errorf("draw rule: got %s after %d plies", g.Termination, len(g.Moves))
	}
}

// TestUCCICommands checks what a UCCI engine is sent: usemillisec, the
// options, newgame, the FEN after the last capture with the moves since,
// and go with both clocks in ms.
func TestUCCICommands(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "red.txt")
	script := "h2h9 i9h9 -"
	red := fake("red", "-record", rec, "-script", script)
	red.Options = []engineproc.Option{{Name: "hashsize", Value: "32"}, {Name: "bookfiles", Value: "a b.xqb"}}
	cfg := testConfig(t, engine.StartFEN, red, fake("black", "-script", script))
	cfg.Control, _ = timeman.Parse("40/60:10/30")
	cfg.MaxPlies = 4
	playOne(t, cfg)
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	p := engine.StartPosition()
	for _, s := range []string{"h2h9", "i9h9"} {
		m, _ := p.ParseMove(s)
		p.PlayGameMove(m)
	}
	afterCapture := p.FEN()
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	want := []string{
		"ucci",
		"setoption usemillisec true",
		"setoption hashsize 32",
		"setoption bookfiles a b.xqb",
		"isready",
		"setoption newgame",
		"isready",
		"position fen " + engine.StartFEN,
		"go time 60000 movestogo 40 opptime 60000 oppmovestogo 40",
		"position fen " + afterCapture,
	}
	if len(lines) < len(want) {
		t.Fatalf("red received %q", lines)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: got %q, want %q", i, lines[i], w)
		}
	}
	if !strings.HasPrefix(lines[len(want)], "go time ") || !strings.Contains(lines[len(want)], " movestogo 39 opptime ") {
		t.Errorf("second go: %q", lines[len(want)])
	}
}

// TestUCICommands checks the UCI dialect, and protocol detection of an
// engine that exits when greeted with ucci.
func TestUCICommands(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "black.txt")
	script := "h2e2 h9g7 -"
	black := fake("black", "-proto", "uci", "-exitonbad", "-record", rec, "-script", script)
	black.Options = []engineproc.Option{{Name: "Hash", Value: "32"}, {Name: "Clear Hash", Value: ""}}
	cfg := testConfig(t, engine.StartFEN, fake("red", "-proto", "uci", "-script", script), black)
	cfg.Control, _ = timeman.Parse("5+0.5")
	cfg.MaxPlies = 3
	playOne(t, cfg)
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	want := []string{
		"ucci", // the probe, after which this engine exits
		"uci",  // no UCI_Variant: this engine would switch to ranks 1-10
		"setoption name Hash value 32",
		"setoption name Clear Hash",
		"isready",
		"ucinewgame",
		"isready",
		"position startpos moves h2e2",
	}
	if len(lines) < len(want)+1 {
		t.Fatalf("black received %q", lines)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: got %q, want %q", i, lines[i], w)
		}
	}
	goLine := lines[len(want)]
	if !strings.HasPrefix(goLine, "go wtime ") || !strings.Contains(goLine, " btime 5000 winc 500 binc 500") {
		t.Errorf("go: %q", goLine)
	}
}

// TestUCIConventions plays the two UCI conventions: an engine that
// declares UCI_Variant xiangqi is driven Pikafish-style (never set, ranks
// 0-9, as it would switch to ranks 1-10 when set), a multi-variant engine
// (UCI_Variant default chess) Fairy-Stockfish-style, detected or asked for
// with uci-fsf: UCI_Variant xiangqi and ranks 1-10 in both directions.
func TestUCIConventions(t *testing.T) {
	script := "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 -"
	cases := []struct {
		name      string
		args      []string
		proto     engineproc.Protocol
		variant   bool   // UCI_Variant xiangqi is sent
		position2 string // the position line before its second move
	}{
		{"pikafish style, detected", []string{"-proto", "uci"}, engineproc.ProtoAuto, false, "position startpos moves h2e2 h9g7"},
		{"pikafish style, asked for", []string{"-proto", "uci"}, engineproc.ProtoUCI, false, "position startpos moves h2e2 h9g7"},
		{"fsf style, detected", []string{"-proto", "uci-fsf"}, engineproc.ProtoAuto, true, "position startpos moves h3e3 h10g8"},
		{"fsf style, asked for", []string{"-proto", "uci-fsf"}, engineproc.ProtoUCIFSF, true, "position startpos moves h3e3 h10g8"},
		{"our engine in fsf style", []string{"-proto", "uci"}, engineproc.ProtoUCIFSF, true, "position startpos moves h3e3 h10g8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec := filepath.Join(t.TempDir(), "red.txt")
			red := fake("red", append(c.args, "-record", rec, "-script", script, "-ponder")...)
			red.Proto, red.Ponder = c.proto, true
			cfg := testConfig(t, engine.StartFEN, red, fake("black", "-script", script))
			cfg.MaxPlies = 6
			g := playOne(t, cfg)
			if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 6 {
				t.Fatalf("got %s (%s) after %d plies", g.Termination, g.Termination.Detail, len(g.Moves))
			}
			if got := moveList(g.Moves); got != "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" {
				t.Errorf("moves %s", got)
			}
			data, _ := os.ReadFile(rec)
			text := string(data)
			if got := strings.Contains(text, "setoption name UCI_Variant value xiangqi\n"); got != c.variant {
				t.Errorf("UCI_Variant sent: %v, want %v\n%s", got, c.variant, text)
			}
			if !strings.Contains(text, c.position2+"\n") {
				t.Errorf("no %q in\n%s", c.position2, text)
			}
		})
	}
}

// moveList joins moves in ICCS.
func moveList(moves []engine.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// TestBanMoves checks that a perpetual checker is warned with banmoves one
// cycle before it loses, and that NoBanMoves turns the warning off.
func TestBanMoves(t *testing.T) {
	script := "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"
	for _, off := range []bool{false, true} {
		rec := filepath.Join(t.TempDir(), "black.txt")
		cfg := testConfig(t, checkRepFEN, fake("red", "-script", script), fake("black", "-script", script, "-record", rec))
		cfg.NoBanMoves = off
		g := playOne(t, cfg)
		if g.Termination.Reason != engine.PerpetualCheck {
			t.Errorf("got %s", g.Termination)
		}
		data, _ := os.ReadFile(rec)
		var bans []string
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "banmoves") {
				bans = append(bans, l)
			}
		}
		want := []string{"banmoves f2e2", "banmoves e2f2"}
		if off {
			want = nil
		}
		if strings.Join(bans, "|") != strings.Join(want, "|") {
			t.Errorf("NoBanMoves %v: black received %q, want %q", off, bans, want)
		}
	}
}

// TestStopCrossingAnswer: the engine answers just after the runner sent
// stop, then answers that stop with nobestmove as an idle ElephantEye does;
// the stray nobestmove must not be taken for its next move.
func TestStopCrossingAnswer(t *testing.T) {
	red := fake("red", "-do", "slow", "-slowfor", "450ms", "-at", "0", "-idlestop")
	cfg := testConfig(t, engine.StartFEN, red, fake("black"))
	cfg.Control, _ = timeman.Parse("0.3+0.5")
	cfg.Grace = time.Second
	cfg.MaxPlies = 6
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 6 {
		t.Errorf("got %s (%s) after %d plies, want an adjudicated draw after 6", g.Termination, g.Termination.Detail, len(g.Moves))
	}
}
