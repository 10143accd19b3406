package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/pgn"
)

// TestMatchRunnerFSF plays games through our own match runner (`ucci
// match`) against Debian's fairy-stockfish in its generic UCI mode
// (proto=uci-fsf: UCI_Variant xiangqi, ranks 1-10), once with our engine in
// UCCI and once with it in the same uci-fsf convention: a gauntlet with
// fairy-stockfish first. Every game must end by the rules, a resignation
// or an agreed draw: no illegal move, crash or time loss; the PGN (Chinese
// notation, GBK) must read back with a comment after every move, and the
// traffic log must show the uci-fsf convention at work.
//
// Environment (make e2e sets the first three):
//
//	GOXQ_E2E=1                 run at all (otherwise the test is skipped)
//	GOXQ_E2E_ENGINE=path       the engine binary (default: built from ../cmd/ucci)
//	GOXQ_E2E_OUT=dir           where the PGN, the traffic log and the report are kept
//	GOXQ_E2E_RUNNER_GAMES=n    games per pairing (default 2)
//	GOXQ_E2E_RUNNER_TC=control time control of ucci match -tc (default 5+0.05)
func TestMatchRunnerFSF(t *testing.T) {
	if os.Getenv("GOXQ_E2E") == "" {
		t.Skip("set GOXQ_E2E=1 (make e2e) to play fairy-stockfish through the match runner")
	}
	fsf, err := exec.LookPath("fairy-stockfish")
	if err != nil {
		fsf = "/usr/games/fairy-stockfish"
		if _, err := os.Stat(fsf); err != nil {
			t.Fatal("fairy-stockfish missing: run e2e/install.sh (make e2e does)")
		}
	}
	engine := os.Getenv("GOXQ_E2E_ENGINE")
	if engine == "" {
		engine = enginetest.Binary(t)
	}
	engine, err = filepath.Abs(engine)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(envString("GOXQ_E2E_OUT", t.TempDir()), "runner")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	games := envInt(t, "GOXQ_E2E_RUNNER_GAMES", 2)
	pgnFile, logFile := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "traffic.log")
	args := []string{"match",
		"-engine", "cmd=" + fsf + " name=fairy-stockfish proto=uci-fsf option.Hash=16",
		"-engine", "cmd=" + engine + " name=goxq-ucci proto=ucci option.hashsize=16",
		"-engine", "cmd=" + engine + " name=goxq-uci-fsf proto=uci-fsf option.Hash=16",
		"-games", envString("GOXQ_E2E_RUNNER_GAMES", "2"), "-tc", envString("GOXQ_E2E_RUNNER_TC", "5+0.05"),
		"-pgn", pgnFile, "-pgn-notation", "chinese", "-log", logFile, "-quiet"}
	cmd := exec.Command(engine, args...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	os.WriteFile(filepath.Join(dir, "report.txt"), out, 0o644)
	t.Logf("ucci match (%v):\n%s", time.Since(start).Round(time.Second), out)
	if err != nil {
		t.Fatalf("ucci match: %v", err)
	}
	report := string(out)
	if want := fmt.Sprintf("Games: %d of %d\n", 2*games, 2*games); !strings.Contains(report, want) {
		t.Errorf("report lacks %q", want)
	}
	for _, bad := range []string{"illegal-move", "crash", "time-forfeit"} {
		if strings.Contains(report, bad) {
			t.Errorf("a game ended by %s", bad)
		}
	}
	read, badGames, err := pgn.ReadFile(pgnFile)
	if err != nil || len(badGames) > 0 || len(read) != 2*games {
		t.Fatalf("re-reading %s: %d games, bad %v, %v", pgnFile, len(read), badGames, err)
	}
	for _, g := range read {
		if len(g.Moves) < 10 || len(g.Comments) != len(g.Moves) {
			t.Errorf("game %s: %d moves, %d comments", g.Tag("Round"), len(g.Moves), len(g.Comments))
		}
		if term := g.Tag("Termination"); term == "illegal-move" || term == "crash" || term == "time-forfeit" {
			t.Errorf("game %s: %s (%s)", g.Tag("Round"), term, g.Tag("TerminationDetail"))
		}
	}
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	// Both fairy-stockfish-style sessions set the variant and use ranks
	// 1-10 both ways (a move from Black's back rank is written h10g8, and
	// there is no rank 0); the UCCI session keeps ranks 0-9.
	for _, re := range []string{
		`(?m) fairy-stockfish > setoption name UCI_Variant value xiangqi$`,
		`(?m) goxq-uci-fsf > setoption name UCI_Variant value xiangqi$`,
		`(?m) goxq-ucci > ucci$`,
		`(?m) fairy-stockfish > position .* moves .*\b[a-i]10[a-i]\d+\b`,
		`(?m) (fairy-stockfish|goxq-uci-fsf) < bestmove [a-i]10[a-i]\d+\b`,
		`(?m) goxq-ucci < bestmove [a-i]\d[a-i]\d\b`,
	} {
		if !regexp.MustCompile(re).Match(log) {
			t.Errorf("traffic log %s: nothing matches %s", logFile, re)
		}
	}
	if bad := regexp.MustCompile(`(?m) (fairy-stockfish|goxq-uci-fsf) < bestmove ([a-i]0|[a-i]\d+[a-i]0\b).*`).Find(log); bad != nil {
		t.Errorf("a rank 0 from a uci-fsf engine: %s", bad)
	}
}
