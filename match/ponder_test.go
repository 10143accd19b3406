package match

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
)

// ponderScript is played by both fakes; a fake that ponders predicts the
// script's next move, so every prediction hits.
const ponderScript = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5"

// recorded returns the lines a fake engine received.
func recorded(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// field returns the integer after key in a go line, -1 when absent.
func field(line, key string) int {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == key {
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				return n
			}
		}
	}
	return -1
}

// TestPonderHit: after each move the pondering engine gets the position
// with its move and the predicted reply, go ponder with its own clock as it
// stands, then ponderhit; it never gets the position again.
func TestPonderHit(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "red.txt")
	red := fake("red", "-ponder", "-script", ponderScript, "-record", rec)
	red.Ponder = true
	cfg := testConfig(t, engine.StartFEN, red, fake("black", "-script", ponderScript))
	cfg.MaxPlies = 8
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 8 {
		t.Fatalf("got %s (%s) after %d plies", g.Termination, g.Termination.Detail, len(g.Moves))
	}
	if g.PonderHits[engine.Red] != 3 || g.PonderMisses[engine.Red] != 0 || g.PonderHits[engine.Black]+g.PonderMisses[engine.Black] != 0 {
		t.Errorf("hits %v, misses %v; want red 3/0", g.PonderHits, g.PonderMisses)
	}
	lines := recorded(t, rec)
	if lines[2] != "setoption ponder true" {
		t.Errorf("options: %q", lines[:4])
	}
	moves := strings.Fields(ponderScript)
	var ponders, hits, plain int
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "go ponder "):
			ponders++
			want := "position fen " + engine.StartFEN + " moves " + strings.Join(moves[:2*ponders], " ")
			if lines[i-1] != want {
				t.Errorf("before %q: %q, want %q", l, lines[i-1], want)
			}
			if field(l, "time") <= 0 || field(l, "time") > 5000 || field(l, "opptime") <= 0 || strings.Contains(l, "draw") {
				t.Errorf("ponder go %q", l)
			}
		case l == "ponderhit":
			hits++
			if !strings.HasPrefix(lines[i-1], "go ponder ") {
				t.Errorf("ponderhit after %q", lines[i-1])
			}
		case strings.HasPrefix(l, "go "):
			plain++
		}
	}
	// The last ponder search (after red's fourth move) is ended by the
	// game's end with stop.
	if ponders != 4 || hits != 3 || plain != 1 {
		t.Errorf("%d go ponder, %d ponderhit, %d plain go; want 4, 3, 1", ponders, hits, plain)
	}
	if lines[len(lines)-1] != "stop" && lines[len(lines)-2] != "stop" {
		t.Errorf("the last ponder search was not stopped: %q", lines[len(lines)-3:])
	}
}

// TestPonderMiss: a wrong prediction is stopped, its answer discarded, and
// the real position is sent with go; the clock runs from the stop.
func TestPonderMiss(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "red.txt")
	// b9a7 is legal after each of red's moves, and black never plays it.
	red := fake("red", "-ponder", "-pondermove", "b9a7", "-script", ponderScript, "-record", rec)
	red.Ponder = true
	cfg := testConfig(t, engine.StartFEN, red, fake("black", "-script", ponderScript))
	cfg.MaxPlies = 6
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 6 {
		t.Fatalf("got %s (%s) after %d plies", g.Termination, g.Termination.Detail, len(g.Moves))
	}
	if g.PonderMisses[engine.Red] != 2 || g.PonderHits[engine.Red] != 0 {
		t.Errorf("hits %v, misses %v; want red 0/2", g.PonderHits, g.PonderMisses)
	}
	lines := recorded(t, rec)
	var seq []string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "go ponder"):
			seq = append(seq, "ponder")
		case strings.HasPrefix(l, "go "):
			seq = append(seq, "go")
		case l == "stop" || l == "ponderhit":
			seq = append(seq, l)
		case strings.HasPrefix(l, "position ") && strings.HasSuffix(l, " b9a7"):
			seq = append(seq, "predicted")
		}
	}
	want := "go predicted ponder stop go predicted ponder stop go predicted ponder stop"
	if strings.Join(seq, " ") != want {
		t.Errorf("red's sequence %q, want %q", strings.Join(seq, " "), want)
	}
	if g.Left[engine.Red] <= 0 {
		t.Errorf("red's clock: %v", g.Left)
	}
}

// TestPonderEarlyAnswer: an engine that answers go ponder at once (as
// ElephantEye does with book moves) has that answer taken on a hit and
// ignored on a miss, and no answer is mistaken for a later move.
func TestPonderEarlyAnswer(t *testing.T) {
	for _, miss := range []bool{false, true} {
		args := []string{"-ponder", "-ponderearly", "-idlestop", "-script", ponderScript}
		if miss {
			args = append(args, "-pondermove", "b9a7")
		}
		red := fake("red", args...)
		red.Ponder = true
		cfg := testConfig(t, engine.StartFEN, red, fake("black", "-script", ponderScript))
		cfg.MaxPlies = 8
		g := playOne(t, cfg)
		if g.Termination.Reason != engine.Adjudication || len(g.Moves) != 8 {
			t.Errorf("miss %v: got %s (%s) after %d plies", miss, g.Termination, g.Termination.Detail, len(g.Moves))
		}
		for i, m := range strings.Fields(ponderScript) {
			if i < len(g.Moves) && g.Moves[i].String() != m {
				t.Errorf("miss %v: ply %d is %s, want %s", miss, i, g.Moves[i], m)
			}
		}
	}
}

