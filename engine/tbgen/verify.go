package tbgen

import (
	"fmt"
	"runtime"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// Verify checks a loaded table whole against its checksum, then against
// the rules and against itself, and returns the first problems found (at most limit): every win has a move to
// a loss one ply shorter (a capture into a lost position counting as a loss
// in 0) and none to a shorter one, every move of a loss leads to a win and
// the longest is one ply shorter, a draw has no move to a loss and one to a
// draw, and the losses in 0 are exactly the positions without a legal move
// (checkmate or stalemate). The tables one capture away must be in ts. The
// indexes are shared among one goroutine per core.
func Verify(ts *tb.Tables, m tb.Material, limit int) (checked int64, problems []string) {
	t := ts.Table(m)
	if t == nil {
		return 0, []string{"no table " + m.String()}
	}
	if err := t.CheckSum(); err != nil {
		return 0, []string{m.String() + ": " + err.Error()}
	}
	workers := runtime.GOMAXPROCS(0)
	found := make([][]string, workers)
	checked, _ = parallel(workers, t.Layout().Size(), func(w int, lo, hi int64) (int64, error) {
		n, p := verifyRange(ts, t, lo, hi, limit)
		found[w] = p
		return n, nil
	})
	for _, p := range found {
		problems = append(problems, p...)
	}
	return checked, problems[:min(len(problems), limit)]
}

// verifyRange checks the indexes lo to hi of t (see Verify).
func verifyRange(ts *tb.Tables, t *tb.Table, lo, hi int64, limit int) (checked int64, problems []string) {
	pos := new(engine.Position)
	var list engine.MoveList
	bad := func(format string, args ...any) bool {
		problems = append(problems, fmt.Sprintf(format, args...))
		return len(problems) >= limit
	}
	for i := lo; i < hi; i++ {
		v := t.At(i)
		if !setIndex(pos, t.Layout(), i) {
			if v != tb.Illegal && bad("index %d: not a position but %s", i, v) {
				return checked, problems
			}
			continue
		}
		checked++
		if got, _ := pos.ProbeTB(ts); got != v {
			if bad("%s: probe gives %s, table %s", pos.FEN(), got, v) {
				return checked, problems
			}
		}
		list.Count = 0
		pos.GenerateLegalMoves(&list)
		if msg := checkMoves(ts, pos, v, list.Slice()); msg != "" && bad("%s (%s): %s", pos.FEN(), v, msg) {
			return checked, problems
		}
	}
	return checked, problems
}

// checkMoves tests a value against its children's and returns what is wrong.
func checkMoves(ts *tb.Tables, pos *engine.Position, v tb.Value, moves []engine.Move) string {
	if len(moves) == 0 {
		if v != tb.Loss(0) {
			return "no legal move, want a loss in 0"
		}
		return ""
	}
	bestWin, longest, wins, draws := -1, -1, 0, 0
	for _, mv := range moves {
		pos.MakeMove(mv)
		cv, ok := pos.ProbeTB(ts)
		pos.UnmakeMove(mv)
		if !ok {
			return "no value after " + mv.String()
		}
		d := cv.DTC()
		if mv.IsCapture() {
			d = 0
		}
		switch {
		case cv.IsLoss():
			if bestWin < 0 || d < bestWin {
				bestWin = d
			}
		case cv.IsWin():
			wins++
			longest = max(longest, d)
		default:
			draws++
		}
	}
	switch {
	case v.IsWin():
		if bestWin < 0 || bestWin+1 != v.DTC() {
			return fmt.Sprintf("best move reaches a loss in %d", bestWin)
		}
	case v.IsLoss():
		if wins != len(moves) || longest+1 != v.DTC() {
			return fmt.Sprintf("%d of %d moves lose, the longest in %d", wins, len(moves), longest)
		}
	case v == tb.Draw:
		if bestWin >= 0 || draws == 0 {
			return fmt.Sprintf("a draw with a move to a loss (%d) or none to a draw", bestWin)
		}
	default:
		return "a legal position marked illegal"
	}
	return ""
}
