//go:build tune

package tunecmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSPSAPlaysGames runs two SPSA iterations of real games between two
// instances of a tuning build (go test -tags tune ./cmd/ucci/tunecmd).
func TestSPSAPlaysGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ucci-tune")
	build := exec.Command("go", "build", "-tags", "tune", "-o", bin, "github.com/goxq/ucci/cmd/ucci")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "values.txt")
	png := filepath.Join(dir, "spsa.png")
	code, stdout, errOut := run(SPSA, "-quiet", "-engine", bin, "-params", "RFPMargin,FutilityBase", "-iterations", "2",
		"-tc", "0.5+0.005", "-out", out, "-plot", png)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	if !strings.Contains(stdout, "iterations 2, games 4") {
		t.Errorf("output %q", stdout)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(b), "RFPMargin ") || !strings.Contains(string(b), "\nFutilityBase ") {
		t.Errorf("values file %q, %v", b, err)
	}
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
}
