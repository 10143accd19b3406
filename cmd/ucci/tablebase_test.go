package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/engine/tbgen"
	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/pgn"
)

var (
	tbTestOnce sync.Once
	tbTestDir  string
	tbTestErr  error
)

// tablebaseDir builds KRKA and KNK (with KRK) once for the package's tests
// and returns their directory.
func tablebaseDir(t *testing.T) string {
	t.Helper()
	tbTestOnce.Do(func() {
		tbTestDir, tbTestErr = os.MkdirTemp("", "ucci-tb-test-*")
		if tbTestErr != nil {
			return
		}
		var ts *tb.Tables
		ts, tbTestErr = tbgen.BuildNamed(tbTestDir, []string{"KRKA", "KNK"}, 1)
		if ts != nil {
			ts.Close()
		}
	})
	if tbTestErr != nil {
		t.Fatal(tbTestErr)
	}
	return tbTestDir
}

// tableValue probes fen in the test tables.
func tableValue(t *testing.T, dir, fen string, moves ...string) tb.Value {
	t.Helper()
	ts := tb.Load(dir, func(s string) { t.Fatal(s) })
	defer ts.Close()
	p, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	v, ok := p.ProbeTB(ts)
	if !ok {
		t.Fatalf("%s: not in the tables", fen)
	}
	return v
}

// TestTablebaseAnalysisUCI: with TablebasePath set, go on a table position
// says the verdict, counts tbhits, scores the win in the tablebase band
// (or as a mate where the defender has its general alone) and plays a
// move that keeps the table's value.
func TestTablebaseAnalysisUCI(t *testing.T) {
	dir := tablebaseDir(t)
	e := enginetest.Start(t)
	e.Send("uci", "setoption name OwnBook value false", "setoption name TablebasePath value "+dir, "isready")
	e.Expect(`^readyok$`, wait)

	const krka = "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"
	v := tableValue(t, dir, krka)
	e.Send("position fen "+krka, "go depth 5")
	line, infos := e.Expect(`^bestmove `, wait)
	all := strings.Join(infos, "\n")
	if !strings.Contains(all, "info string tablebase win, conversion in "+strconv.Itoa(v.DTC())+" plies") {
		t.Errorf("no verdict for %s (%s) in\n%s", krka, v, all)
	}
	last := infos[len(infos)-1]
	if !regexp.MustCompile(` score (cp 8[0-9]{3}|mate \d+) .* tbhits [1-9]`).MatchString(last) {
		t.Errorf("last info %q: want a tablebase score and tbhits", last)
	}
	m := legalIn(t, line, krka)
	if got := tb.AfterMove(tableValue(t, dir, krka, m.String()), m.IsCapture()); got != v {
		t.Errorf("%s plays %s, %s; the table has %s", krka, m, got, v)
	}

	const knk = "9/4k4/9/9/9/9/9/4N4/9/3K5 w - - 0 1"
	w := tableValue(t, dir, knk)
	e.Send("position fen "+knk, "go depth 3")
	_, infos = e.Expect(`^bestmove `, wait)
	want := "score mate " + strconv.Itoa((w.DTC()+1)/2) + " "
	if last := infos[len(infos)-1]; !w.IsWin() || !strings.Contains(last, want) {
		t.Errorf("KNK (%s): last info %q, want %q", w, last, want)
	}
	if !strings.Contains(strings.Join(infos, "\n"), "info string tablebase win, mate in "+strconv.Itoa(w.DTC())+" plies") {
		t.Errorf("no mate verdict for %s", knk)
	}
}

