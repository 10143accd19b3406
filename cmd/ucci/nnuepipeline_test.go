package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/enginetest"
)

// TestNNUEPipeline runs the whole network pipeline in miniature, so that
// it cannot rot: self-play data, master-game data, training, then the
// engine loading the net and searching with it.
func TestNNUEPipeline(t *testing.T) {
	dir := t.TempDir()
	data, net := filepath.Join(dir, "data"), filepath.Join(dir, "tiny.nnue")
	code, out, errOut := runCapture("tune", "datagen", "-out", data, "-games", "4", "-chunk", "2", "-nodes", "300", "-quiet")
	if code != 0 || !strings.Contains(out, "chunks made 2") {
		t.Fatalf("datagen: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCapture("tune", "datagen", "-out", data, "-nodes", "200", "-chunk", "8", "-quiet", "../../tuning/data/testdata/master24.pgn")
	if code != 0 || !strings.Contains(out, "chunks made 3") {
		t.Fatalf("datagen of games: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCapture("tune", "nnue", "-out", net, "-plot", filepath.Join(dir, "loss.png"), "-epochs", "2", "-batch", "256", "-valid", "4", "-quiet", data)
	if code != 0 || !strings.Contains(out, "wrote "+net) {
		t.Fatalf("nnue: %d %q %q", code, out, errOut)
	}
	e := enginetest.Start(t)
	e.Send("uci", "setoption name EvalFile value "+net, "isready")
	_, before := e.Expect(`^readyok$`, wait)
	if !strings.Contains(strings.Join(before, "\n"), "evaluation: network "+net) {
		t.Fatalf("the trained net was not loaded: %q", before)
	}
	e.Send("setoption name OwnBook value false", "position startpos moves h2e2", "go depth 4")
	line, _ := e.Expect(`^bestmove `, wait)
	legalIn(t, line, engine.StartFEN, "h2e2")
	// A damaged data file stops the trainer with the file and offset.
	code, _, errOut = runCapture("tune", "nnue", "-out", net, "-quiet", "../../tuning/data/testdata/master24.pgn")
	if code != 1 || !strings.Contains(errOut, "master24.pgn: offset 0") {
		t.Errorf("nnue on a PGN file: %d %q", code, errOut)
	}
}
