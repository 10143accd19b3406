package engine

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/tt"
)

// Limits says how long to search and which root moves to consider.
type Limits struct {
	Depth    int    // 0 = no depth limit
	Nodes    uint64 // 0 = no node limit
	Infinite bool   // search until Stop (never return earlier)
	Ponder   bool   // pondering: no time limit until PonderHit
	// Clock holds the time figures that came with go; leave it zero for
	// depth, node and infinite searches.
	Clock timeman.Limits
	// Time holds the engine-side time settings (Move Overhead, move cap,
	// the timecontrol option, moves played so far).
	Time timeman.Settings
	// SearchMoves restricts the root to these moves (UCI searchmoves).
	SearchMoves []Move
	// BanMoves excludes these root moves (UCCI banmoves).
	BanMoves []Move
	// MultiPV is the number of best lines to find (at least 1).
	MultiPV int
	// Mate ends the search as soon as a mate in Mate moves or fewer is
	// proven (0 = no such limit); the other limits still apply.
	Mate int
}

// Info is one progress report of a search: a line (MultiPV >= 1) or, when
// CurrMove is set, the root move now being searched.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based line number
	Score           int
	Bound           tt.Bound // tt.BoundExact, or the bound an aspiration failure proved
	Nodes           uint64
	Time            time.Duration
	Hashfull        int
	PV              []Move
	CurrMove        Move
	CurrMoveNumber  int    // 1-based
	TBHits          uint64 // tablebase probes that found their position
}

// Result is the outcome of a search.
type Result struct {
	BestMove   Move // NoMove when there is no legal (non-banned) move
	PonderMove Move
	Score      int
	Depth      int // the last completed iteration; 0 when the first was abandoned
	Nodes      uint64
}

// Searcher runs searches over a shared transposition table with one or
// more threads (Lazy SMP). Configure it between searches; Stop and
// PonderHit may be called from another goroutine during Search.
type Searcher struct {
	tt      *tt.Table
	threads int
	cfg     Settings

	workers []*worker
	timer   timeman.Manager
	stop    atomic.Bool
	wake    chan struct{} // signalled by Stop and PonderHit
	ponder  atomic.Bool   // a go ponder search before its ponderhit
	running atomic.Bool   // from Go to the end of its search
	mu      sync.Mutex    // held from Go to the end of its search (and by QuietLeaf)
	limits  Limits
	rootKey uint64
	// rootTBHits counts the tablebase probes of the root moves.
	rootTBHits uint64
	// ttUsed tells whether a search may have stored entries in the table
	// since it was made or cleared (Configure clears only a used one, so a
	// new engine does not touch the pages of a table about to be resized).
	ttUsed bool
	// lastPanic is the value of the last panic a search recovered from.
	lastPanic atomic.Value
	// prepDone is closed when the table mapping PrepareHashAsync started
	// has finished (nil: none started).
	prepMu   sync.Mutex
	prepDone chan struct{}
	// prepCancel stops a PrepareHashAsync early (the table is replaced).
	prepCancel atomic.Bool
}

// NewSearcher returns a searcher with a hashMB-megabyte table and one thread.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{tt: tt.New(hashMB), cfg: DefaultSettings(), wake: make(chan struct{}, 1)}
	s.SetThreads(1)
	return s
}

// SetThreads sets the number of search threads (0 = one per core).
func (s *Searcher) SetThreads(n int) {
	if n <= 0 {
		n = runtime.NumCPU()
	}
	n = min(n, 256)
	s.threads = n
	for len(s.workers) < n {
		s.workers = append(s.workers, newWorker(s, len(s.workers)))
	}
	clear(s.workers[n:]) // the collector frees the workers no longer used
	s.workers = s.workers[:n]
}

// Threads returns the number of search threads.
func (s *Searcher) Threads() int { return s.threads }

