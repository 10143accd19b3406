package e2e

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// TestXBoardMatch plays whole games through a real GUI: XBoard 4.9 drives
// our engine in UCCI mode through the UCI2WB adapter (-fUCCI, uci2wb -x)
// under Xvfb, against fairy-stockfish as a native XBoard engine (run through
// UCI2WB it switches to 1-10 ranks and forfeits; CLIENTS.md §1.3). One
// match without pondering and one with it; each must finish every game with
// a real result, no illegal move, forfeit, time loss, crash or UCI2WB
// protocol complaint, and our engine may print nothing but protocol lines.
//
// Environment (make e2e sets the first three):
//
//	GOXQ_E2E=1              run at all (otherwise the test is skipped)
//	GOXQ_E2E_ENGINE=path    the engine binary (default: built from ../cmd/ucci)
//	GOXQ_E2E_OUT=dir        where each match's PGN and logs are kept (default: a temporary directory)
//	GOXQ_E2E_RUNS=list      which matches, of noponder,ponder (default: both)
//	GOXQ_E2E_GAMES=n        games per match (default 2)
//	GOXQ_E2E_TC=m:ss        base time per game (default 0:20)
//	GOXQ_E2E_INC=s          increment in seconds (default 0.2)
//	GOXQ_E2E_STRICT=1       also fail when XBoard changes one of our option defaults
func TestXBoardMatch(t *testing.T) {
	if os.Getenv("GOXQ_E2E") == "" {
		t.Skip("set GOXQ_E2E=1 (make e2e) to play games through XBoard under Xvfb")
	}
	tools := findTools(t)
	engine := os.Getenv("GOXQ_E2E_ENGINE")
	if engine == "" {
		engine = enginetest.Binary(t)
	}
	engine, err := filepath.Abs(engine)
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("GOXQ_E2E_OUT")
	if out == "" {
		out = t.TempDir()
	}
	out, err = filepath.Abs(out)
	if err != nil {
		t.Fatal(err)
	}
	m := match{engine: engine, tools: tools, games: envInt(t, "GOXQ_E2E_GAMES", 2),
		tc: envString("GOXQ_E2E_TC", "0:20"), inc: envString("GOXQ_E2E_INC", "0.2"),
		strict: os.Getenv("GOXQ_E2E_STRICT") == "1"}
	m.display = startXvfb(t, tools["Xvfb"])
	for _, run := range strings.Split(envString("GOXQ_E2E_RUNS", "noponder,ponder"), ",") {
		switch run {
		case "noponder", "ponder":
			t.Run(run, func(t *testing.T) { m.play(t, filepath.Join(out, run), run == "ponder") })
		default:
			t.Errorf("GOXQ_E2E_RUNS: unknown run %q", run)
		}
	}
}

// match is one XBoard match configuration.
type match struct {
	engine  string
	tools   map[string]string
	display string
	games   int
	tc, inc string
	strict  bool
}

// play runs one match in dir and checks what it left there.
func (m *match) play(t *testing.T, dir string, ponder bool) {
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home") // XBoard writes ~/.xboardrc
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	pgnFile, debugFile, outFile := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "xboard.debug"), filepath.Join(dir, "xboard.out")
	// UCI2WB's debug output puts every line our engine prints into the
	// debug file. With -ponder, UCI2WB 4.1 ponders from the second game on:
	// in the first it gets XBoard's "hard" before the engine's options and
	// drops it. (Its "ponder always" option is no help: it answers a move
	// received in force mode with go ponder instead of go, and the game is
	// lost on time.)
	firstOptions := "UCI2WB debug output=1"
	ponderFlag := "-xponder"
	if ponder {
		ponderFlag = "-ponder"
	}
	args := []string{
		"-variant", "xiangqi",
		"-uxiAdapter", m.tools["uci2wb"] + ` -var xiangqi -x "%fcp" "%fd"`,
		"-fcp", m.engine, "-fd", dir, "-fUCCI", "-firstOptions", firstOptions,
		"-scp", m.tools["fairy-stockfish"], "-sd", dir,
		"-mg", strconv.Itoa(m.games), "-tc", m.tc, "-inc", m.inc, ponderFlag, "-autoCallFlag", "true",
		"-sgf", pgnFile, "-debug", "-nameOfDebugFile", debugFile,
	}
	logf, err := os.Create(outFile)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(m.tools["xboard"], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "DISPLAY="+m.display, "XAUTHORITY=", "LANG=C.UTF-8",
		"PATH=/usr/games:"+os.Getenv("PATH"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // XBoard, UCI2WB and both engines
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		killGroup(cmd.Process.Pid, exited)
	}
	defer stop()

	// XBoard does not exit after a match: it prints the final score.
	limit := m.timeLimit()
	ticker := time.NewTicker(500 * time.Millisecond)
	defer ticker.Stop()
	deadline := time.After(limit)
wait:
	for {
		select {
		case err := <-exited:
			stopped = true
			t.Errorf("XBoard exited during the match: %v", err)
			break wait
		case <-deadline:
			t.Errorf("the match did not finish within %v", limit)
			break wait
		case <-ticker.C:
			b, _ := os.ReadFile(outFile)
			if finalScore.Match(b) {
				break wait
			}
			if _, p := checkXBoardOutput(string(b)); p != nil {
				t.Errorf("XBoard: %s", strings.Join(p, "\n"))
				break wait
			}
		}
	}
	elapsed := time.Since(start)
	stop()
	m.check(t, pgnFile, debugFile, outFile, ponder, elapsed)
}

