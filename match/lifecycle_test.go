package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/pgn"
)

// running tells whether pid is a live process (zombies count as gone).
func running(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	// The state follows the parenthesized command name.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// pidsIn reads the pid files the fake engines wrote.
func pidsIn(t *testing.T, dir string) []int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// checkNoSurvivors waits briefly for the processes to disappear.
func checkNoSurvivors(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for _, pid := range pids {
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if running(pid) {
			t.Errorf("process %d survived the match", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestNoOrphans runs engines that ignore quit and start a helper process:
// after the match none of them may be left.
func TestNoOrphans(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-ignorequit", "-spawn", "-piddir", dir}
	cfg := testConfig(t, engine.StartFEN, fake("a", args...), fake("b", append(args, "-do", "crash", "-at", "5")...))
	cfg.Games = 3
	cfg.MaxPlies = 10
	cfg.Concurrency = 2
	var mu sync.Mutex
	var started []int
	res, err := run(context.Background(), cfg, func(pid int) {
		mu.Lock()
		started = append(started, pid)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 3 {
		t.Fatalf("%d games", len(res.Games))
	}
	pids := pidsIn(t, dir)
	// Three games, the crashing engine restarted: at least 4 engines, each
	// with a helper.
	if len(pids) < 8 || len(started) < 4 {
		t.Errorf("%d pids written, %d engines started", len(pids), len(started))
	}
	checkNoSurvivors(t, pids)
}

// TestCancel interrupts a match in the middle of a hanging move.
func TestCancel(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t, engine.StartFEN, fake("a", "-piddir", dir, "-spawn"), fake("b", "-piddir", dir, "-do", "hang", "-at", "1"))
	cfg.Control, _ = timeman.Parse("60+0")
	cfg.Games = 4
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	began := time.Now()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("cancelled match took %v to stop", took)
	}
	if !res.Interrupted || len(res.Games) != 0 {
		t.Errorf("interrupted %v, %d games", res.Interrupted, len(res.Games))
	}
	checkNoSurvivors(t, pidsIn(t, dir))
}

// TestHandshakeFailures: an engine that never answers isready loses its
// games; after three failures in a row it is withdrawn and forfeits the
// rest of its games without being started, and the event is finished.
func TestHandshakeFailures(t *testing.T) {
	cfg := testConfig(t, engine.StartFEN, fake("mute", "-noready"), fake("ok"))
	cfg.HandshakeTimeout = 300 * time.Millisecond
	g := playOne(t, cfg)
	if g.Termination.Result() != "0-1" || g.Termination.Reason != engine.Crash || g.Termination.Detail != "red engine did not start" {
		t.Errorf("got %s (%s)", g.Termination, g.Termination.Detail)
	}
	cfg.Games = 6
	res, err := Run(context.Background(), cfg)
	if err != nil || len(res.Games) != 6 || !res.Players[0].Withdrawn || res.Players[0].Losses != 6 {
		t.Fatalf("a broken engine: err %v after %d games, %+v", err, len(res.Games), res.Players[0])
	}
	if d := res.Games[5].Termination.Detail; !strings.HasSuffix(d, "withdrawn after 3 failed handshakes in a row") {
		t.Errorf("last game: %s", d)
	}
	var report strings.Builder
	res.WriteReport(&report)
	if !strings.Contains(report.String(), "Withdrawn: mute,") {
		t.Errorf("report:\n%s", report.String())
	}

	// A round robin goes on without the withdrawn engines; a game between
	// two of them is not played.
	cfg.Engines = []engineproc.EngineSpec{fake("mute1", "-noready"), fake("mute2", "-noready"), fake("a"), fake("b")}
	cfg.Format, cfg.Games, cfg.MaxPlies, cfg.Concurrency = RoundRobin, 4, 4, 2
	res, err = Run(context.Background(), cfg)
	if err != nil || res.Planned != 24 || res.Unplayed == 0 || len(res.Games)+res.Unplayed != 24 {
		t.Fatalf("round robin: err %v, %d of %d games, %d unplayed", err, len(res.Games), res.Planned, res.Unplayed)
	}
	for _, g := range res.Games {
		played := g.Red >= 2 && g.Black >= 2
		if played != (g.Termination.Reason == engine.Adjudication) {
			t.Errorf("game %d (%d-%d): %s (%s)", g.Number, g.Red, g.Black, g.Termination, g.Termination.Detail)
		}
	}
	if p := res.Players[2]; p.Games() != 12 || p.Withdrawn {
		t.Errorf("engine a: %+v", p)
	}

	cfg.Engines[0] = engineproc.EngineSpec{Cmd: filepath.Join(t.TempDir(), "missing")}
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("a missing executable gave no error")
	}
}

// TestMatchPGNAndStats plays a small gauntlet and re-reads its PGN.
func TestMatchPGNAndStats(t *testing.T) {
	o1, _ := parseOpeningLine(mateFEN)
	o2, _ := parseOpeningLine("startpos moves h2e2 h9g7")
	var out, log bytes.Buffer
	cfg := Config{
		Engines: []engineproc.EngineSpec{
			fake("first", "-script", "b0b9"),
			fake("second", "-script", "- - - - b0b9"),
			fake("third", "-proto", "uci"),
		},
		Games:            4,
		Openings:         []Opening{o1, o2},
		MaxPlies:         12,
		Concurrency:      2,
		QuitTimeout:      200 * time.Millisecond,
		HandshakeTimeout: 2 * time.Second,
		PGN:              &out,
		Log:              &log,
		Event:            "test",
	}
	var calls int
	cfg.OnGame = func(GameResult, *Result) { calls++ }
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 8 || calls != 8 || len(res.Pairings) != 2 {
		t.Fatalf("%d games, %d callbacks, %d pairings", len(res.Games), calls, len(res.Pairings))
	}
	games, bad, err := readPGN(out.String())
	if err != nil || len(bad) > 0 || len(games) != 8 {
		t.Fatalf("re-reading the PGN: %d games, bad %v, err %v", len(games), bad, err)
	}
	for _, g := range games {
		if g.Tag("Termination") == "" || g.Tag("PlyCount") != strconv.Itoa(len(g.Moves)) || g.Tag("Format") != "" && g.Tag("Format") != "ICCS" {
			t.Errorf("tags %v", g.Tags)
		}
		var ref *engine.Game
		if ref, err = engine.NewGame(g.StartFEN(), engine.RulesCXA); err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Moves {
			ref.Play(m)
		}
		if v := ref.Verdict(); v.Over() && v.Result() != g.Result {
			t.Errorf("game %s: PGN result %s, referee %s", g.Tag("Round"), g.Result, v)
		}
	}
	// The pairing's tally must agree with the games.
	var want Record
	for _, g := range res.Games {
		if g.Pairing == 0 {
			want.add(g.Score(0))
		}
	}
	if res.Pairings[0].Record != want || res.Pairings[0].Games() != 4 {
		t.Errorf("pairing record %+v, games say %+v", res.Pairings[0].Record, want)
	}
	pairs := 0
	for _, n := range res.Pairings[0].Penta {
		pairs += n
	}
	if pairs != 2 {
		t.Errorf("penta %v", res.Pairings[0].Penta)
	}
	if !strings.Contains(log.String(), " > ucci") || !strings.Contains(log.String(), " < bestmove ") {
		t.Errorf("traffic log lacks the dialogue:\n%.400s", log.String())
	}
	var rep bytes.Buffer
	res.WriteReport(&rep)
	for _, w := range []string{"Games: 8 of 8", "first vs second: W ", "first vs third: W ", "Terminations:"} {
		if !strings.Contains(rep.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, rep.String())
		}
	}
}

// readPGN reads games with the pgn package.
func readPGN(text string) ([]*pgn.Game, []error, error) {
	rd := pgn.NewReader(strings.NewReader(text), "out.pgn")
	var games []*pgn.Game
	var bad []error
	for {
		g, err := rd.Next()
		var ge *pgn.GameError
		switch {
		case err == nil:
			games = append(games, g)
		case errors.As(err, &ge):
			bad = append(bad, err)
		case err == io.EOF:
			return games, bad, nil
		default:
			return games, bad, err
		}
	}
}

// TestPGNOfBadEngineOutput: the runner writes what a broken engine sent
// (control characters, invalid UTF-8) into TerminationDetail escaped, and
// odd engine names cleaned, so that every PGN it writes reads back.
func TestPGNOfBadEngineOutput(t *testing.T) {
	var out bytes.Buffer
	red := fake("red\nname \"quoted\"")
	black := fake("black", "-do", "illegal", "-move", `h9\x00g7\x01\xff`, "-at", "1")
	cfg := testConfig(t, engine.StartFEN, red, black)
	cfg.PGN = &out
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.IllegalMove {
		t.Fatalf("got %s (%s)", g.Termination, g.Termination.Detail)
	}
	text := out.String()
	for i, r := range text {
		if r != '\n' && unicode.IsControl(r) {
			t.Fatalf("control character %q at byte %d of the PGN:\n%q", r, i, text)
		}
	}
	games, bad, err := readPGN(text)
	if err != nil || len(bad) > 0 || len(games) != 1 {
		t.Fatalf("re-reading the PGN: %d games, bad %v, err %v\n%s", len(games), bad, err, text)
	}
	p := games[0]
	if want := `black played illegal move "h9\x00g7\x01` + "\uFFFD" + `"`; p.Tag("TerminationDetail") != want {
		t.Errorf("TerminationDetail %q, want %q", p.Tag("TerminationDetail"), want)
	}
	if p.Tag("Red") != `red name "quoted"` || p.Tag("Black") != "black" || p.Result != "1-0" || len(p.Moves) != 1 {
		t.Errorf("tags %v, %d moves", p.Tags, len(p.Moves))
	}
}
