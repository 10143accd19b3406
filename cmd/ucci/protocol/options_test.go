package protocol

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
)

func TestSplitSetOption(t *testing.T) {
	cases := []struct{ in, name, value string }{
		{"name Hash value 128", "Hash", "128"},
		{"NAME Clear Hash", "Clear Hash", ""},
		{"name Move Overhead VALUE 50", "Move Overhead", "50"},
		{"name Debug Log File value /tmp/a b.log", "Debug Log File", "/tmp/a b.log"},
		{"name OwnBook value", "OwnBook", ""},
		{"hashsize 64", "hashsize", "64"},
		{"bookfiles C:\\books\\my book.dat;other.dat", "bookfiles", "C:\\books\\my book.dat;other.dat"},
		{"newgame", "newgame", ""},
		{"name \xff\xff value 1", "\xff\xff", "1"},
		{"name \u023a\u023a\u023a value 1", "\u023a\u023a\u023a", "1"},
		{"name\tX\tvalue\t2", "X", "2"},
		{"", "", ""},
	}
	for _, c := range cases {
		if n, v := splitSetOption(c.in); n != c.name || v != c.value {
			t.Errorf("%q: got %q %q, want %q %q", c.in, n, v, c.name, c.value)
		}
	}
}

// TestLevelsAreTypedAtSetOption: the UCCI levels and rules reach the
// searcher's settings when the option is set; a bad value is refused and
// the setting kept.
func TestLevelsAreTypedAtSetOption(t *testing.T) {
	var out strings.Builder
	s := NewSession(&out, Config{Name: "t", Version: "0"})
	s.handle("ucci")
	for _, line := range []string{"setoption pruning none", "setoption knowledge small", "setoption idle medium",
		"setoption rules axf", "setoption naturallimit 50", "setoption pruning huge", "setoption knowledge 3", "setoption style risky"} {
		s.handle(line)
	}
	st := s.searcher.Settings()
	net, err := nnue.Open(nnue.DefaultEval)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Settings{Rules: engine.RulesAXF, NaturalLimit: 50, Pruning: engine.LevelNone,
		Knowledge: engine.LevelSmall, Idle: engine.LevelMedium, Net: net}
	if st != want {
		t.Errorf("settings %+v, want %+v", st, want)
	}
	if s.set.style != styleRisky || s.drawThreshold() != -50 {
		t.Errorf("style %d", s.set.style)
	}
	if !strings.Contains(out.String(), `info message option pruning: "huge" is not one of none, small, medium, large`) {
		t.Errorf("bad level not reported: %q", out.String())
	}
}
