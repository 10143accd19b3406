package quote

import (
	"strings"
	"testing"
)

func TestInputShort(t *testing.T) {
	if got := Input("a\x00b"); got != `"a\x00b"` {
		t.Fatalf("Input = %s", got)
	}
}

func TestInputCutsLongValues(t *testing.T) {
	long := strings.Repeat("炮", 50_000)
	got := Input(long)
	if !strings.HasSuffix(got, `"...`) {
		t.Fatalf("no ellipsis: %.100s", got)
	}
	if n := strings.Count(got, "炮"); n != MaxRunes {
		t.Fatalf("kept %d characters, want %d", n, MaxRunes)
	}
}
