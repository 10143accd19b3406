package wdlfit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSamplesRoundTrip: a set written and read back (plain and gzip) is the
// same set.
func TestSamplesRoundTrip(t *testing.T) {
	set := &Set{Depth: 8, Sources: []SourceInfo{{Name: "master.pgn", Games: 30, Used: 28}, {Name: "selfplay.pgn", Games: 5, Used: 5}}}
	set.Samples = []Sample{
		{Source: 0, Game: 3, Ply: 12, Score: -85, Material: 90, Result: Loss},
		{Source: 1, Game: 0, Ply: 40, Score: 1234, Material: 31, Result: Win},
		{Source: 0, Game: 29, Ply: 77, Score: 0, Material: 12, Result: Draw},
	}
	for _, name := range []string{"s.tsv", "s.tsv.gz"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteSamples(path, set); err != nil {
			t.Fatal(err)
		}
		got, err := ReadSamples(path)
		if err != nil {
			t.Fatal(err)
		}
		if got.Depth != set.Depth || len(got.Sources) != 2 || got.Sources[0] != set.Sources[0] || got.Sources[1] != set.Sources[1] {
			t.Errorf("%s: header %d %+v", name, got.Depth, got.Sources)
		}
		if len(got.Samples) != len(set.Samples) {
			t.Fatalf("%s: %d samples", name, len(got.Samples))
		}
		for i := range set.Samples {
			if got.Samples[i] != set.Samples[i] {
				t.Errorf("%s: sample %d is %+v, want %+v", name, i, got.Samples[i], set.Samples[i])
			}
		}
		if c := got.Count(); c[0] != 2 || c[1] != 1 {
			t.Errorf("counts %v", c)
		}
	}
}

// TestReadSamplesErrors: malformed lines are errors naming the line.
func TestReadSamplesErrors(t *testing.T) {
	header := "# depth 4\n# source a.pgn games 2 used 2\n"
	for _, body := range []string{
		"a.pgn\t0\t10\t5\t90\tx\n",        // bad result
		"b.pgn\t0\t10\t5\t90\tw\n",        // unknown source
		"a.pgn\t0\t10\tfive\t90\tw\n",     // bad number
		"a.pgn\t0\t10\t5\t90\n",           // missing field
		"# source a.pgn games 2 used 2\n", // source twice
	} {
		_, err := readSamples(strings.NewReader(header + body))
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v", body, err)
		}
	}
	if _, err := ReadSamples(filepath.Join(t.TempDir(), "none.tsv")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