// TestPonderHitDraw: a draw offer with the predicted move reaches the
// pondering engine as ponderhit draw, and its acceptance ends the game.
func TestPonderHitDraw(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "red.txt")
	red := fake("red", "-ponder", "-accept", "-script", ponderScript, "-record", rec)
	red.Ponder = true
	black := fake("black", "-script", ponderScript, "-do", "offer", "-at", "3")
	cfg := testConfig(t, engine.StartFEN, red, black)
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Agreement || len(g.Moves) != 4 {
		t.Errorf("got %s (%s) after %d plies, want agreement after 4", g.Termination, g.Termination.Detail, len(g.Moves))
	}
	found := false
	for _, l := range recorded(t, rec) {
		found = found || l == "ponderhit draw"
	}
	if !found {
		t.Error("red never received ponderhit draw")
	}
}

// TestPonderAtGameEnd: when the game ends while an engine ponders (here the
// opponent crashes), the ponder search is stopped and its answer read, and
// the engine is reused for the next game.
func TestPonderAtGameEnd(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "a.txt")
	a := fake("a", "-ponder", "-script", ponderScript, "-record", rec, "-piddir", dir)
	a.Ponder = true
	cfg := testConfig(t, engine.StartFEN, a, fake("b", "-script", ponderScript, "-do", "crash", "-at", "3"))
	cfg.Games = 2
	cfg.MaxPlies = 8
	res, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 {
		t.Fatalf("%d games", len(res.Games))
	}
	// Game 1: a is Red and ponders after ply 2 when b crashes at ply 3.
	if g := res.Games[0]; g.Termination.Reason != engine.Crash {
		t.Errorf("game 1: %s (%s)", g.Termination, g.Termination.Detail)
	}
	lines := recorded(t, rec)
	stopAt, newGames := -1, 0
	for i, l := range lines {
		if l == "stop" && stopAt < 0 {
			stopAt = i
		}
		if l == "setoption newgame" {
			newGames++
			if newGames == 2 && (stopAt < 0 || stopAt > i) {
				t.Errorf("the ponder search was not stopped before the new game: %q", lines[:i+1])
			}
		}
	}
	if newGames != 2 {
		t.Errorf("a received %d newgame commands: restarted instead of reused", newGames)
	}
	if pids := pidsIn(t, dir); len(pids) != 1 {
		t.Errorf("a started %d times", len(pids))
	}
	pl := res.Players[0]
	if pl.PonderHits == 0 || pl.PonderHits+pl.PonderMisses != res.Games[0].PonderHits[engine.Red]+res.Games[1].PonderHits[engine.Black] {
		t.Errorf("a's ponder tally %d/%d, games %v %v", pl.PonderHits, pl.PonderMisses, res.Games[0].PonderHits, res.Games[1].PonderHits)
	}
	var rep strings.Builder
	res.WriteReport(&rep)
	if !strings.Contains(rep.String(), "Pondering: a ") || strings.Contains(rep.String(), "Pondering: b ") {
		t.Errorf("report:\n%s", rep.String())
	}
}

// TestPonderUCI: a UCI engine gets Ponder true and go ponder with wtime and
// btime from Red's and Black's clocks.
func TestPonderUCI(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "black.txt")
	black := fake("black", "-proto", "uci", "-ponder", "-script", ponderScript, "-record", rec)
	black.Ponder = true
	cfg := testConfig(t, engine.StartFEN, fake("red", "-proto", "uci", "-script", ponderScript), black)
	cfg.Control, _ = timeman.Parse("5+0.5")
	cfg.MaxPlies = 6
	g := playOne(t, cfg)
	if g.PonderHits[engine.Black] != 2 {
		t.Errorf("black's hits %v", g.PonderHits)
	}
	lines := recorded(t, rec)
	sawOption, sawPonder := false, false
	for i, l := range lines {
		sawOption = sawOption || l == "setoption name Ponder value true"
		if strings.HasPrefix(l, "go ponder wtime ") {
			sawPonder = true
			if !strings.HasPrefix(lines[i-1], "position startpos moves h2e2 h9g7 h0g2") || field(l, "winc") != 500 || field(l, "binc") != 500 {
				t.Errorf("%q after %q", l, lines[i-1])
			}
		}
	}
	if !sawOption || !sawPonder {
		t.Errorf("Ponder option %v, go ponder %v: %q", sawOption, sawPonder, lines)
	}
}

// TestPonderSpec: ponder=true in a SPEC.
func TestPonderSpec(t *testing.T) {
	s, err := engineproc.ParseEngineSpec("cmd=x ponder=true")
	if err != nil || !s.Ponder {
		t.Errorf("ponder=true: %+v %v", s, err)
	}
	if _, err := engineproc.ParseEngineSpec("cmd=x ponder=maybe"); err == nil {
		t.Error("ponder=maybe accepted")
	}
}
