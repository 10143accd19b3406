package engine

import (
	"strings"
	"testing"
	"time"
)

// TestPanicInSearchStopsHelpers makes the main thread fail (its progress
// callback panics) in a three-thread search: the search answers with a
// legal move, the panic is kept for the log, the helpers have stopped when
// the search returns, and the next search runs normally.
func TestPanicInSearchStopsHelpers(t *testing.T) {
	s := NewSearcher(8)
	s.SetThreads(3)
	p := StartPosition()
	var list MoveList
	p.GenerateLegalMoves(&list)
	res := s.Search(p, Limits{Infinite: true}, func(Info) { panic("report failed") })
	if !list.Contains(res.BestMove) {
		t.Fatalf("best move %s after a panic", res.BestMove)
	}
	if got := s.LastPanic(); !strings.Contains(got, "report failed") {
		t.Errorf("LastPanic %q", got)
	}
	if s.LastPanic() != "" {
		t.Errorf("LastPanic not forgotten")
	}
	before := s.nodes()
	time.Sleep(50 * time.Millisecond)
	if after := s.nodes(); after != before || s.running.Load() {
		t.Errorf("helpers still searching after the search returned: %d nodes, then %d", before, after)
	}
	res = s.Search(p, Limits{Depth: 5}, nil)
	if !list.Contains(res.BestMove) || res.Depth != 5 {
		t.Errorf("next search: %+v", res)
	}
}

// TestBestWorkerVotes sets up finished threads by hand and checks which
// one's move is played.
func TestBestWorkerVotes(t *testing.T) {
	p := StartPosition()
	var list MoveList
	p.GenerateLegalMoves(&list)
	a, b, c := list.Moves[0], list.Moves[1], list.Moves[2]
	type th struct {
		move  Move
		score int
		depth int
	}
	cases := []struct {
		name    string
		threads []th
		limits  Limits
		want    int // index of the thread chosen
	}{
		{"one thread", []th{{a, 10, 9}}, Limits{MultiPV: 1}, 0},
		{"two helpers agree on a deeper move", []th{{a, 10, 9}, {b, 30, 11}, {b, 25, 11}}, Limits{MultiPV: 1}, 1},
		{"main alone deeper and better", []th{{a, 60, 14}, {b, 20, 10}, {c, 25, 10}}, Limits{MultiPV: 1}, 0},
		{"a helper that completed nothing has no vote", []th{{a, 10, 9}, {b, 500, 0}}, Limits{MultiPV: 1}, 0},
		{"a proven win goes first", []th{{a, 10, 20}, {b, ScoreMate - 7, 8}, {a, 12, 20}}, Limits{MultiPV: 1}, 1},
		{"the shorter win", []th{{a, ScoreMate - 9, 12}, {b, ScoreMate - 5, 8}}, Limits{MultiPV: 1}, 1},
		{"multipv: the main thread", []th{{a, 10, 9}, {b, 30, 11}, {b, 25, 11}}, Limits{MultiPV: 2}, 0},
		{"depth limit: the main thread", []th{{a, 10, 9}, {b, 30, 11}, {b, 25, 11}}, Limits{MultiPV: 1, Depth: 9}, 0},
	}
	for _, tc := range cases {
		s := NewSearcher(1)
		s.SetThreads(len(tc.threads))
		s.limits = tc.limits
		for i, x := range tc.threads {
			w := s.workers[i]
			w.roots = []rootMove{{move: x.move, score: x.score}}
			w.completedDepth = x.depth
		}
		if got := s.bestWorker(); got != s.workers[tc.want] {
			t.Errorf("%s: thread %d chosen, want %d", tc.name, got.id, tc.want)
		}
	}
}

// TestPrepareHashAsync maps the table in the background while the caller
// goes on: a resize, a clear, a probe and searches that follow at once
// all work (and, under -race, do not race with the mapping).
func TestPrepareHashAsync(t *testing.T) {
	s := NewSearcher(32)
	p := StartPosition()
	s.PrepareHashAsync()
	s.ResizeHash(8) // stops the mapping of the old table
	s.PrepareHashAsync()
	if r := s.Search(p, Limits{Depth: 4}, nil); r.BestMove == NoMove {
		t.Fatal("no move after an asynchronous mapping")
	}
	if _, ok := s.ProbeHash(p); !ok {
		t.Error("the search's root is not in the table")
	}
	s.PrepareHashAsync()
	s.Clear()
	if _, ok := s.ProbeHash(p); ok {
		t.Error("the table kept the root after Clear")
	}
	s.PrepareHashAsync()
	s.PrepareHash()
	if r := s.Search(p, Limits{Depth: 3}, nil); r.BestMove == NoMove {
		t.Fatal("no move")
	}
}
