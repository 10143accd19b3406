package match

import (
	"bytes"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match/event"
)

// TestProgressLive checks that Live replaces the estimated time left at
// the end of a progress line.
func TestProgressLive(t *testing.T) {
	r := &Result{Names: []string{"a", "b"}, Planned: 4, Players: make([]PlayerStats, 2)}
	g := GameResult{Number: 1, Red: 0, Black: 1, Termination: engine.Termination{Outcome: engine.Draw}}
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

// TestProgressEvent: in an event the progress line shows the game that
// ended, not the first engine's record.
func TestProgressEvent(t *testing.T) {
	r := &Result{Names: []string{"a", "b", "c"}, Planned: 4, Players: make([]PlayerStats, 3), Event: &event.Event{}}
	g := GameResult{Number: 2, Red: 2, Black: 1, Termination: engine.Termination{Outcome: engine.BlackWins, Reason: engine.IllegalMove}}
	r.Players[0].Wins = 1
	r.Games = append(r.Games, GameResult{}, g)
	for _, tty := range []bool{false, true} {
		var out bytes.Buffer
		NewProgress(&out, tty).Update(g, r)
		line := out.String()
		if !strings.Contains(line, "c 0-1 b") || strings.Contains(line, "+1") || strings.Contains(line, "Elo") {
			t.Errorf("tty %v: %q", tty, line)
		}
	}
}
