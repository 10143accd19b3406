package engine

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/tt"
)

// frame is the per-ply state of a worker's search stack.
type frame struct {
	moves      MoveList
	scores     [MaxMoves]int32
	bad        MoveList
	quiets     MoveList // quiet moves searched at this node (for history)
	captures   MoveList // captures searched at this node (for capture history)
	excluded   Move     // the move a singular-extension search leaves out
	pv         [MaxPly]Move
	pvLen      int
	killers    [2]Move
	staticEval int
	move       Move // the move made from this ply
	// contHist is the continuation history of the move made from this ply
	// (nil for a null move): how well each move did in reply to it.
	contHist *pieceToHistory
}

// pieceToHistory scores moves by the piece moved and its destination.
type pieceToHistory [NumPieces][NumSquares]int16

// worker is one search thread: its own copy of the position, stack and
// move-ordering tables. Workers share only the transposition table.
type worker struct {
	s              *Searcher
	id             int
	pos            Position
	stack          [MaxPly + 4]frame
	history        [NumPieces][NumSquares]int32
	captureHistory [NumPieces][NumSquares][NumPieceTypes]int32
	counter        [NumPieces][NumSquares]Move
	// contHist[piece][to] scores the moves made one or two plies after the
	// move of piece to to (continuation history).
	contHist       [NumPieces][NumSquares]pieceToHistory
	corr           correctionTables
	correct        bool // the static evaluation is corrected by corr
	roots          []rootMove
	pvIdx          int
	rootDepth      int
	completedDepth int
	selDepth       int
	nodes          uint64
	nodesShared    atomic.Uint64
	tbHits         uint64 // tablebase probes that found the position
	tbHitsShared   atomic.Uint64
	nullDisabled   int
	reportFn       func(Info) // the main worker's progress callback, nil for helpers
	start          time.Time
	reportedBest   Move // first move of the last multipv 1 line reported
	netStack       [MaxPly + 4]netFrame

	// stopSeenAt is the node count at which the first iteration saw the
	// stop (0: not seen), and abandoned is set once it has searched
	// firstIterationGrace nodes since without finishing.
	stopSeenAt uint64
	abandoned  bool
}

// logProduct[depth][moveNumber] is 10,000 × ln(depth) × ln(moveNumber),
// the shape of the late-move reduction.
var logProduct [64][64]int32

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			logProduct[d][m] = int32(10000 * math.Log(float64(d)) * math.Log(float64(m)))
		}
	}
}

// lmr is the late-move reduction in plies: lmrBase/100 plus
// ln(depth) × ln(moveNumber) divided by lmrDivisor/100, rounded down.
func lmr(depth, moveNumber int) int {
	return (lmrBase*100 + int(logProduct[min(depth, 63)][min(moveNumber, 63)])*100/lmrDivisor) / 10000
}

func newWorker(s *Searcher, id int) *worker {
	return &worker{s: s, id: id}
}

func (w *worker) clearHistory() {
	w.history = [NumPieces][NumSquares]int32{}
	w.captureHistory = [NumPieces][NumSquares][NumPieceTypes]int32{}
	w.counter = [NumPieces][NumSquares]Move{}
	clear(w.contHist[:])
	w.corr = correctionTables{}
}

// prepare copies the root position and root moves for a new search.
func (w *worker) prepare(pos *Position, roots []rootMove) {
	w.pos.CopyFrom(pos)
	w.netReset()
	w.roots = append(w.roots[:0], roots...)
	w.nodes = 0
	w.nodesShared.Store(0)
	w.tbHits = 0
	w.tbHitsShared.Store(0)
	w.completedDepth = 0
	w.stopSeenAt, w.abandoned = 0, false
	w.nullDisabled = 0
	// Plain alpha-beta (pruning none) searches the evaluation as it is.
	w.correct = w.s.cfg.Pruning > LevelNone
	for i := range w.stack {
		w.stack[i].killers = [2]Move{}
		w.stack[i].move = NoMove
		w.stack[i].contHist = nil
		w.stack[i].excluded = NoMove
		w.stack[i].pvLen = 0
	}
}

// idleSleep is the pause every 16K nodes (about 10 ms of search) per idle level.
var idleSleep = [4]time.Duration{0, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond}

// maxSearchDepth is the deepest iteration.
const maxSearchDepth = MaxPly - 8

