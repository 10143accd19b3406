package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/enginetest"
)

// writeTestNet writes a net (all weights zero but one bias) to dir.
func writeTestNet(t *testing.T, dir, name string) string {
	t.Helper()
	n := nnue.NewNet(nnue.ArchPlain)
	n.OutputBias[nnue.Bucket(32)] = 100 * nnue.QA * nnue.QB / nnue.Scale // 100 cp with a full board
	n.Description = "test net " + name
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// TestEvalFile: a net file is loaded and announced; a missing, truncated,
// foreign or directory "net" is refused with a message and the net in use
// kept; <classical> selects the classical evaluation and <embedded> the
// embedded net, which is the one in use at the start.
func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	good := writeTestNet(t, dir, "good.nnue")
	data, _ := os.ReadFile(good)
	truncated := filepath.Join(dir, "truncated.nnue")
	os.WriteFile(truncated, data[:len(data)/2], 0o644)
	foreign := filepath.Join(dir, "foreign.nnue")
	os.WriteFile(foreign, []byte("not a net"), 0o644)
	for _, hello := range []string{"ucci", "uci"} {
		set := func(v string) string {
			if hello == "uci" {
				return "setoption name EvalFile value " + v
			}
			return "setoption evalfile " + v
		}
		e := enginetest.Start(t)
		e.Send(hello, "isready")
		_, before := e.Expect(`^readyok$`, wait)
		if want := defaultEvalAnnouncement(); !strings.Contains(strings.Join(before, "\n"), want) {
			t.Errorf("%s: %q not announced: %q", hello, want, before)
		}
		e.Send(set(good), "isready")
		_, before = e.Expect(`^readyok$`, wait)
		if last := before[len(before)-1]; !strings.Contains(last, "evaluation: network "+good) || !strings.Contains(last, "test net good.nnue") {
			t.Errorf("%s: net not announced: %q", hello, before)
		}
		for _, bad := range []string{truncated, foreign, dir, filepath.Join(dir, "missing.nnue")} {
			e.Send(set(bad), "isready")
			_, before = e.Expect(`^readyok$`, wait)
			if len(before) != 1 || !strings.Contains(before[0], filepath.Base(bad)) {
				t.Errorf("%s: %s: %q before readyok, want one message naming the file", hello, bad, before)
			}
		}
		// The good net is still in use: its evaluation is the output bias.
		e.Send("position startpos", "eval", "isready")
		_, before = e.Expect(`^readyok$`, wait)
		if text := strings.Join(before, "\n"); !strings.Contains(text, "Network evaluation: 100 (Red's view), 100 (side to move)") ||
			!strings.Contains(text, "Used by the search: 100 (Red's view), 100 (side to move) (network)") {
			t.Errorf("%s: eval with the test net: %q", hello, before)
		}
		e.Send("go depth 1")
		line, _ := e.Expect(`^bestmove`, wait)
		legalIn(t, line, engine.StartFEN)
		e.Send(set("<classical>"), "isready")
		_, before = e.Expect(`^readyok$`, wait)
		if len(before) != 1 || !strings.Contains(before[0], "evaluation: classical") {
			t.Errorf("%s: classical: %q", hello, before)
		}
		e.Send(set("<embedded>"), "isready")
		_, before = e.Expect(`^readyok$`, wait)
		if len(before) != 1 || !strings.Contains(before[0], "evaluation: network <embedded>") {
			t.Errorf("%s: the embedded net: %q", hello, before)
		}
		e.Send(set(""), "isready")
		_, before = e.Expect(`^readyok$`, wait)
		if want := defaultEvalAnnouncement(); len(before) != 1 || !strings.Contains(before[0], want) {
			t.Errorf("%s: an empty value: %q, want %q", hello, before, want)
		}
	}
}

// defaultEvalAnnouncement is what the engine says of its default
// evaluation.
func defaultEvalAnnouncement() string {
	if nnue.IsClassical(nnue.DefaultEval) {
		return "evaluation: classical"
	}
	return "evaluation: network " + nnue.DefaultEval
}
