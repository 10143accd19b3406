package tunecmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/tuning/posfile"
)

// writeTrainingData writes n positions of the start (varied scores and
// results) to a position file in dir.
func writeTrainingData(t *testing.T, dir string, n int) string {
	t.Helper()
	pos, err := engine.NewPosition(engine.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]posfile.Record, n)
	for i := range recs {
		recs[i] = posfile.Encode(pos, i%200-100, posfile.Result(i%3), i%60)
	}
	path := filepath.Join(dir, "data.bin")
	if err := posfile.WriteFile(path, recs); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNNUEWithoutValidation: with -valid 0, tune nnue says there is no
// validation set, prints no NaN (nor writes one into the net's
// description) and writes a net of the last epoch; -patience, which
// stops on the validation loss, is refused with -valid 0.
func TestNNUEWithoutValidation(t *testing.T) {
	dir := t.TempDir()
	data := writeTrainingData(t, dir, 300)
	out := filepath.Join(dir, "net.nnue")
	code, stdout, stderr := run(NNUE, "-valid", "0", "-epochs", "2", "-batch", "64", "-workers", "1", "-out", out, data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(strings.ToLower(stdout), "nan") || !strings.Contains(stdout, "no validation set (-valid 0") ||
		!strings.Contains(stdout, "writing the net of epoch 2") {
		t.Errorf("output:\n%s", stdout)
	}
	net, err := nnue.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.ToLower(net.Description), "nan") || !strings.Contains(net.Description, "no validation set") {
		t.Errorf("description %q", net.Description)
	}
	code, _, stderr = run(NNUE, "-valid", "0", "-patience", "2", "-out", out, data)
	if code != 2 || !strings.Contains(stderr, "needs a validation set") {
		t.Errorf("-valid 0 -patience 2: exit %d, %q", code, stderr)
	}
}

// TestNNUELayout: -layout general writes a net of the general-bucket
// layout and says so in its description; -init keeps the layout of the net
// it starts from and refuses a -layout that contradicts it; an unknown
// layout is refused.
func TestNNUELayout(t *testing.T) {
	dir := t.TempDir()
	data := writeTrainingData(t, dir, 300)
	general := filepath.Join(dir, "general.nnue")
	if code, _, stderr := run(NNUE, "-layout", "general", "-valid", "0", "-epochs", "1", "-batch", "64", "-workers", "1", "-out", general, data); code != 0 {
		t.Fatalf("-layout general: exit %d: %s", code, stderr)
	}
	net, err := nnue.Load(general)
	if err != nil {
		t.Fatal(err)
	}
	if net.Arch != nnue.ArchGeneral || !strings.Contains(net.Description, "general layout") {
		t.Errorf("-layout general wrote arch %d, description %q", net.Arch, net.Description)
	}
	again := filepath.Join(dir, "again.nnue")
	if code, _, stderr := run(NNUE, "-init", general, "-valid", "0", "-epochs", "1", "-batch", "64", "-workers", "1", "-out", again, data); code != 0 {
		t.Fatalf("-init a general net: exit %d: %s", code, stderr)
	}
	if n, err := nnue.Load(again); err != nil {
		t.Fatal(err)
	} else if n.Arch != nnue.ArchGeneral {
		t.Errorf("trained on from a general net: arch %d", n.Arch)
	}
	code, _, stderr := run(NNUE, "-init", general, "-layout", "plain", "-valid", "0", "-epochs", "1", "-out", again, data)
	if code != 1 || !strings.Contains(stderr, "has the general layout, not -layout plain") {
		t.Errorf("-init general -layout plain: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(NNUE, "-layout", "wide", "-out", again, data)
	if code != 2 || !strings.Contains(stderr, `-layout "wide"`) {
		t.Errorf("-layout wide: exit %d, %q", code, stderr)
	}
}