// iterate runs iterative deepening. The main worker (id 0) reports through
// report (when not nil) and manages time; the helpers run until stopped.
func (w *worker) iterate(report func(Info), start time.Time) {
	s := w.s
	w.reportFn, w.start, w.reportedBest = report, start, NoMove
	lim := &s.limits
	maxDepth := maxSearchDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxSearchDepth)
	}
	multiPV := min(lim.MultiPV, len(w.roots))
	main := w.id == 0
	// The root's static evaluation: nodes two plies down compare with it.
	w.stack[0].staticEval = -ScoreInfinite
	if !w.pos.inCheck {
		w.stack[0].staticEval = w.corrected(w.evaluate(0))
	}
	for depth := 1 + w.id&1; depth <= maxDepth; depth++ {
		w.rootDepth = depth
		for w.pvIdx = 0; w.pvIdx < multiPV; w.pvIdx++ {
			w.selDepth = 0
			w.aspiration(depth, multiPV)
			if w.stopped() {
				break
			}
		}
		if w.stopped() {
			if main && w.reportFn != nil {
				w.reportInterrupted(depth)
			}
			break
		}
		// The lines are searched best first, but a later line may come
		// out better (search instability): order them, then print them.
		sortRootMoves(w.roots[:multiPV])
		if main && w.reportFn != nil {
			w.reportLines(depth, multiPV)
		}
		w.completedDepth = depth
		for i := range w.roots {
			w.roots[i].prevScore = w.roots[i].score
		}
		if !main {
			continue
		}
		best := &w.roots[0]
		s.tt.Store(w.pos.key, tt.Entry{Move: best.move.Short(), Score: int16(scoreToTT(best.score, 0)),
			Eval: noEval, Depth: int8(depth), Bound: tt.BoundExact})
		if s.timer.IterationDone(iterationOf(depth, best, len(w.roots))) {
			break
		}
		if !lim.Infinite && !s.ponder.Load() && IsMateScore(best.score) && 2*abs(MateDistance(best.score)) <= depth {
			break
		}
		if lim.Mate > 0 && best.score >= ScoreMateBound && MateDistance(best.score) <= lim.Mate {
			break // go mate N: a mate in N or fewer is proven
		}
	}
	w.publish()
	// The main worker does not set stop here: a ponder or infinite search
	// that finished early still waits for ponderhit or stop (Searcher.run),
	// and run stops the helpers after that.
}

func iterationOf(depth int, best *rootMove, n int) timeman.Iteration {
	return timeman.Iteration{Depth: depth, Best: uint32(best.move), Score: best.score, RootMoves: n}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// aspiration searches the root with a window around the previous score,
// widening it on failure.
func (w *worker) aspiration(depth, multiPV int) {
	prev := w.roots[w.pvIdx].prevScore
	alpha, beta := -ScoreInfinite, ScoreInfinite
	delta := aspirationWindow
	if depth >= 5 && prev > -ScoreDecisive && prev < ScoreDecisive {
		alpha, beta = max(prev-delta, -ScoreInfinite), min(prev+delta, ScoreInfinite)
	}
	for {
		score := w.searchRoot(alpha, beta, depth)
		sortRootMoves(w.roots[w.pvIdx:])
		if w.stopped() {
			return
		}
		// Bounds are shown in long single-line searches only: with several
		// lines, each iteration prints its lines together.
		showBound := w.reportFn != nil && multiPV == 1 && time.Since(w.start) > 3*time.Second
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -ScoreInfinite)
			if showBound {
				w.reportBound(depth, tt.BoundUpper, score)
			}
		case score >= beta:
			beta = min(score+delta, ScoreInfinite)
			if showBound {
				w.reportBound(depth, tt.BoundLower, score)
			}
		default:
			return
		}
		delta += delta / 2
	}
}

// searchRoot searches the root moves from pvIdx on and returns the best score.
func (w *worker) searchRoot(alpha, beta, depth int) int {
	p := &w.pos
	f := &w.stack[0]
	f.pvLen = 0
	w.stack[2].killers = [2]Move{}
	best := -ScoreInfinite
	for i := w.pvIdx; i < len(w.roots); i++ {
		rm := &w.roots[i]
		m := rm.move
		if w.reportFn != nil {
			w.reportCurrMove(m, i+1)
		}
		f.move = m
		f.contHist = &w.contHist[m.Piece()][m.To()]
		w.netPush(1, m)
		p.MakeMove(m)
		w.nodes++
		newDepth := depth - 1
		if p.inCheck {
			newDepth++
		}
		var score int
		if i == w.pvIdx {
			score = -w.search(-beta, -alpha, newDepth, 1, false)
		} else {
			r := 0
			if w.s.cfg.Pruning > LevelNone && depth >= 3 && i-w.pvIdx >= 4 && !m.IsCapture() && !p.inCheck {
				r = min(lmr(depth, i-w.pvIdx+1)-1, newDepth-1)
				r = max(r, 0)
			}
			score = -w.search(-alpha-1, -alpha, newDepth-r, 1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, 1, true)
			}
			if score > alpha && score < beta {
				score = -w.search(-beta, -alpha, newDepth, 1, false)
			}
		}
		p.UnmakeMove(m)
		if w.stopped() {
			return best
		}
		if i == w.pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = w.selDepth
			child := &w.stack[1]
			rm.pv[0] = m
			copy(rm.pv[1:], child.pv[:child.pvLen])
			rm.pvLen = child.pvLen + 1
		} else {
			rm.score = -ScoreInfinite
		}
		if score > best {
			best = score
		}
		if score > alpha {
			if score >= beta {
				return score
			}
			alpha = score
		}
	}
	return best
}

