package protocol

import (
	"io"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tt"
)

// TestInfoBoundWords: an info line says lowerbound or upperbound for a
// score that is a bound, nothing for an exact one, in both dialects.
func TestInfoBoundWords(t *testing.T) {
	s := NewSession(io.Discard, Config{HashMB: 1})
	for _, c := range []struct {
		bound tt.Bound
		want  string
	}{{tt.BoundExact, ""}, {tt.BoundNone, ""}, {tt.BoundLower, " lowerbound"}, {tt.BoundUpper, " upperbound"}} {
		for _, uci := range []bool{false, true} {
			line := string(s.formatInfo(nil, &engine.Info{Depth: 5, SelDepth: 7, Score: 12, Bound: c.bound}, &searchState{uci: uci, wdlMaterial: -1}, false))
			if !strings.Contains(line, "12"+c.want+" nodes ") {
				t.Errorf("bound %d (uci %v): %q", c.bound, uci, line)
			}
		}
	}
}