// TestTablebasePathDamagedOrMissing: a damaged table is skipped with one
// message and the others are used; a missing directory gives one message;
// the engine keeps answering.
func TestTablebasePathDamagedOrMissing(t *testing.T) {
	src := tablebaseDir(t)
	dir := t.TempDir()
	for _, name := range []string{"KRK.xqtb", "KNK.xqtb"} {
		img, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "KNK.xqtb" {
			img[len(img)-1] ^= 1
		}
		if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := enginetest.Start(t)
	e.Send("ucci", "setoption usebook false", "setoption tbpath "+dir, "isready")
	_, lines := e.Expect(`^readyok$`, wait)
	msgs := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "info message tablebases: skipped") {
			msgs++
		}
	}
	if msgs != 1 || !strings.Contains(strings.Join(lines, "\n"), "info message tablebases: 1 tables") {
		t.Errorf("damaged KNK: %d messages in\n%s", msgs, strings.Join(lines, "\n"))
	}
	e.Send("position fen 3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "go depth 3")
	_, infos := e.Expect(`^bestmove `, wait)
	if !strings.Contains(strings.Join(infos, "\n"), "info message tablebase win, mate in") {
		t.Errorf("KRK not probed:\n%s", strings.Join(infos, "\n"))
	}
	e.Send("setoption tbpath "+filepath.Join(dir, "missing"), "isready")
	_, lines = e.Expect(`^readyok$`, wait)
	if n := strings.Count(strings.Join(lines, "\n"), "info message tablebases:"); n != 1 {
		t.Errorf("missing directory: %d messages in\n%s", n, strings.Join(lines, "\n"))
	}
	e.Send("position fen 9/4k4/9/9/9/9/9/4N4/9/3K5 w - - 0 1", "go depth 2")
	_, infos = e.Expect(`^bestmove `, wait)
	if strings.Contains(strings.Join(infos, "\n"), "tbhits") {
		t.Error("tbhits printed without tables")
	}
	// <empty> turns the tables off without a word, and they come back.
	e.Send("setoption tbpath "+dir, "isready")
	e.Expect(`^readyok$`, wait)
	e.Send("setoption tbpath <empty>", "isready")
	if _, lines = e.Expect(`^readyok$`, wait); strings.Contains(strings.Join(lines, "\n"), "tablebases") {
		t.Errorf("<empty>: %s", strings.Join(lines, "\n"))
	}
	e.Send("position fen 3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "go depth 3")
	if _, infos = e.Expect(`^bestmove `, wait); strings.Contains(strings.Join(infos, "\n"), "tablebase win") {
		t.Errorf("KRK probed with the tables off:\n%s", strings.Join(infos, "\n"))
	}
}

// TestMatchTablebaseAdjudication: with -tb, an opening already in the
// tables is decided before its first move, and a game whose capture
// reaches the tables ends there with their result, termination
// "tablebase"; -tb with -broker is refused.
func TestMatchTablebaseAdjudication(t *testing.T) {
	tbDir := tablebaseDir(t)
	fake := buildFakeEngine(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "out.pgn")
	openings := filepath.Join(dir, "openings.txt")
	os.WriteFile(openings, []byte("3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1 ; KRKA, red to move wins\n"+
		"3a1k3/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1 ; e1e8 takes an advisor into KRKA, where d9e8 takes the chariot: a draw\n"), 0o644)
	code, out, errOut := runCapture("match",
		"-engine", "cmd="+fake+" name=alpha arg=-script arg=e1e8",
		"-engine", "cmd="+fake+" name=beta arg=-script arg=e1e8",
		"-games", "4", "-tc", "5+0.05", "-openings", openings, "-tb", tbDir,
		"-pgn", pgnPath, "-maxplies", "40", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
	for _, g := range games {
		want, result := 0, "1-0"
		if strings.HasPrefix(g.StartFEN(), "3a1k3") {
			want, result = 1, "1/2-1/2"
		}
		if g.Tag("Termination") != "tablebase" || g.Tag("Result") != result {
			t.Errorf("%s after %v: termination %q, result %q, want %s", g.StartFEN(), g.Moves, g.Tag("Termination"), g.Tag("Result"), result)
		}
		if len(g.Moves) != want {
			t.Errorf("%s: %d moves, want %d", g.StartFEN(), len(g.Moves), want)
		}
	}
	code, _, errOut = runCapture("match", "-engine", fake, "-engine", fake, "-tb", tbDir, "-broker", "embedded")
	if code != 2 || !strings.Contains(errOut, "-tb adjudicates local games only") {
		t.Errorf("-tb with -broker: exit %d, %q", code, errOut)
	}
}