// reportLines sends the info lines of a completed iteration, best first.
func (w *worker) reportLines(depth, lines int) {
	for n := 1; n <= lines; n++ {
		w.report(depth, n)
	}
}

// reportInterrupted sends the lines of an iteration cut short when its
// best move differs from the one last printed, so that the move played is
// always the first move of the last multipv 1 line. Only the lines this
// iteration finished are sent (w.pvIdx of them), or the first line alone
// when it was replaced by a better move before the stop.
func (w *worker) reportInterrupted(depth int) {
	done := w.pvIdx
	if done == 0 {
		if w.roots[0].score == -ScoreInfinite {
			return
		}
		done = 1
	}
	sortRootMoves(w.roots[:done])
	if w.roots[0].move != w.reportedBest {
		w.reportLines(depth, done)
	}
}

// report sends the info line of multiPV line number n.
func (w *worker) report(depth, n int) {
	w.publish()
	rm := &w.roots[n-1]
	score := rm.score
	if score == -ScoreInfinite {
		score = rm.prevScore
	}
	if n == 1 {
		w.reportedBest = rm.move
	}
	w.reportFn(Info{
		Depth: depth, SelDepth: max(rm.selDepth, depth), MultiPV: n, Score: score, Bound: tt.BoundExact,
		Nodes: w.s.nodes(), Time: time.Since(w.start), Hashfull: w.s.tt.Hashfull(),
		PV: rm.pv[:rm.pvLen], TBHits: w.s.tbHits(),
	})
}

// reportBound sends an info line for an aspiration failure.
func (w *worker) reportBound(depth int, b tt.Bound, score int) {
	w.publish()
	rm := &w.roots[w.pvIdx]
	if w.pvIdx == 0 {
		w.reportedBest = rm.move
	}
	w.reportFn(Info{
		Depth: depth, SelDepth: max(w.selDepth, depth), MultiPV: w.pvIdx + 1, Score: score, Bound: b,
		Nodes: w.s.nodes(), Time: time.Since(w.start), Hashfull: w.s.tt.Hashfull(),
		PV: rm.pv[:rm.pvLen], TBHits: w.s.tbHits(),
	})
}

// reportCurrMove tells which root move is being searched (after the first
// second of a search, to keep short searches quiet).
func (w *worker) reportCurrMove(m Move, number int) {
	if time.Since(w.start) < currMoveDelay {
		return
	}
	w.reportFn(Info{Depth: w.rootDepth, CurrMove: m, CurrMoveNumber: number, Nodes: w.s.nodes(), Time: time.Since(w.start)})
}

// currMoveDelay is how long a search runs before it reports its root moves.
const currMoveDelay = time.Second

// stopped tells whether the search must unwind. The first iteration
// completes, so that the move played has been searched, unless it goes on
// for firstIterationGrace nodes after the stop (see checkStop).
func (w *worker) stopped() bool {
	return (w.completedDepth > 0 || w.abandoned) && w.s.stop.Load()
}

// firstIterationGrace is how many nodes a first iteration may still search
// after the search was told to stop (by the GUI, the clock or a node limit)
// before it is abandoned: about a third of a second, where a first iteration
// takes well under a millisecond. Only a search that would otherwise not end
// (such as the cycle of checks that hung a datagen search before the
// quiescence search applied the repetition rules) reaches it; the move then
// played is the best root move scored so far, or the first legal one.
var firstIterationGrace uint64 = 1 << 19

// watchFirstIteration abandons a first iteration that has gone on for
// firstIterationGrace nodes since the stop.
func (w *worker) watchFirstIteration() {
	if w.completedDepth > 0 || !w.s.stop.Load() {
		return
	}
	if w.stopSeenAt == 0 {
		w.stopSeenAt = w.nodes
	}
	w.abandoned = w.nodes-w.stopSeenAt >= firstIterationGrace
}

// checkStop publishes the node count, on the main worker applies the node
// and time limits, and abandons a first iteration that does not end.
func (w *worker) checkStop() {
	w.publish()
	if idle := w.s.cfg.Idle; idle > LevelNone && w.nodes&(16<<10-1) == 0 {
		time.Sleep(idleSleep[min(idle, LevelLarge)])
	}
	if s := w.s; w.id == 0 {
		if s.limits.Nodes > 0 && s.nodes() >= s.limits.Nodes {
			s.stop.Store(true)
		}
		if s.timer.HardStop() {
			s.stop.Store(true)
		}
	}
	w.watchFirstIteration()
}

// publish makes the worker's node and tablebase-hit counts visible to
// the other threads.
func (w *worker) publish() {
	w.nodesShared.Store(w.nodes)
	w.tbHitsShared.Store(w.tbHits)
}

// ttProbe reads the table for the current position.
func (w *worker) ttProbe() (tt.Entry, bool) { return w.s.tt.Probe(w.pos.key) }
