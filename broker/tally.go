package broker

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/match"
)

// workerTally counts, per worker, the games of the results accepted from
// it and, among them, the endings the referee cannot see (an illegal move,
// a resignation, a time forfeit, a crash, an agreement), taken as the
// worker reported them.
type workerTally struct {
	mu       sync.Mutex
	games    map[string]int
	reported map[string]map[engine.Reason]int
}

// add counts the games of a result of worker; reported tells which of
// them ended off the board.
func (t *workerTally) add(worker string, games []match.GameResult, reported []bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.games == nil {
		t.games, t.reported = map[string]int{}, map[string]map[engine.Reason]int{}
	}
	t.games[worker] += len(games)
	for i, g := range games {
		if !reported[i] {
			continue
		}
		if t.reported[worker] == nil {
			t.reported[worker] = map[engine.Reason]int{}
		}
		t.reported[worker][g.Termination.Reason]++
	}
}

// WriteReport writes the games each worker played in the run (read back on
// a resume included) and the endings of them taken as reported, e.g.
//
//	Workers (games; endings the referee cannot see, taken as reported):
//	  "box1": 12 games; 1 crash, 2 resignation
//	  "box2": 8 games; none
func (c *Coordinator) WriteReport(w io.Writer) {
	t := &c.tally
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.games) == 0 {
		return
	}
	fmt.Fprintln(w, "Workers (games; endings the referee cannot see, taken as reported):")
	for _, name := range slices.Sorted(maps.Keys(t.games)) {
		var ends []string
		byReason := t.reported[name]
		for _, r := range slices.Sorted(maps.Keys(byReason)) {
			ends = append(ends, fmt.Sprintf("%d %s", byReason[r], r))
		}
		if len(ends) == 0 {
			ends = []string{"none"}
		}
		fmt.Fprintf(w, "  %s: %d games; %s\n", quote.Input(name), t.games[name], strings.Join(ends, ", "))
	}
}
