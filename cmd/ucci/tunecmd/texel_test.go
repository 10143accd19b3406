package tunecmd

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tuning/texel"
)

// run calls a command and returns its exit code and output.
func run(cmd func([]string, io.Writer, io.Writer) int, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := cmd(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestPipeline is the small tuning run that keeps the pipeline alive:
// positions from 24 master games, K, a few epochs of Adam, params.go and
// the loss plot written, in well under a minute.
func TestPipeline(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.tsv.gz")
	code, out, errOut := run(Data, "-quiet", "-skip", "6", "-out", samples, "../../../tuning/data/testdata/master24.pgn")
	if code != 0 {
		t.Fatalf("data: exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`samples (\d+) written`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("data output %q", out)
	}
	if n, _ := strconv.Atoi(m[1]); n < 1500 {
		t.Errorf("only %d samples", n)
	}
	params := filepath.Join(dir, "params.go")
	png := filepath.Join(dir, "loss.png")
	code, out, errOut = run(Texel, "-quiet", "-data", samples, "-epochs", "30", "-lr", "2", "-valid", "0.2",
		"-freeze", "tempo", "-out", params, "-plot", png)
	if code != 0 {
		t.Fatalf("texel: exit %d: %s", code, errOut)
	}
	before := regexp.MustCompile(`before: train ([0-9.]+) validation ([0-9.]+)`).FindStringSubmatch(out)
	after := regexp.MustCompile(`after:  train ([0-9.]+) validation ([0-9.]+)`).FindStringSubmatch(out)
	if before == nil || after == nil || !strings.Contains(out, "K = ") {
		t.Fatalf("texel output:\n%s", out)
	}
	b, _ := strconv.ParseFloat(before[1], 64)
	a, _ := strconv.ParseFloat(after[1], 64)
	if !(a < b) {
		t.Errorf("training loss %v -> %v", b, a)
	}
	src, err := os.ReadFile(params)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "params.go", src, 0); err != nil {
		t.Fatalf("written params.go does not parse: %v", err)
	}
	g, _ := texel.EngineLayout().Group("tempo")
	tempo := engine.DefaultWeights()[g.Start]
	if !regexp.MustCompile(fmt.Sprintf(`\{"tempo", \[\]S\{\{%d, %d\}\}\},\n`, tempo.MG, tempo.EG)).Match(src) {
		t.Error("frozen tempo weight changed")
	}
	w := engine.DefaultWeights()
	cur, _ := texel.FormatParams(&w)
	if bytes.Equal(src, cur) {
		t.Error("tuning changed no weight")
	}
	if info, err := os.Stat(png); err != nil || info.Size() < 1000 {
		t.Errorf("loss plot: %v", err)
	}
}

func TestTexelUsage(t *testing.T) {
	for _, args := range [][]string{
		{}, {"-data", "x", "-valid", "1"}, {"-data", "x", "-epochs", "0"}, {"-data", "x", "-lr", "-1"}, {"-data", "x", "extra"},
	} {
		if code, _, _ := run(Texel, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := run(Texel, "-quiet", "-data", "missing.tsv"); code != 1 || !strings.Contains(errOut, "missing.tsv") {
		t.Errorf("missing data: exit %d, %q", code, errOut)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte("1\t0\tnot a fen\n"), 0o644)
	if code, _, errOut := run(Texel, "-quiet", "-data", bad); code != 1 || !strings.Contains(errOut, "line 1") {
		t.Errorf("bad data: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(Texel, "-quiet", "-data", bad, "-freeze", "queen"); code != 1 || !strings.Contains(errOut, "queen") {
		t.Errorf("bad group: exit %d, %q", code, errOut)
	}
}

func TestDataUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-out", "x"}, {"-out", "x", "-every", "0", "a.pgn"}} {
		if code, _, _ := run(Data, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, _ := run(Data, "-out", filepath.Join(t.TempDir(), "s"), "missing.pgn"); code != 1 {
		t.Errorf("missing input: exit %d", code)
	}
}