// ResizeHash reallocates the transposition table.
func (s *Searcher) ResizeHash(mb int) {
	// The old table need not be mapped whole any more.
	s.prepCancel.Store(true)
	s.waitPrepared()
	s.tt.Resize(mb)
	s.ttUsed = false
}

// PrepareHash maps the table's memory now rather than during the first
// search (see tt.Table.Prefault); the engine calls it when its options have
// settled (isready), and Go calls it too. Not during a search.
func (s *Searcher) PrepareHash() {
	s.waitPrepared()
	s.tt.Prefault()
}

// PrepareHashAsync is PrepareHash in the background: it returns at once,
// and whatever needs the table next (a search, a clear, a probe,
// PrepareHash) waits for it to finish; a resize stops it first. The engine calls it at the
// hello command and after a resize, so that a first go without isready
// finds the table mapped and the GUI is not kept waiting meanwhile.
func (s *Searcher) PrepareHashAsync() {
	s.waitPrepared()
	done := make(chan struct{})
	s.prepMu.Lock()
	s.prepDone = done
	s.prepMu.Unlock()
	s.prepCancel.Store(false)
	go func() {
		s.tt.PrefaultUnless(&s.prepCancel)
		close(done)
	}()
}

// waitPrepared waits for a PrepareHashAsync still mapping the table.
func (s *Searcher) waitPrepared() {
	s.prepMu.Lock()
	done := s.prepDone
	s.prepMu.Unlock()
	if done != nil {
		<-done
	}
}

// HashMB returns the table size.
func (s *Searcher) HashMB() int { return s.tt.SizeMB() }

// Clear empties the table and the move-ordering history (new game).
func (s *Searcher) Clear() {
	s.waitPrepared()
	s.tt.Clear()
	s.ttUsed = false
	for _, w := range s.workers {
		w.clearHistory()
	}
}

// ProbeHash looks a position up in the table (UCCI probe).
func (s *Searcher) ProbeHash(p *Position) (tt.Entry, bool) {
	s.waitPrepared()
	return s.tt.Probe(p.Key())
}

// Stop asks a running search to finish as soon as possible.
func (s *Searcher) Stop() {
	s.stop.Store(true)
	s.signal()
}

// PonderHit turns a pondering search into a timed one.
func (s *Searcher) PonderHit() {
	if !s.running.Load() {
		return
	}
	s.ponder.Store(false)
	if s.timer.PonderHit() {
		s.stop.Store(true)
	}
	s.signal()
}

func (s *Searcher) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// rootMove is a root move with its latest score and line.
type rootMove struct {
	move      Move
	score     int
	prevScore int
	selDepth  int
	pvLen     int
	pv        [MaxPly]Move
}

// Search finds the best move in pos within the limits, calling report (if
// not nil) with progress from the main thread. In infinite and ponder mode
// it does not return before Stop (or PonderHit, for pondering) even when
// the search itself has finished.
func (s *Searcher) Search(pos *Position, lim Limits, report func(Info)) Result {
	return s.Go(pos, lim, report)()
}

// Go starts a search like Search but returns at once, with a function that
// waits for the result: it may be called any number of times, from any
// goroutine, or never. Stop and PonderHit take effect from the moment Go
// returns; pos may be changed after Go returns. A search still running when
// Go is called is stopped, and the new one starts once it has ended (its
// own wait function still gives its result).
func (s *Searcher) Go(pos *Position, lim Limits, report func(Info)) func() Result {
	// The clock runs from the go command: waiting for a search still
	// unwinding or for the table to be mapped is on it.
	start := time.Now()
	if s.running.Load() {
		s.Stop()
	}
	s.waitPrepared()
	s.mu.Lock()
	for len(s.wake) > 0 {
		<-s.wake
	}
	s.stop.Store(false)
	if lim.MultiPV < 1 {
		lim.MultiPV = 1
	}
	s.limits = lim
	s.rootKey = pos.Key()
	budget := timeman.Allocate(lim.Clock, lim.Time)
	if lim.Infinite {
		budget = timeman.Budget{}
	}
	s.ponder.Store(lim.Ponder)
	s.timer.StartFrom(budget, lim.Ponder, start)
	s.running.Store(true)
	s.ttUsed = true
	s.tt.Prefault()
	s.tt.NewSearch()
	roots := s.rootMoves(pos, &lim)
	for _, w := range s.workers {
		w.prepare(pos, roots)
	}
	var res Result
	done := make(chan struct{})
	go func() {
		// The search releases the searcher itself, so that a caller that
		// never waits does not block the next search.
		res = s.runGuarded(roots, report, start)
		s.running.Store(false)
		s.mu.Unlock()
		close(done)
	}()
	return func() Result {
		<-done
		return res
	}
}

