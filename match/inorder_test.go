package match

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/goxq/ucci/engineproc"
)

// TestInOrder: writes run in the order of their places, each as soon as
// the places before it are resolved (with or without a write); flush runs
// those held behind a place that never came, in order.
func TestInOrder(t *testing.T) {
	var got []int
	w := func(p int) func() error { return func() error { got = append(got, p); return nil } }
	o := newInOrder(1)
	o.resolve(3, w(3))
	o.resolve(2, nil)
	if len(got) != 0 {
		t.Fatalf("wrote %v before place 1", got)
	}
	o.resolve(1, w(1))
	if !slices.Equal(got, []int{1, 3}) {
		t.Fatalf("after place 1: %v", got)
	}
	o.resolve(6, w(6))
	o.resolve(5, w(5))
	o.resolve(4, w(4))
	o.resolve(9, w(9))
	o.resolve(8, w(8))
	if !slices.Equal(got, []int{1, 3, 4, 5, 6}) {
		t.Fatalf("after place 6: %v", got)
	}
	o.flush()
	if !slices.Equal(got, []int{1, 3, 4, 5, 6, 8, 9}) {
		t.Fatalf("flushed: %v", got)
	}
}

// TestPGNInRoundOrder: with four games at once, the two games of a short
// opening end before the two of a long one, yet the PGN has the games in
// the schedule's order, 1 to 4.
func TestPGNInRoundOrder(t *testing.T) {
	long, _ := parseOpeningLine("startpos")
	short, _ := parseOpeningLine("startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 b7b3")
	var out bytes.Buffer
	var mu sync.Mutex
	var ended []int
	cfg := Config{
		Engines:          []engineproc.EngineSpec{fake("a", "-delay", "30ms"), fake("b", "-delay", "30ms")},
		Games:            4,
		Openings:         []Opening{long, short},
		MaxPlies:         14,
		Concurrency:      4,
		QuitTimeout:      200 * time.Millisecond,
		HandshakeTimeout: 2 * time.Second,
		PGN:              &out,
		OnGame: func(g GameResult, _ *Result) {
			mu.Lock()
			defer mu.Unlock()
			ended = append(ended, g.Number)
		},
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(ended, []int{1, 2, 3, 4}) {
		t.Fatalf("the games ended in the schedule's order %v: the test shows nothing", ended)
	}
	games, bad, err := readPGN(out.String())
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("%d games, bad %v, %v", len(games), bad, err)
	}
	for i, g := range games {
		if g.Tag("Round") != strconv.Itoa(i+1) {
			t.Errorf("game %d of the PGN is round %s (the games ended in the order %v)", i+1, g.Tag("Round"), ended)
		}
	}
}
