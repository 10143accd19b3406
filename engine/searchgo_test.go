package engine

import (
	"testing"
	"time"
)

// within runs f and fails the test when it has not returned after d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		f()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still blocked after %v", what, d)
	}
}

// TestGoWithoutWaitDoesNotBlockTheNextSearch: a caller may drop the wait
// function of Go, even of an infinite search it never stops; the next Go
// stops that search and runs. A wait function may be called again.
func TestGoWithoutWaitDoesNotBlockTheNextSearch(t *testing.T) {
	s := NewSearcher(1)
	p := StartPosition()
	var list MoveList
	p.GenerateLegalMoves(&list)
	within(t, 20*time.Second, "searches after dropped waits", func() {
		s.Go(p, Limits{Depth: 2}, nil)
		s.Go(p, Limits{Infinite: true}, nil)
		wait := s.Go(p, Limits{Depth: 3}, nil)
		r := wait()
		if !list.Contains(r.BestMove) || r.Depth != 3 {
			t.Errorf("search after dropped waits: %s at depth %d", r.BestMove, r.Depth)
		}
		if again := wait(); again != r {
			t.Errorf("second wait %+v, first %+v", again, r)
		}
	})
}

// TestQuietLeafWaitsForTheSearch: QuietLeaf does not drive the main worker
// while a search uses it; it runs once the search has ended, with the
// result it gives on an idle searcher.
func TestQuietLeafWaitsForTheSearch(t *testing.T) {
	p := StartPosition()
	var wantLeaf Position
	wantScore := NewSearcher(1).QuietLeaf(p, &wantLeaf)
	s := NewSearcher(1)
	wait := s.Go(p, Limits{Infinite: true}, nil)
	type leaf struct {
		key   uint64
		score int
	}
	got := make(chan leaf, 1)
	go func() {
		var l Position
		v := s.QuietLeaf(p, &l)
		got <- leaf{l.Key(), v}
	}()
	select {
	case <-got:
		t.Fatal("QuietLeaf ran during a search")
	case <-time.After(300 * time.Millisecond):
	}
	s.Stop()
	wait()
	select {
	case l := <-got:
		if l.key != wantLeaf.Key() || l.score != wantScore {
			t.Errorf("leaf key %x score %d, on an idle searcher %s score %d", l.key, l.score, wantLeaf.FEN(), wantScore)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("QuietLeaf still blocked after the search ended")
	}
}