// runGuarded is run that survives a bug in the search: the engine must not
// go down, so it answers with the first root move and carries on. The
// helpers are always stopped and joined before it returns (run defers
// that), so the next search never finds them still running; what was
// recovered is kept in lastPanic for the protocol's log.
func (s *Searcher) runGuarded(roots []rootMove, report func(Info), start time.Time) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			s.lastPanic.Store(fmt.Sprint(r))
			res = Result{Nodes: s.nodes()}
			if len(roots) > 0 {
				res.BestMove = roots[0].move
			}
		}
	}()
	return s.run(roots, report, start)
}

// LastPanic returns the value of the last panic a search recovered from
// (empty when none has), and forgets it.
func (s *Searcher) LastPanic() string {
	v, _ := s.lastPanic.Swap("").(string)
	return v
}

// run searches with every worker and builds the result.
func (s *Searcher) run(roots []rootMove, report func(Info), start time.Time) Result {
	var wg sync.WaitGroup
	// However the main thread ends (a panic included), the helpers are
	// stopped and joined before run returns.
	defer func() {
		s.stop.Store(true)
		wg.Wait()
	}()
	for _, w := range s.workers[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					s.lastPanic.Store(fmt.Sprint(r))
					s.stop.Store(true) // a failed helper stops the search
				}
			}()
			if len(roots) > 0 {
				w.iterate(nil, start)
			}
		}()
	}
	main := s.workers[0]
	if len(roots) > 0 {
		main.iterate(report, start)
	}
	// Never answer an infinite or pondering search before it is released.
	for !s.stop.Load() && (s.limits.Infinite || s.ponder.Load()) {
		<-s.wake
	}
	s.stop.Store(true)
	wg.Wait()

	res := Result{Nodes: s.nodes()}
	if len(roots) == 0 {
		return res
	}
	bw := s.bestWorker()
	if bw != main && report != nil {
		// The move played is the first move of the last line reported.
		bw.reportFn, bw.start = report, start
		bw.report(bw.completedDepth, 1)
		bw.reportFn = nil
	}
	best := &bw.roots[0]
	res.BestMove, res.Score, res.Depth = best.move, best.score, bw.completedDepth
	if res.Score == -ScoreInfinite {
		// An abandoned first iteration that scored no root move: the move
		// is legal, its score unknown (Depth 0 says so).
		res.Score = 0
	}
	if best.pvLen > 1 {
		res.PonderMove = best.pv[1]
	}
	if res.PonderMove == NoMove {
		res.PonderMove = s.ponderFromTable(&main.pos, res.BestMove)
	}
	return res
}

