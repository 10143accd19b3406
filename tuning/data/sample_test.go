package data

import "testing"

func TestParseResult(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"1-0", 1, true}, {"0-1", 0, true}, {"1/2-1/2", 0.5, true}, {" 1-0 ", 1, true},
		{"*", 0, false}, {"", 0, false}, {"1-1", 0, false}, {"0.5", 0, false},
	} {
		got, ok := ParseResult(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestLabelRoundTrip(t *testing.T) {
	for _, r := range []float64{0, 0.5, 1} {
		got, ok := parseLabel(formatResult(r))
		if !ok || got != r {
			t.Errorf("label %v came back as %v, %v", r, got, ok)
		}
	}
}