// timeLimit bounds a match: every game uses at most both clocks (base plus
// 150 increments each) and some seconds of overhead.
func (m *match) timeLimit() time.Duration {
	base := 60.0
	if mm, ss, ok := strings.Cut(m.tc, ":"); ok {
		a, _ := strconv.ParseFloat(mm, 64)
		b, _ := strconv.ParseFloat(ss, 64)
		base = 60*a + b
	} else if a, err := strconv.ParseFloat(m.tc, 64); err == nil {
		base = 60 * a
	}
	inc, _ := strconv.ParseFloat(m.inc, 64)
	perGame := 2*(base+150*inc) + 30
	return time.Duration(float64(m.games)*perGame) * time.Second
}

// check reads the match's files and reports.
func (m *match) check(t *testing.T, pgnFile, debugFile, outFile string, ponder bool, elapsed time.Duration) {
	var summary []string
	report := func(format string, a ...any) {
		s := fmt.Sprintf(format, a...)
		summary = append(summary, s)
		t.Log(s)
	}
	defer func() {
		os.WriteFile(filepath.Join(filepath.Dir(pgnFile), "summary.txt"), []byte(strings.Join(summary, "\n")+"\n"), 0o644)
	}()
	report("match of %d games at %s+%s s, ponder %v, took %v", m.games, m.tc, m.inc, ponder, elapsed.Round(time.Second))

	pgnText, err := os.ReadFile(pgnFile)
	if err != nil {
		t.Errorf("no PGN: %v", err)
	}
	games, err := parsePGN(string(pgnText))
	if err != nil {
		t.Errorf("PGN: %v", err)
	}
	if len(games) != m.games {
		t.Errorf("%d games in the PGN, want %d", len(games), m.games)
	}
	for i, g := range games {
		report("game %d: %s - %s  %s {%s}, %d plies", i+1, g.tags["White"], g.tags["Black"], g.tags["Result"], g.termination, g.plies)
		for _, p := range checkGame(g) {
			t.Errorf("game %d: %s", i+1, p)
		}
	}

	debugText, err := os.ReadFile(debugFile)
	if err != nil {
		t.Fatalf("no debug log: %v", err)
	}
	d := parseDebugLog(string(debugText))
	report("XBoard's game ends: %q", d.gameEnds)
	report("our engine printed %d lines; %d go ponder, %d ponderhit", len(d.engineLines), d.goPonder, d.ponderHits)
	for _, p := range d.problems {
		t.Errorf("debug log: %s", p)
	}
	for _, p := range checkEngineLines(d.engineLines) {
		t.Errorf("engine output: %s", p)
	}
	for _, l := range d.engineLines {
		if strings.HasPrefix(l, "info message ") || strings.HasPrefix(l, "info string ") {
			report("engine note: %s", l)
		}
	}
	for _, p := range overriddenOptions(d) {
		if m.strict {
			t.Errorf("%s", p)
		} else {
			report("WARNING: %s", p)
		}
	}
	if len(d.gameEnds) < m.games {
		t.Errorf("XBoard reported %d game ends, want %d", len(d.gameEnds), m.games)
	}
	for _, e := range d.gameEnds {
		if badEnding.MatchString(e) {
			t.Errorf("XBoard ended a game with %q", e)
		}
	}
	if ponder && (d.goPonder == 0 || d.ponderHits == 0) {
		t.Errorf("pondering on, but %d go ponder and %d ponderhit reached our engine", d.goPonder, d.ponderHits)
	}
	if !ponder && d.goPonder > 0 {
		t.Errorf("pondering off (-xponder), but %d go ponder reached our engine", d.goPonder)
	}

	outText, _ := os.ReadFile(outFile)
	score, problems := checkXBoardOutput(string(outText))
	for _, p := range problems {
		t.Errorf("XBoard said: %s", p)
	}
	for _, p := range checkScore(score, games) {
		t.Error(p)
	}
	if score != nil {
		report("final score of %s: %s-%s-%s (won-lost-drawn)", score[0], score[2], score[3], score[4])
	}
	if t.Failed() {
		report("FAILED; files in %s", filepath.Dir(pgnFile))
	}
}

// killGroup ends the process group led by pid (XBoard, UCI2WB and the
// engines it started): SIGTERM, then SIGKILL after three seconds.
func killGroup(pid int, exited <-chan error) {
	syscall.Kill(-pid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(3 * time.Second):
		syscall.Kill(-pid, syscall.SIGKILL)
		<-exited
	}
	// Engines that outlive XBoard are still in the group.
	time.Sleep(200 * time.Millisecond)
	syscall.Kill(-pid, syscall.SIGKILL)
}

// findTools locates the programs of the Debian packages xboard, uci2wb,
// fairy-stockfish and xvfb (games live in /usr/games, often not in PATH).
func findTools(t *testing.T) map[string]string {
	t.Helper()
	tools := map[string]string{}
	var missing []string
	for _, name := range []string{"xboard", "uci2wb", "fairy-stockfish", "Xvfb"} {
		p, err := exec.LookPath(name)
		if err != nil {
			if _, serr := os.Stat("/usr/games/" + name); serr == nil {
				p, err = "/usr/games/"+name, nil
			}
		}
		if err != nil {
			missing = append(missing, name)
			continue
		}
		tools[name] = p
	}
	if missing != nil {
		t.Fatalf("missing %s: run e2e/install.sh (make e2e does)", strings.Join(missing, ", "))
	}
	return tools
}

// startXvfb starts a virtual X server on a free display and returns its
// name; the server is stopped when the test ends.
func startXvfb(t *testing.T, xvfb string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(3 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			t.Fatalf("Xvfb gave no display number (%q): %s", n, stderr.String())
		}
		return ":" + n
	case <-time.After(15 * time.Second):
		t.Fatalf("Xvfb did not start: %s", stderr.String())
	}
	return ""
}

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", name, v)
	}
	return n
}