// bestWorker chooses the thread whose move is played. With one line
// wanted and no depth limit, the threads vote: each for its best move, with
// a weight that grows with the depth it completed and with its score above
// the worst thread's; the thread of the most voted move (a deeper one on a
// tie) wins, and a proven win, the shortest, goes before any vote. Else, and
// when no helper completed an iteration, the main thread's move is played.
func (s *Searcher) bestWorker() *worker {
	main := s.workers[0]
	if len(s.workers) == 1 || s.limits.MultiPV != 1 || s.limits.Depth > 0 || main.completedDepth == 0 {
		return main
	}
	minScore := ScoreInfinite
	for _, w := range s.workers {
		if w.completedDepth > 0 {
			minScore = min(minScore, w.roots[0].score)
		}
	}
	best, bestVote := main, s.votes(main.roots[0].move, minScore)
	for _, w := range s.workers[1:] {
		if w.completedDepth == 0 {
			continue
		}
		score, bestScore := w.roots[0].score, best.roots[0].score
		switch {
		case bestScore >= ScoreDecisive || score >= ScoreDecisive:
			// A proven win decides; the shorter one is better.
			if score > bestScore {
				best, bestVote = w, s.votes(w.roots[0].move, minScore)
			}
		default:
			v := s.votes(w.roots[0].move, minScore)
			if v > bestVote || v == bestVote && w.completedDepth > best.completedDepth {
				best, bestVote = w, v
			}
		}
	}
	return best
}

// votes sums the threads' votes for m: each thread whose best move is m
// gives its completed depth times its score above minScore (plus 14, so
// that the worst thread's vote counts too).
func (s *Searcher) votes(m Move, minScore int) int {
	v := 0
	for _, w := range s.workers {
		if w.completedDepth > 0 && w.roots[0].move == m {
			v += (w.roots[0].score - minScore + 14) * w.completedDepth
		}
	}
	return v
}

// rootMoves lists the legal root moves allowed by searchmoves and banmoves.
func (s *Searcher) rootMoves(pos *Position, lim *Limits) []rootMove {
	var list MoveList
	pos.GenerateLegalMoves(&list)
	var roots []rootMove
	for _, m := range list.Slice() {
		if len(lim.SearchMoves) > 0 && !containsMove(lim.SearchMoves, m) {
			continue
		}
		if containsMove(lim.BanMoves, m) {
			continue
		}
		roots = append(roots, rootMove{move: m, score: -ScoreInfinite, prevScore: -ScoreInfinite})
	}
	roots = s.tbNarrow(pos, roots, lim)
	// The table's move goes first: it is the answer if the search is
	// stopped before its first iteration completes.
	if e, ok := s.tt.Probe(pos.Key()); ok && e.Move != 0 {
		for i := range roots {
			if roots[i].move.Short() == e.Move {
				roots[0], roots[i] = roots[i], roots[0]
				break
			}
		}
	}
	return roots
}

func containsMove(moves []Move, m Move) bool {
	for _, x := range moves {
		if x.Short() == m.Short() {
			return true
		}
	}
	return false
}

// ponderFromTable finds a reply to best in the table when the PV is too
// short. p is the main worker's root position.
func (s *Searcher) ponderFromTable(p *Position, best Move) Move {
	if best == NoMove {
		return NoMove
	}
	p.MakeMove(best)
	defer p.UnmakeMove(best)
	e, ok := s.tt.Probe(p.Key())
	if !ok || e.Move == 0 {
		return NoMove
	}
	m := p.MoveFromShort(e.Move)
	if m == NoMove || !p.IsPseudoLegal(m) || !p.IsLegal(m) {
		return NoMove
	}
	return m
}

// tbHits sums the tablebase hits of the root and of all threads.
func (s *Searcher) tbHits() uint64 {
	n := s.rootTBHits
	for _, w := range s.workers {
		n += w.tbHitsShared.Load()
	}
	return n
}

// nodes sums the node counts of all threads.
func (s *Searcher) nodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.nodesShared.Load()
	}
	return n
}

// sortRootMoves orders root moves by score, stable for equal scores
// (insertion sort: short, nearly sorted, and no allocation).
func sortRootMoves(r []rootMove) {
	for i := 1; i < len(r); i++ {
		if r[i].score <= r[i-1].score {
			continue
		}
		m := r[i]
		j := i
		for ; j > 0 && r[j-1].score < m.score; j-- {
			r[j] = r[j-1]
		}
		r[j] = m
	}
}
