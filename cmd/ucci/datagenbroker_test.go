package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// chunkFiles reads the chunk files of a datagen output directory.
func chunkFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	out := map[string][]byte{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = data
	}
	return out
}

// TestDatagenOnBroker: tune datagen -broker has the broker's worker make
// the chunks with the published build, the network file sent along, and
// writes the same files as a local run, for self-play and for relabelled
// games; a second run over the same directory finds them complete.
func TestDatagenOnBroker(t *testing.T) {
	bin := enginetest.Binary(t)
	emb, keyFile, stopWorker := brokerWithWorker(t, 2*time.Minute)
	runs := []struct {
		name   string
		chunks int
		args   []string
	}{
		{"self-play", 2, []string{"-games", "4", "-chunk", "2", "-nodes", "300", "-hash", "1", "-max-plies", "60",
			"-evalfile", filepath.Join("..", "..", "engine", "nnue", "default.nnue")}},
		{"relabel", 3, []string{"-games", "5", "-chunk", "2", "-nodes", "200", "-hash", "1", "-evalfile", "<classical>",
			filepath.Join("..", "..", "tuning", "data", "testdata", "master24.pgn")}},
	}
	for _, r := range runs {
		local, remote := t.TempDir(), t.TempDir()
		if code, out, errOut := runCapture(append([]string{"tune", "datagen", "-out", local, "-workers", "2", "-quiet"}, r.args...)...); code != 0 {
			t.Fatalf("%s locally: exit %d\n%s%s", r.name, code, out, errOut)
		}
		brokerArgs := append([]string{"tune", "datagen", "-out", remote, "-quiet", "-binary", bin, "-broker", emb.URL(), "-key", keyFile}, r.args...)
		code, out, errOut := runCapture(brokerArgs...)
		if code != 0 || !regexp.MustCompile(`tune datagen: run datagen-\S+ on broker`).MatchString(errOut) {
			t.Fatalf("%s on the broker: exit %d\n%s%s", r.name, code, out, errOut)
		}
		want, got := chunkFiles(t, local), chunkFiles(t, remote)
		if len(want) != r.chunks || len(got) != r.chunks {
			t.Fatalf("%s: %d chunk files locally, %d on the broker", r.name, len(want), len(got))
		}
		for name, data := range want {
			if !bytes.Equal(data, got[name]) {
				t.Errorf("%s: %s differs from the local run's", r.name, name)
			}
		}
		if code, out, _ := runCapture(brokerArgs...); code != 0 || !strings.Contains(out, "chunks made 0, found complete") {
			t.Errorf("%s again: exit %d, %s", r.name, code, out)
		}
	}
	stopWorker()
	if code, _, errOut := runCapture("tune", "datagen", "-out", t.TempDir(), "-broker", "nats://127.0.0.1:1"); code != 2 ||
		!strings.Contains(errOut, "127.0.0.1:1") {
		t.Errorf("unreachable broker: exit %d, %q", code, errOut)
	}
}
