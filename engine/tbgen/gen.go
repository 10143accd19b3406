package tbgen

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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

// Generate computes the values of m by retrograde analysis. A first pass
// over every index marks the positions that are not legal, the mates and
// stalemates (a loss in 0), the captures that decide at once (a capture
// into a lost position wins in 1; a position whose every move is a capture
// into a won one loses in 1) and counts each other position's moves that
// capture nothing (each position they reach once). Pass d then takes every
// loss in d and makes each position one move before it a win in d+1, and
// every win in d and takes one from the count of each position one move
// before it, which loses in d+1 when its count reaches 0: all its moves
// lead to wins, the longest in d. Every position left when a pass finds
// nothing is a draw.
func (b *Builder) Generate(m tb.Material) ([]tb.Value, Stats, error) {
	start := time.Now()
	for _, s := range m.Subsets() {
		if !b.Tables.Has(s) {
			return nil, Stats{}, fmt.Errorf("tablebase %s needs %s first", m, s)
		}
	}
	lay := tb.NewLayout(m)
	work := make([]atomic.Uint32, lay.Size())
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	st := Stats{Material: m}
	resolved := int64(0)
	for pass := -1; ; pass++ {
		n, err := parallel(workers, lay.Size(), func(_ int, lo, hi int64) (int64, error) {
			if pass < 0 {
				return b.firstPass(lay, work, lo, hi)
			}
			return retroPass(lay, work, pass, lo, hi), nil
		})
		if err != nil {
			return nil, st, err
		}
		resolved += n
		st.Iterations = pass + 2
		if b.Progress != nil {
			b.Progress(m, pass+1, resolved, lay.Size())
		}
		if n == 0 && pass >= 1 {
			break
		}
	}
	vals := make([]tb.Value, lay.Size())
	for i := range work {
		v := tb.Value(work[i].Load())
		switch {
		case v == unknown:
			v = tb.Draw
			st.Draws++
		case v.IsWin():
			st.Wins++
			st.Longest = max(st.Longest, v.DTC())
		case v.IsLoss():
			st.Losses++
		}
		vals[i] = v
	}
	st.Positions = st.Wins + st.Draws + st.Losses
	st.Time = time.Since(start)
	return vals, st, nil
}

// A work entry holds a value in its low 16 bits and, while the value is
// unknown, in the bits above the number of the position's moves (each
// position reached once) not yet known to lead to a win for the opponent.
const (
	countShift = 16
	countOne   = 1 << countShift
)

// parallel runs pass over [0, size) split among workers goroutines (w
// numbers each one's part, in index order) and returns the sum of what they
// return, or the first error.
func parallel(workers int, size int64, pass func(w int, lo, hi int64) (int64, error)) (int64, error) {
	var wg sync.WaitGroup
	counts := make([]int64, workers)
	errs := make([]error, workers)
	chunk := (size + int64(workers) - 1) / int64(workers)
	for w := range workers {
		lo, hi := min(int64(w)*chunk, size), min(int64(w+1)*chunk, size)
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts[w], errs[w] = pass(w, lo, hi)
		}()
	}
	wg.Wait()
	var n int64
	for w := range workers {
		if errs[w] != nil {
			return 0, errs[w]
		}
		n += counts[w]
	}
	return n, nil
}

// firstPass sets up the entries lo to hi and returns how many it resolved.
func (b *Builder) firstPass(lay *tb.Layout, work []atomic.Uint32, lo, hi int64) (int64, error) {
	pos := new(engine.Position)
	var list engine.MoveList
	resolved := int64(0)
	for i := lo; i < hi; i++ {
		if !setIndex(pos, lay, i) {
			work[i].Store(uint32(tb.Illegal))
			resolved++
			continue
		}
		list.Count = 0
		pos.GenerateLegalMoves(&list)
		if list.Count == 0 {
			work[i].Store(uint32(tb.Loss(0)))
			resolved++
			continue
		}
		n, wins, draws, losses := 0, 0, 0, 0
		for _, mv := range list.Slice() {
			if !mv.IsCapture() {
				n++
				continue
			}
			v, err := b.captured(pos, mv)
			if err != nil {
				return 0, err
			}
			switch {
			case v.IsWin():
				wins++
			case v.IsLoss():
				losses++
			default:
				draws++
			}
		}
		same, err := mirroredKingMoves(lay, pos, &list)
		if err != nil {
			return 0, err
		}
		count := uint32(n - same)
		switch {
		case losses > 0:
			work[i].Store(uint32(tb.Win(1)))
			resolved++
		case count == 0 && draws == 0:
			work[i].Store(uint32(tb.Loss(1)))
			resolved++
		default:
			if draws > 0 {
				// A capture into a drawn position is one move that never
				// leads to a win for the opponent: the count stays above
				// zero, and the position never loses.
				count++
			}
			work[i].Store(count<<countShift | uint32(unknown))
		}
	}
	return resolved, nil
}

// captured returns the value for the opponent after the capture mv, from
// the smaller table.
func (b *Builder) captured(pos *engine.Position, mv engine.Move) (tb.Value, error) {
	pos.MakeMove(mv)
	defer pos.UnmakeMove(mv)
	v, ok := pos.ProbeTB(b.Tables)
	if !ok {
		return 0, fmt.Errorf("tablebase: no table for %s", pos.FEN())
	}
	return v, nil
}

