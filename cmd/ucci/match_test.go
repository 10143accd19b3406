package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/pgn"
)

// buildFakeEngine builds the match runner's scripted test engine.
func buildFakeEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fakeengine")
	out, err := exec.Command("go", "build", "-o", bin, "../../engineproc/testdata/fakeengine").CombinedOutput()
	if err != nil {
		t.Fatalf("building the fake engine: %v\n%s", err, out)
	}
	return bin
}

func TestMatchCommand(t *testing.T) {
	fake := buildFakeEngine(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "out.pgn")
	logPath := filepath.Join(dir, "traffic.log")
	openings := filepath.Join(dir, "openings.txt")
	os.WriteFile(openings, []byte("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1 ; mate in one\nstartpos moves h2e2 h9g7\n"), 0o644)
	code, out, errOut := runCapture("match",
		"-engine", "cmd="+fake+" name=alpha arg=-script arg=b0b9",
		"-engine", "cmd="+fake+" name=beta proto=uci arg=-proto arg=uci",
		"-engine", fake,
		"-format", "roundrobin", "-games", "2", "-tc", "5+0.05", "-openings", openings,
		"-pgn", pgnPath, "-pgn-notation", "wxf", "-log", logPath, "-maxplies", "20", "-concurrency", "2", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"Games: 6 of 6", "alpha vs beta: W ", "alpha vs fakeengine: W ", "beta vs fakeengine: W ", "Table:", "Terminations:"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 6 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
	for _, g := range games {
		if g.Tag("TimeControl") != "5+0.05" || g.Tag("Termination") == "" || g.Tag("Game") != "Chinese Chess" || g.Tag("Format") != "WXF" {
			t.Errorf("tags %v", g.Tags)
		}
		if len(g.Comments) != len(g.Moves) {
			t.Errorf("%d comments for %d moves", len(g.Comments), len(g.Moves))
		}
	}
	if log, _ := os.ReadFile(logPath); !strings.Contains(string(log), "> go wtime ") {
		t.Error("the traffic log lacks the UCI engine's go")
	}
}

// TestMatchBothUCIConventions drives this engine as a Pikafish-style UCI
// engine (ranks 0-9, no UCI_Variant) against itself as a Fairy-Stockfish
// style one (UCI_Variant xiangqi, ranks 1-10): every game must run its
// course, with no illegal move.
func TestMatchBothUCIConventions(t *testing.T) {
	pgnPath := filepath.Join(t.TempDir(), "uci.pgn")
	code, out, errOut := runCapture("match",
		"-engine", "cmd="+enginetest.Binary(t)+" name=pikafish-style proto=uci option.Hash=16",
		"-engine", "cmd="+enginetest.Binary(t)+" name=fsf-style proto=uci-fsf option.Hash=16",
		"-games", "2", "-tc", "2+0.02", "-maxplies", "24", "-quiet", "-pgn", pgnPath)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "Games: 2 of 2") {
		t.Fatalf("report:\n%s", out)
	}
	for _, bad := range []string{"illegal-move", "crash", "time-forfeit"} {
		if strings.Contains(out, bad) {
			t.Errorf("a game ended by %s:\n%s", bad, out)
		}
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 2 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
}

// TestMatchWithdrawsBrokenEngine: a round robin with an engine that never
// finishes its handshake is played to the end, the broken engine
// forfeiting its games.
func TestMatchWithdrawsBrokenEngine(t *testing.T) {
	fake := buildFakeEngine(t)
	code, out, errOut := runCapture("match",
		"-engine", "cmd="+fake+" name=mute arg=-noready", "-engine", "cmd="+fake+" name=a", "-engine", "cmd="+fake+" name=b",
		"-format", "roundrobin", "-games", "2", "-handshake", "300ms", "-maxplies", "4", "-quiet")
	if code != 0 || !strings.Contains(out, "Games: 6 of 6") || !strings.Contains(out, "Withdrawn: mute,") ||
		!strings.Contains(out, "a vs b: W 0 D 2 L 0") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestMatchCommandErrors(t *testing.T) {
	cases := [][]string{
		{"match"},
		{"match", "-engine", "a"},
		{"match", "-engine", "a", "-engine", "cmd=b foo=1"},
		{"match", "-engine", "a", "-engine", "b", "-tc", "x"},
		{"match", "-engine", "a", "-engine", "b", "-rules", "x"},
		{"match", "-engine", "a", "-engine", "b", "-format", "swiss"},
		{"match", "-engine", "a", "-engine", "b", "-pgn-notation", "san"},
		{"match", "-engine", "a", "-engine", "b", "-sprt", "1,2"},
		{"match", "-engine", "a", "-engine", "b", "-sprt-prior", "1,2,3"},
		{"match", "-engine", "a", "-engine", "b", "-sprt", "0,10,0.05,0.05", "-sprt-prior", "1,2,3,4,5"},
		{"match", "-engine", "a", "-engine", "b", "-sprt", "0,10,0.05,0.05", "-sprt-pentanomial", "-sprt-prior", "1,2,3"},
		{"match", "-engine", "a", "-engine", "b", "-resign", "x"},
		{"match", "-engine", "a", "-engine", "b", "-draw", "1,2"},
		{"match", "-engine", "a", "-engine", "b", "-movecap", "-1"},
		{"match", "-engine", "a", "-engine", "b", "-openings", "/nonexistent/file"},
		{"match", "-engine", "a", "-engine", "b", "extra"},
		{"match", "openings"},
	}
	for _, args := range cases {
		if code, _, _ := runCapture(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := runCapture("match", "-engine", "/nonexistent/engine", "-engine", "b", "-quiet"); code != 1 {
		t.Errorf("missing engine: exit %d (%s)", code, errOut)
	}
}

// TestMatchServeFlags: -serve-token and -serve-host go with -serve, and
// the token is checked as ucci serve's is.
func TestMatchServeFlags(t *testing.T) {
	for args, want := range map[[2]string]string{
		{"-serve-token", "s3cret-token-0123456789"}: "-serve-token and -serve-host go with -serve",
		{"-serve-host", "box.example"}:              "-serve-token and -serve-host go with -serve",
	} {
		code, _, errOut := runCapture("match", "-engine", "a", "-engine", "b", args[0], args[1])
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
	code, _, errOut := runCapture("match", "-engine", "a", "-engine", "b", "-serve", "127.0.0.1:0", "-serve-token", "short")
	if code != 2 || !strings.Contains(errOut, "-serve-token: 5 characters") {
		t.Errorf("short token: exit %d, %q", code, errOut)
	}
}

func TestParseControls(t *testing.T) {
	ctl, err := parseControls("10+0.1", "", "40/60", "2.5")
	if err != nil {
		t.Fatal(err)
	}
	if got := ctl.String(); got != "10+0.1@2.5,40/60@2.5" {
		t.Errorf("control %q", got)
	}
	if _, err := parseControls("10", "bad", "", ""); err == nil {
		t.Error("bad -tc-red accepted")
	}
}

func TestMatchOpeningsCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	var b strings.Builder
	for _, r := range []string{"1-0", "0-1", "1/2-1/2", "1-0"} {
		b.WriteString("[Result \"" + r + "\"]\n\nh2e2 h9g7 h0g2 i9h9 i0h0 b9c7 " + r + "\n\n")
	}
	os.WriteFile(in, []byte(b.String()), 0o644)
	out := filepath.Join(dir, "openings.txt")
	code, _, errOut := runCapture("match", "openings", "-pgn", in, "-out", out, "-min-games", "2", "-credit", "test games")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(out)
	text := string(data)
	if !strings.Contains(text, "; Source: test games") || !strings.Contains(text, "-credit 'test games'") ||
		!strings.Contains(text, "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 6 4 ; - h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 +2 =1 -1") {
		t.Errorf("openings file:\n%s", text)
	}
}

func TestMatchEndgamesCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	os.WriteFile(in, []byte("[FEN \"3k5/9/9/9/9/9/p7p/1C7/9/R3K3R w - - 0 1\"]\n[Result \"1-0\"]\n\na0a3 d9d8 a3a4 d8d9 a4a5 d9d8 1-0\n\n"), 0o644)
	out := filepath.Join(dir, "endgames.txt")
	code, _, errOut := runCapture("match", "endgames", "-pgn", in, "-out", out, "-plies-left", "2", "-credit", "test games")
	if code != 0 || !strings.Contains(errOut, "1 positions from 1 games") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(out)
	if text := string(data); !strings.Contains(text, "; Source: test games") || !strings.Contains(text, "9/3k5/9/9/9/9/R7p/1C7/9/4K3R w - - 1 2 ; - - -, -, ply 2, 1-0") {
		t.Errorf("endgames file:\n%s", text)
	}
	if code, _, _ = runCapture("match", "endgames", "-pgn", in, "-min-attackers", "5", "-max-attackers", "4"); code != 2 {
		t.Errorf("-max-attackers below -min-attackers: exit %d, want 2", code)
	}
	if code, _, _ = runCapture("match", "endgames", "-pgn", in, "-out", in); code != 2 {
		t.Errorf("-out the input: exit %d, want 2", code)
	}
}

// TestMatchSPRTPrior: -sprt-prior carries an SPRT over from an earlier
// sitting: the report counts its games in the LLR and says so; a prior
// that decides the test alone is refused (there is nothing to play).
func TestMatchSPRTPrior(t *testing.T) {
	fake := buildFakeEngine(t)
	args := []string{"match", "-engine", "cmd=" + fake + " name=a", "-engine", "cmd=" + fake + " name=b",
		"-games", "2", "-maxplies", "4", "-quiet", "-sprt", "0,10,0.05,0.05", "-sprt-prior"}
	code, out, errOut := runCapture(append(args, "60,100,40")...)
	if code != 0 || !strings.Contains(out, "a vs b: W 0 D 2 L 0") ||
		!strings.Contains(out, "LLR 1.01 [-2.94, 2.94] continue (200 games of earlier sittings counted)") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	code, out, errOut = runCapture(append(args, "400,100,200")...)
	if code == 0 || !strings.Contains(errOut, "earlier sittings (700 games) decide it already: H1, LLR 7.05") || strings.Contains(out, "Games:") {
		t.Fatalf("a decided prior: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}
