package tbgen

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// unknown marks a position not resolved yet during a build.
const unknown tb.Value = 0xffff

// Stats describes a built table.
type Stats struct {
	Material            tb.Material
	Positions           int64 // legal positions (each set of like pieces once)
	Wins, Draws, Losses int64
	Longest             int // longest win's distance to conversion, plies
	Iterations          int
	Time                time.Duration
}

// Builder builds tables by retrograde analysis. The tables one capture
// away must be in Tables (Build adds each table it makes). Progress
// receives, after each iteration, the positions resolved so far (illegal
// ones included) out of the layout's size.
type Builder struct {
	Tables   *tb.Tables
	Workers  int                                              // goroutines; GOMAXPROCS when 0
	Progress func(m tb.Material, iter int, done, total int64) // after each iteration; may be nil
}

// Generate computes the values of m. Iteration 0 marks the positions that
// are not legal and the mates and stalemates (a loss in 0); iteration k
// then resolves the positions whose value is decided by children resolved
// before it: a win in k when some move reaches a loss in k-1 (a capture
// into a lost smaller-table position counts as a loss in 0), a loss in k
// when every move reaches a win and the longest is k-1. Every position
// left when an iteration resolves nothing is a draw.
func (b *Builder) Generate(m tb.Material) ([]tb.Value, Stats, error) {
	start := time.Now()
	for _, s := range m.Subsets() {
		if !b.Tables.Has(s) {
			return nil, Stats{}, fmt.Errorf("tablebase %s needs %s first", m, s)
		}
	}
	lay := tb.NewLayout(m)
	vals := make([]tb.Value, lay.Size())
	for i := range vals {
		vals[i] = unknown
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	st := Stats{Material: m}
	var errMu sync.Mutex
	var firstErr error
	resolved := int64(0)
	for iter := 0; ; iter++ {
		pend := make([][]entry, workers)
		var wg sync.WaitGroup
		chunk := (lay.Size() + int64(workers) - 1) / int64(workers)
		for w := range workers {
			lo, hi := int64(w)*chunk, min(int64(w+1)*chunk, lay.Size())
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := b.sweep(lay, vals, iter, lo, hi)
				if err != nil {
					errMu.Lock()
					firstErr = err
					errMu.Unlock()
				}
				pend[w] = out
			}()
		}
		wg.Wait()
		if firstErr != nil {
			return nil, st, firstErr
		}
		n := 0
		for _, p := range pend {
			for _, e := range p {
				vals[e.i] = e.v
			}
			n += len(p)
		}
		resolved += int64(n)
		st.Iterations = iter + 1
		if b.Progress != nil {
			b.Progress(m, iter, resolved, lay.Size())
		}
		if n == 0 && iter > 0 {
			break
		}
	}
	for i, v := range vals {
		switch {
		case v == unknown:
			vals[i] = tb.Draw
			st.Draws++
		case v.IsWin():
			st.Wins++
			st.Longest = max(st.Longest, v.DTC())
		case v.IsLoss():
			st.Losses++
		}
	}
	st.Positions = st.Wins + st.Draws + st.Losses
	st.Time = time.Since(start)
	return vals, st, nil
}

// entry is a value found in an iteration, applied after it.
type entry struct {
	i int64
	v tb.Value
}

// sweep runs one iteration over the indexes lo to hi.
func (b *Builder) sweep(lay *tb.Layout, vals []tb.Value, iter int, lo, hi int64) ([]entry, error) {
	var out []entry
	pos := new(engine.Position)
	var list engine.MoveList
	for i := lo; i < hi; i++ {
		if vals[i] != unknown {
			continue
		}
		ok := setIndex(pos, lay, i)
		if iter == 0 {
			list.Count = 0
			if !ok {
				out = append(out, entry{i, tb.Illegal})
			} else if !pos.HasLegalMove() {
				out = append(out, entry{i, tb.Loss(0)})
			}
			continue
		}
		list.Count = 0
		pos.GenerateLegalMoves(&list)
		bestWin, longest, allWins := -1, -1, true
		for _, mv := range list.Slice() {
			cv, ok, err := b.child(lay, vals, pos, mv, iter)
			if err != nil {
				return nil, err
			}
			if !ok || !cv.IsWin() {
				allWins = false
			}
			if ok && cv.IsLoss() && (bestWin < 0 || cv.DTC() < bestWin) {
				bestWin = cv.DTC()
			}
			if ok && cv.IsWin() {
				longest = max(longest, cv.DTC())
			}
		}
		switch {
		case bestWin >= 0:
			out = append(out, entry{i, tb.Win(bestWin + 1)})
		case allWins:
			out = append(out, entry{i, tb.Loss(longest + 1)})
		}
	}
	return out, nil
}

// child returns the value after move mv for the opponent, with a capture's
// distance counted as 0 (the conversion); ok is false while it is unknown
// in this iteration.
func (b *Builder) child(lay *tb.Layout, vals []tb.Value, pos *engine.Position, mv engine.Move, iter int) (tb.Value, bool, error) {
	pos.MakeMove(mv)
	defer pos.UnmakeMove(mv)
	if mv.IsCapture() {
		v, ok := pos.ProbeTB(b.Tables)
		if !ok {
			return 0, false, fmt.Errorf("tablebase: no table for %s", pos.FEN())
		}
		switch {
		case v.IsWin():
			return tb.Win(0), true, nil
		case v.IsLoss():
			return tb.Loss(0), true, nil
		}
		return tb.Draw, true, nil
	}
	var pl tb.Placement
	pos.TBPlacement(&pl)
	idx, ok := lay.Index(&pl, tb.Red)
	if !ok {
		return 0, false, fmt.Errorf("tablebase: position outside its table: %s", pos.FEN())
	}
	v := vals[idx]
	if v == unknown || v.DTC() >= iter {
		return 0, false, nil
	}
	return v, true, nil
}

// setIndex sets pos to the position of index i of lay; false when the
// index holds no legal position.
func setIndex(pos *engine.Position, lay *tb.Layout, i int64) bool {
	var raw [tb.NumSquares]uint8
	side, ok := lay.Decode(i, &raw)
	if !ok {
		return false
	}
	var board [engine.NumSquares]engine.Piece
	for s, pc := range raw {
		board[s] = engine.Piece(pc)
	}
	return pos.SetBoard(&board, engine.Color(side)) == nil
}
