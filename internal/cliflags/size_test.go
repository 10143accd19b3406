package cliflags

import (
	"flag"
	"io"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]Size{
		"0": 0, "123": 123, "2GB": 2e9, "2gib": 2 << 30, "1.5 GiB": 3 << 29, "500MB": 500e6,
		"64KiB": 64 << 10, "7B": 7, "1TB": 1e12, " 3 mib ": 3 << 20,
	} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GB", "-1GB", "2XB", "NaN", "Inf", "1e30TB", "2 G B"} {
		if got, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", in, got)
		}
	}
}

func TestSizeFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	s := SizeFlag(fs, "max", 2<<30, "the most")
	if got := fs.Lookup("max").DefValue; got != "2GiB" {
		t.Errorf("default shown as %q, want 2GiB", got)
	}
	if err := fs.Parse([]string{"-max", "300MB"}); err != nil || *s != 300e6 {
		t.Errorf("-max 300MB: %d, %v", *s, err)
	}
	if err := fs.Parse([]string{"-max", "lots"}); err == nil {
		t.Error("-max lots parsed")
	}
	for v, want := range map[Size]string{0: "0", 1536: "1536", 3 << 20: "3MiB", 5 << 40: "5TiB"} {
		if got := v.String(); got != want {
			t.Errorf("%d shown as %q, want %q", int64(v), got, want)
		}
	}
}
