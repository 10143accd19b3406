package tunecmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDatagenRefusesRandomInput: `tune datagen -out D random.bin` says
// the file is not PGN and makes no chunk; an -out that is an input is
// refused before anything is read.
func TestDatagenRefusesRandomInput(t *testing.T) {
	dir := t.TempDir()
	random := filepath.Join(dir, "random.bin")
	noise := make([]byte, 4096)
	for i := range noise {
		noise[i] = byte(i*7919 + i/3)
	}
	os.WriteFile(random, noise, 0o644)
	out := filepath.Join(dir, "D")
	code, _, stderr := run(Datagen, "-quiet", "-out", out, "-nodes", "100", random)
	if code != 1 || !strings.Contains(stderr, "random.bin: binary data, not PGN") {
		t.Errorf("random input: exit %d, stderr %q", code, stderr)
	}
	if files, _ := filepath.Glob(filepath.Join(out, "*.bin")); len(files) != 0 {
		t.Errorf("chunks made from random bytes: %v", files)
	}
	code, _, stderr = run(Datagen, "-quiet", "-out", random, random)
	if code != 2 || !strings.Contains(stderr, "is the input") {
		t.Errorf("-out an input: exit %d, stderr %q", code, stderr)
	}
}