// childIndex returns the index of the position the move mv, which captures
// nothing, reaches.
func childIndex(lay *tb.Layout, pos *engine.Position, mv engine.Move) (int64, error) {
	pos.MakeMove(mv)
	defer pos.UnmakeMove(mv)
	var pl tb.Placement
	pos.TBPlacement(&pl)
	idx, ok := lay.Index(&pl, tb.Red)
	if !ok {
		return 0, fmt.Errorf("tablebase: position outside its table: %s", pos.FEN())
	}
	return idx, nil
}

// mirroredKingMoves returns 1 when two moves of pos reach one index: the
// attacking general steps from the e-file to the d-file and to the f-file
// of a position symmetric but for it, so that the second child is the
// mirror image of the first, which the index stores once. Every other pair
// of moves reaches two indexes, since an index moves a general to the
// d-file only from the f-file.
func mirroredKingMoves(lay *tb.Layout, pos *engine.Position, list *engine.MoveList) (int, error) {
	k := pos.KingSquare(engine.Red)
	if pos.SideToMove() != engine.Red || k.File() != 4 {
		return 0, nil
	}
	var sideways [2]int64
	found := 0
	for _, mv := range list.Slice() {
		if mv.From() != k || mv.IsCapture() || mv.To().Rank() != k.Rank() {
			continue
		}
		idx, err := childIndex(lay, pos, mv)
		if err != nil {
			return 0, err
		}
		sideways[found] = idx
		found++
	}
	if found == 2 && sideways[0] == sideways[1] {
		return 1, nil
	}
	return 0, nil
}

// retroPass takes the losses and wins in pass plies among the entries lo to
// hi back one move (see Generate) and returns how many positions it
// resolved.
func retroPass(lay *tb.Layout, work []atomic.Uint32, pass int, lo, hi int64) int64 {
	loss, win := uint32(tb.Loss(pass)), uint32(tb.Win(pass))
	winNext, lossNext := uint32(tb.Win(pass+1)), uint32(tb.Loss(pass+1))
	var preds []int64
	resolved := int64(0)
	for i := lo; i < hi; i++ {
		v := work[i].Load()
		if v != loss && v != win {
			continue
		}
		preds = predecessors(lay, i, preds[:0])
		for _, q := range preds {
			e := &work[q]
			for {
				old := e.Load()
				if tb.Value(old) != unknown {
					break
				}
				next := winNext
				if v == win {
					next = old - countOne
					if next>>countShift == 0 {
						next = lossNext
					}
				}
				if e.CompareAndSwap(old, next) {
					if next == winNext || next == lossNext {
						resolved++
					}
					break
				}
			}
		}
	}
	return resolved
}

// predecessors appends to out the indexes of the positions one move that
// captured nothing before the position of index i, each once. The index
// stands for the position decoded and, when the attacking general is on
// the d-file, for its mirror image too (whose general is on the f-file).
// A predecessor is a position an index decodes to (general on the d- or
// e-file), since those are the positions whose moves make the counts; one
// with the general on the f-file reaches the mirror image instead, which
// its own index takes back.
func predecessors(lay *tb.Layout, i int64, out []int64) []int64 {
	var board [tb.NumSquares]uint8
	side, _ := lay.Decode(i, &board)
	out = appendUnmoves(lay, &board, side, out)
	if strongKingFile(&board) == 3 {
		var mirrored [tb.NumSquares]uint8
		for s, pc := range board {
			mirrored[s/numFiles*numFiles+numFiles-1-s%numFiles] = pc
		}
		out = appendUnmoves(lay, &mirrored, side, out)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// strongKingFile returns the file of the attacking (Red) general.
func strongKingFile(board *[tb.NumSquares]uint8) int {
	for s, pc := range board {
		if pc == tb.King {
			return s % numFiles
		}
	}
	return -1
}

// appendUnmoves appends the indexes of the positions from which the side
// not to move reached board with side to move by a move that captured
// nothing, leaving out those with the attacking general on the f-file.
func appendUnmoves(lay *tb.Layout, board *[tb.NumSquares]uint8, side uint8, out []int64) []int64 {
	mover := side ^ 1
	kingOnF := strongKingFile(board) == 5
	var pl tb.Placement
	for s, pc := range board {
		if pc != 0 {
			pl.Square[pc][pl.Count[pc]] = uint8(s)
			pl.Count[pc]++
		}
	}
	pl.Side = mover
	for pc := uint8(1); pc < tb.NumPieces; pc++ {
		if pc>>3 != mover {
			continue
		}
		for j := range int(pl.Count[pc]) {
			y := pl.Square[pc][j]
			unmoveSources(board, pc, int(y), func(x int) {
				if pc == tb.King && x%numFiles == 5 || pc != tb.King && kingOnF {
					return
				}
				pl.Square[pc][j] = uint8(x)
				if idx, ok := lay.Index(&pl, tb.Red); ok {
					out = append(out, idx)
				}
			})
			pl.Square[pc][j] = y
		}
	}
	return out
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
