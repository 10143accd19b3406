package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/tuning/data"
)

func TestTuneCommandUsage(t *testing.T) {
	if code, _, errOut := runCapture("tune"); code != 2 || !strings.Contains(errOut, "ucci tune data") {
		t.Errorf("tune without command: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCapture("tune", "bogus"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Errorf("tune bogus: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runCapture("tune", "data"); code != 2 {
		t.Errorf("tune data without files: exit %d", code)
	}
	if code, _, errOut := runCapture("tune", "texel"); code != 2 || !strings.Contains(errOut, "-data") {
		t.Errorf("tune texel without data: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCapture("tune", "spsa", "-iterations", "0"); code != 2 || !strings.Contains(errOut, "tune spsa") {
		t.Errorf("tune spsa with no iterations: exit %d, stderr %q", code, errOut)
	}
}

func TestTuneDataCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.tsv")
	code, stdout, errOut := runCapture("tune", "data", "-quiet", "-out", out, "-per-game", "5",
		"../../tuning/data/testdata/master24.pgn")
	if code != 0 || !strings.Contains(stdout, "games read 24, used 24") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	samples, err := data.ReadFile(out)
	if err != nil || len(samples) == 0 || len(samples) > 24*5 {
		t.Errorf("%d samples, %v", len(samples), err)
	}
}
