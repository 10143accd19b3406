package match

import (
	"bytes"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

// TestProgressLive checks that Live replaces the estimated time left at
// the end of a progress line.
func TestProgressLive(t *testing.T) {
	r := &Result{Names: []string{"a", "b"}, Planned: 4, Players: make([]PlayerStats, 2)}
	g := GameResult{Number: 1, Red: 0, Black: 1, Termination: Termination{Outcome: engine.Draw}}
	r.Games = append(r.Games, g)
	var out bytes.Buffer
	p := NewProgress(&out, false)
	p.Update(g, r)
	if !strings.Contains(out.String(), "ETA ") {
		t.Errorf("no estimate without Live: %q", out.String())
	}
	out.Reset()
	p.Live = func(res *Result) string {
		if res != r {
			t.Error("Live got another result")
		}
		return "2 workers"
	}
	p.Update(g, r)
	if line := out.String(); !strings.HasSuffix(line, "  2 workers\n") || strings.Contains(line, "ETA") {
		t.Errorf("line %q: want Live's text in place of the estimate", line)
	}
}
