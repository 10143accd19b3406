package cliflags

import (
	"math"
	"strings"
	"testing"
	"time"
)

// TestPrologue: a flag that cannot be parsed is exit 2 with the usage (the
// synopsis, then the flags) on the error output; a bad value is exit 2
// naming the command and the way to its flags; Given tells what was set.
func TestPrologue(t *testing.T) {
	var out strings.Builder
	fs := New("tune data", "usage: ucci tune data -out FILE", &out)
	workers := Workers(fs, "goroutines")
	quiet := Quiet(fs)
	if code, ok := Parse(fs, []string{"-nosuch"}); ok || code != 2 {
		t.Fatalf("unknown flag: %d %v", code, ok)
	}
	for _, want := range []string{"flag provided but not defined: -nosuch", "usage: ucci tune data -out FILE\nflags:\n", "-workers", "goroutines (0: one per core)", "-quiet"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output %q lacks %q", out.String(), want)
		}
	}
	out.Reset()
	if code, ok := Parse(fs, []string{"-workers", "3", "-quiet"}); !ok || code != 0 || *workers != 3 || !*quiet {
		t.Fatalf("parse: %d %v, workers %d, quiet %v", code, ok, *workers, *quiet)
	}
	if !Given(fs, "workers") || Given(fs, "nosuch") || out.Len() != 0 {
		t.Errorf("Given, or output %q", out.String())
	}
	if code := Bad(fs, "%v", IntIn("workers", -1, 0, MaxInt)); code != 2 ||
		out.String() != "ucci tune data: -workers -1: out of range (want 0 or more)\nRun 'ucci tune data -h' for the flags.\n" {
		t.Errorf("Bad: %d %q", code, out.String())
	}
}

func TestRanges(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		err  error
		want string // "" for no error
	}{
		{IntIn("n", 5, 1, 5), ""},
		{IntIn("n", 6, 1, 5), "-n 6: out of range (want 1 to 5)"},
		{IntIn("n", 0, 1, MaxInt), "-n 0: out of range (want 1 or more)"},
		{FloatIn("x", 1, 0, 1), ""},
		{FloatIn("x", nan, 0, 1), "-x NaN: out of range (want 0 to 1)"},
		{FloatAbove("lr", 0, 0), "-lr 0: out of range (want more than 0)"},
		{FloatAbove("lr", math.Inf(1), 0), "-lr +Inf: out of range (want more than 0)"},
		{FloatAbove("lr", nan, 0), "-lr NaN: out of range (want more than 0)"},
		{FloatAbove("lr", 0.5, 0), ""},
		{Share("valid", 0), ""},
		{Share("valid", 1), "-valid 1: out of range (want 0 or more, below 1)"},
		{DurationAbove("d", time.Second, 0), ""},
		{DurationAbove("d", 0, 0), "-d 0s: out of range (want more than 0s)"},
		{NonZero("nodes", 0), "-nodes 0: out of range (want 1 or more)"},
		{NonZero("nodes", 1), ""},
		{Required("out", ""), "-out is required"},
		{Required("out", "x"), ""},
		{FirstError(nil, Required("a", ""), Required("b", "")), "-a is required"},
		{FirstError(), ""},
	} {
		got := ""
		if c.err != nil {
			got = c.err.Error()
		}
		if got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// TestDefine: each row's flag sets its setting, whose value before is the
// default shown; a setting of another type is refused at once.
func TestDefine(t *testing.T) {
	var out strings.Builder
	fs := New("x", "usage: ucci x", &out)
	cfg := struct {
		n    int
		u    uint64
		f    float64
		s    string
		b, c bool
	}{n: 7, u: 9, f: 0.5, s: "d", c: true}
	Define(fs, Row{"n", &cfg.n, "count"}, Row{"u", &cfg.u, "seed"}, Row{"f", &cfg.f, "share"},
		Row{"s", &cfg.s, "name"}, Row{"b", &cfg.b, "switch"}, Row{"c", &cfg.c, "on"})
	fs.Usage()
	for _, want := range []string{"count (default 7)", "seed (default 9)", "share (default 0.5)", `name (default "d")`, "on (default true)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage %q lacks %q", out.String(), want)
		}
	}
	if _, ok := Parse(fs, []string{"-n", "3", "-u", "4", "-f", "0.25", "-s", "e", "-b", "-c=false"}); !ok {
		t.Fatal(out.String())
	}
	if cfg.n != 3 || cfg.u != 4 || cfg.f != 0.25 || cfg.s != "e" || !cfg.b || cfg.c {
		t.Errorf("settings %+v", cfg)
	}
	defer func() {
		if recover() == nil {
			t.Error("a flag bound to an int32 was declared")
		}
	}()
	var bad int32
	Define(fs, Row{"bad", &bad, "?"})
}
