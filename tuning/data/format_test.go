package data

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

var testSamples = []Sample{
	{FEN: engine.StartFEN, Result: 1, Game: 0},
	{FEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", Result: 0.5, Game: 7},
	{FEN: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Result: 0, Game: 12},
}

func TestWriteReadRoundTrip(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	if err := w.Comment("source: test\nsecond line"); err != nil {
		t.Fatal(err)
	}
	for _, s := range testSamples {
		if err := w.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if w.Count() != len(testSamples) {
		t.Errorf("Count = %d, want %d", w.Count(), len(testSamples))
	}
	if !strings.HasPrefix(b.String(), "# source: test\n# second line\n1\t0\t") {
		t.Errorf("unexpected text:\n%s", b.String())
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, testSamples) {
		t.Errorf("read back %+v\nwant %+v", got, testSamples)
	}
}

func TestWriteRejectsBadSamples(t *testing.T) {
	w := NewWriter(&bytes.Buffer{})
	if err := w.Write(Sample{FEN: engine.StartFEN, Result: 0.7}); err == nil {
		t.Error("result 0.7 accepted")
	}
	if err := w.Write(Sample{FEN: "a\tb", Result: 1}); err == nil {
		t.Error("FEN with a tab accepted")
	}
}

func TestReadErrors(t *testing.T) {
	for _, text := range []string{
		"1\t0\n",
		"2\t0\t" + engine.StartFEN + "\n",
		"1\t-3\t" + engine.StartFEN + "\n",
		"1\tx\t" + engine.StartFEN + "\n",
		"1\t0\tnot a fen\n",
		"# fine\n1\t0\t" + engine.StartFEN + "\n0.5 3 " + engine.StartFEN + "\n",
	} {
		if _, err := Read(strings.NewReader(text)); err == nil {
			t.Errorf("no error for %q", text)
		}
	}
	_, err := Read(strings.NewReader("# c\n\n1\t0\t" + engine.StartFEN + "\nbad\n"))
	if err == nil || !strings.Contains(err.Error(), "line 4") || !errors.Is(err, ErrFormat) {
		t.Errorf("error %v should name line 4 and wrap ErrFormat", err)
	}
}

func TestFilesPlainAndGzip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"s.tsv", "s.tsv.gz"} {
		path := filepath.Join(dir, name)
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := NewWriter(f)
		for _, s := range testSamples {
			if err := w.Write(s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, testSamples) {
			t.Errorf("%s: read back %+v", name, got)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.tsv")); err == nil {
		t.Error("missing file read without error")
	}
}
