package reliability

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

// TestPonderMatch plays a short match of the engine against itself through
// the match runner, one side pondering: no crash, illegal move or time loss,
// the pondering side hits its predictions now and then, and the PGN reads
// back with every game replayable.
func TestPonderMatch(t *testing.T) {
	ctl, err := timeman.Parse("1+0.05")
	if err != nil {
		t.Fatal(err)
	}
	opts := []engineproc.Option{{Name: "hashsize", Value: "16"}, {Name: "threads", Value: "1"}}
	var out, traffic bytes.Buffer
	command := enginetest.Command(t)
	cfg := match.Config{
		Engines: []engineproc.EngineSpec{
			{Name: "ponder", Cmd: command[0], Args: command[1:], Options: opts, Ponder: true},
			{Name: "plain", Cmd: command[0], Args: command[1:], Options: opts},
		},
		Games:    2,
		Control:  ctl,
		MaxPlies: 40,
		PGN:      &out,
		Log:      &traffic,
	}
	if testing.Short() {
		cfg.Games = 1
	}
	res, err := match.Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var rep strings.Builder
	res.WriteReport(&rep)
	t.Logf("\n%s", rep.String())
	for _, g := range res.Games {
		switch g.Termination.Reason {
		case engine.Crash, engine.IllegalMove, engine.TimeForfeit:
			t.Errorf("game %d: %s (%s)", g.Number, g.Termination, g.Termination.Detail)
		}
	}
	p := res.Players[0]
	if p.PonderHits+p.PonderMisses == 0 || res.Players[1].PonderHits+res.Players[1].PonderMisses != 0 {
		t.Errorf("ponder tallies: %+v", res.Players)
	}
	log := traffic.String()
	if !strings.Contains(log, "> go ponder ") || p.PonderHits > 0 && !strings.Contains(log, "> ponderhit") {
		t.Error("the traffic log lacks go ponder or ponderhit")
	}
	if n, err := checkPGN(&out); err != nil || n != len(res.Games) {
		t.Errorf("the PGN holds %d good games of %d: %v", n, len(res.Games), err)
	}
}

// TestSoakPGN re-reads the PGN of a soak match (GOXQ_SOAK_PGN): every game
// must parse, replay legally, and carry the result the referee gives.
func TestSoakPGN(t *testing.T) {
	path := os.Getenv("GOXQ_SOAK_PGN")
	if path == "" {
		t.Skip("GOXQ_SOAK_PGN not set")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	start := time.Now()
	n, err := checkPGN(f)
	if err != nil {
		t.Error(err)
	}
	t.Logf("%s: %d games re-read and replayed in %v", path, n, time.Since(start).Round(time.Millisecond))
	if want := envInt(t, "GOXQ_SOAK_GAMES", 1); n < want {
		t.Errorf("%d games, want %d", n, want)
	}
}

// checkPGN reads games and replays each through the referee; it returns
// the number of good games and the first problem.
func checkPGN(r io.Reader) (int, error) {
	rd := pgn.NewReader(r, "soak")
	good := 0
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return good, nil
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			return good, err
		}
		if err != nil {
			return good, err
		}
		if err := replay(g); err != nil {
			return good, err
		}
		good++
	}
}

// replay plays a game through the referee and compares the tags.
func replay(g *pgn.Game) error {
	round := g.Tag("Round")
	rules, err := engine.ParseRuleSet(g.Tag("Rules"))
	if err != nil {
		rules = engine.RulesCXA
	}
	ref, err := engine.NewGame(g.StartFEN(), rules)
	if err != nil {
		return errors.New("game " + round + ": " + err.Error())
	}
	for i, m := range g.Moves {
		if _, err := ref.Play(m); err != nil {
			return errors.New("game " + round + ": ply " + strconv.Itoa(i+1) + ": " + err.Error())
		}
	}
	if pc := g.Tag("PlyCount"); pc != strconv.Itoa(len(g.Moves)) {
		return errors.New("game " + round + ": PlyCount " + pc + " for " + strconv.Itoa(len(g.Moves)) + " moves")
	}
	if v := ref.Verdict(); v.Over() && v.Result() != g.Result {
		return errors.New("game " + round + ": result " + g.Result + ", the referee says " + v.String())
	}
	if g.Result == "*" || g.Result == "" {
		return errors.New("game " + round + ": no result")
	}
	return nil
}
