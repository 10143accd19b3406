package engine

import "testing"

// nodeWorker returns a worker whose search can be entered at ply 1 of pos,
// as if the root had made a move to reach it.
func nodeWorker(t *testing.T, fen string) *worker {
	t.Helper()
	p, err := NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(1)
	w := newWorker(s, 0)
	w.prepare(p, nil)
	w.rootDepth = 8
	return w
}

// TestExcludedMoveIsNotSearched: the singular-extension search of a node
// leaves the excluded move out. In a mate in one, excluding the mating
// move leaves no mate, and a node whose only legal move is excluded
// answers alpha instead of "mated".
func TestExcludedMoveIsNotSearched(t *testing.T) {
	// b0b9, taking the horse, is the only mate in one.
	const mateInOne = "1n1k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1"
	w := nodeWorker(t, mateInOne)
	if got := w.search(-ScoreInfinite, ScoreInfinite, 3, 1, false); got != ScoreMate-2 {
		t.Fatalf("mate in one at ply 1 scored %d, want %d", got, ScoreMate-2)
	}
	mate, _ := w.pos.ParseMove("b0b9")
	w = nodeWorker(t, mateInOne)
	w.stack[1].excluded = mate
	if got := w.search(-ScoreInfinite, ScoreInfinite, 3, 1, false); got >= ScoreMate-2 {
		t.Errorf("with the mate excluded the node still scores a mate in one: %d", got)
	}
	if w.stack[1].pvLen > 0 && w.stack[1].pv[0] == mate {
		t.Errorf("the excluded move leads the principal variation")
	}

	// Black's general has exactly one legal move.
	const oneReply = "4k4/9/9/9/9/9/9/9/3R1R3/3K5 b - - 0 1"
	w = nodeWorker(t, oneReply)
	var list MoveList
	w.pos.GenerateLegalMoves(&list)
	if list.Count != 1 {
		t.Fatalf("%d legal moves, the test needs 1", list.Count)
	}
	w.stack[1].excluded = list.Moves[0]
	if got := w.search(-100, 100, 3, 1, false); got != -100 {
		t.Errorf("only move excluded: scored %d, want alpha -100", got)
	}
}

// TestCutoffUpdatesCaptureHistory: the capture that caused a cut-off gains
// capture history, the captures tried before it lose, and a quiet cut-off
// move lowers every capture tried.
func TestCutoffUpdatesCaptureHistory(t *testing.T) {
	var w *worker
	var caps, quiets MoveList
	for _, fen := range BenchFENs {
		w = nodeWorker(t, fen)
		caps.Count, quiets.Count = 0, 0
		w.pos.GenerateCaptures(&caps)
		w.pos.GenerateQuiets(&quiets)
		if caps.Count >= 2 && quiets.Count >= 1 {
			break
		}
	}
	if caps.Count < 2 || quiets.Count < 1 {
		t.Fatalf("no bench position has two captures and a quiet move")
	}
	first, best := caps.Moves[0], caps.Moves[1]
	hist := func(m Move) int32 { return w.captureHistory[m.Piece()][m.To()][m.Captured().Type()] }
	f := &w.stack[1]
	f.captures.Count = 0
	f.captures.add(first)
	f.captures.add(best)
	w.rewardCutoff(f, best, 6, 1)
	if hist(best) <= 0 || hist(first) >= 0 {
		t.Errorf("after a cut-off by %s: history %d, tried-before %s %d", best, hist(best), first, hist(first))
	}
	before := hist(best)
	quiet := quiets.Moves[0]
	f.quiets.Count = 0
	f.quiets.add(quiet)
	w.rewardCutoff(f, quiet, 6, 1)
	if hist(best) >= before || w.history[quiet.Piece()][quiet.To()] <= 0 || f.killers[0] != quiet {
		t.Errorf("quiet cut-off: capture history %d (was %d), quiet history %d, killer %s",
			hist(best), before, w.history[quiet.Piece()][quiet.To()], f.killers[0])
	}
}
