package engine

import (
	"testing"

	"github.com/goxq/ucci/tt"
)

func searchDepth(t *testing.T, fen string, depth int) (Result, []Info) {
	t.Helper()
	p, err := NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	var infos []Info
	res := s.Search(p, Limits{Depth: depth}, func(i Info) { infos = append(infos, i) })
	return res, infos
}

// startPositionSignature is the node count of a one-thread depth-8 search
// of the start position with a 16 MB table: like the bench signature, it
// changes with any change to the search or the evaluation, and a commit
// that changes it on purpose updates it (and says so).
const startPositionSignature = 13851

// TestSearchStartPosition pins the start position's node signature and
// checks the reports of the search.
func TestSearchStartPosition(t *testing.T) {
	res, reports := searchDepth(t, StartFEN, 8)
	// The completed lines, without what a slow run (under -race on a busy
	// machine) also reports: currmove after a second, aspiration bounds
	// after three.
	var infos []Info
	for _, i := range reports {
		if i.CurrMove == NoMove && i.Bound == tt.BoundExact {
			infos = append(infos, i)
		}
	}
	if res.Nodes != startPositionSignature {
		t.Errorf("depth-8 search of the start position: %d nodes, signature %d (best %s, score %d)",
			res.Nodes, startPositionSignature, res.BestMove, res.Score)
	}
	var list MoveList
	StartPosition().GenerateLegalMoves(&list)
	if !list.Contains(res.BestMove) || res.Depth != 8 || len(infos) != 8 {
		t.Fatalf("best move %s at depth %d, %d reports", res.BestMove, res.Depth, len(infos))
	}
	for d, i := range infos {
		if i.Depth != d+1 || len(i.PV) == 0 || i.Nodes == 0 {
			t.Errorf("report %d: depth %d, pv %v, nodes %d", d, i.Depth, i.PV, i.Nodes)
		}
	}
	if last := infos[len(infos)-1]; last.PV[0] != res.BestMove || last.Score != res.Score || last.Nodes != res.Nodes {
		t.Errorf("last report %+v, result %+v", last, res)
	}
}

// TestSearchAllocatesNothingPerNode compares the allocations of a shallow
// and a deep search: a search allocates a fixed amount at the root (root
// move list, goroutine, channel) and nothing per node.
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	s := NewSearcher(16)
	p, _ := NewPosition("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var nodes [2]uint64
	measure := func(i, depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			nodes[i] = s.Search(p, Limits{Depth: depth}, nil).Nodes
		})
	}
	shallow := measure(0, 2)
	deep := measure(1, 9)
	if nodes[1] < 50*nodes[0] {
		t.Fatalf("deep search too small: %d vs %d nodes", nodes[1], nodes[0])
	}
	if deep > shallow {
		t.Errorf("a %d-node search allocates %.0f times, a %d-node one %.0f", nodes[1], deep, nodes[0], shallow)
	}
}

// TestMateThroughTheTable: the table keeps a mate's distance relative to
// each node. After a search finds a mate in three, the root's entry holds
// that mate and the entry two plies down the line holds a mate in two; a
// search of the root taking its table move first still announces the mate
// in three.
func TestMateThroughTheTable(t *testing.T) {
	// A chariot and two advisors against the bare general: mate in 3.
	const fen = "5k3/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1"
	p, err := NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(4)
	first := s.Search(p, Limits{Depth: 9}, nil)
	if first.Score != ScoreMate-5 || first.PonderMove == NoMove {
		t.Fatalf("first search: score %d ponder %s, want %d (mate in 3) and a reply", first.Score, first.PonderMove, ScoreMate-5)
	}
	const far = 1 << 20
	e, ok := s.ProbeHash(p)
	if !ok || e.Bound != tt.BoundExact || scoreFromTT(int(e.Score), 0, far) != ScoreMate-5 {
		t.Errorf("root entry %+v (found %v), want the exact mate in 3", e, ok)
	}
	p.MakeMove(first.BestMove)
	p.MakeMove(first.PonderMove)
	e, ok = s.ProbeHash(p)
	if !ok || e.Bound&tt.BoundLower == 0 || scoreFromTT(int(e.Score), 0, far) != ScoreMate-3 {
		t.Errorf("entry after %s %s: %+v (found %v), want at least a mate in 2 (%d)", first.BestMove, first.PonderMove, e, ok, ScoreMate-3)
	}
	p.UnmakeMove(first.PonderMove)
	p.UnmakeMove(first.BestMove)
	if again := s.Search(p, Limits{Depth: 5}, nil); again.Score != ScoreMate-5 {
		t.Errorf("second search at depth 5: score %d, want %d", again.Score, ScoreMate-5)
	}
}

func TestSearchFindsMateAndRespectsBans(t *testing.T) {
	const fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"
	res, _ := searchDepth(t, fen, 4)
	if res.Score != ScoreMate-1 {
		t.Errorf("mate in one scored %d", res.Score)
	}
	p, _ := NewPosition(fen)
	s := NewSearcher(1)
	b9, _ := p.ParseMove("b0b9")
	d0, _ := p.ParseMove("b0d0")
	r := s.Search(p, Limits{Depth: 4, BanMoves: []Move{b9, d0}}, nil)
	if r.BestMove == b9 || r.BestMove == d0 || r.BestMove == NoMove {
		t.Errorf("banned move or none: %s", r.BestMove)
	}
}

func TestSearchPerpetualCheckIsALoss(t *testing.T) {
	// RULES_CASES F8: Black's soldier checks on every move; the referee
	// gives Black the loss when its check repeats the position a third
	// time. One move before that, Black must vary.
	g, _ := NewGame("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", RulesCXA)
	playAll(t, g, "f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2", "e1f1")
	p := g.Position()
	repeat, err := p.ParseMove("e2f2")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(4)
	r := s.Search(p, Limits{Depth: 8}, nil)
	if r.BestMove == repeat {
		t.Errorf("black repeats its perpetual check (score %d)", r.Score)
	}
	if r.Score <= -ScoreDecisive {
		t.Errorf("black scores its best move as a rule loss: %d", r.Score)
	}
	// The repetition itself loses by rule at once: a rule loss one ply
	// away, not a draw, not a mate.
	r = s.Search(p, Limits{Depth: 8, SearchMoves: []Move{repeat}}, nil)
	if r.BestMove != repeat || r.Score != -ScoreRuleWin+1 {
		t.Errorf("the repeated check %s scores %d, want the rule loss %d", r.BestMove, r.Score, -ScoreRuleWin+1)
	}
}

func TestSearchPerpetualAttackIsALoss(t *testing.T) {
	// From a game against Pikafish-HCE that the search lost: Red's chariot
	// checks on the eighth and ninth ranks and, in between, moves to d7 with
	// a mate threat (the horse on g8 guards f8 and f9's escape), so every
	// Red move of the cycle checks or threatens mate, a perpetual attack
	// (CXA). The search used to score a cycle with some checks as a draw
	// and played into the loss.
	g, _ := NewGame("5k3/6N2/9/4r4/9/3R1c3/9/9/3K5/9 b - - 0 1", RulesCXA)
	playAll(t, g, "f4f5", "d4d9", "f9f8", "d9d8", "f8f9", "d8d9", "f9f8", "d9d8", "f8f9", "d8d7", "f9f8")
	p := g.Position()
	repeat, err := p.ParseMove("d7d8")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.VerdictAfter(repeat, 3); v != (Verdict{BlackWins, PerpetualAttack}) {
		t.Fatalf("the referee gives %v after d7d8, want a perpetual attack lost by Red", v)
	}
	s := NewSearcher(4)
	r := s.Search(p, Limits{Depth: 8, SearchMoves: []Move{repeat}}, nil)
	if r.Score != -ScoreRuleWin+1 {
		t.Errorf("d7d8 scores %d, want the rule loss %d", r.Score, -ScoreRuleWin+1)
	}
	r = s.Search(p, Limits{Depth: 8}, nil)
	if r.BestMove == repeat {
		t.Errorf("red repeats its perpetual attack (score %d)", r.Score)
	}
}

// TestLazySMP runs several threads on one table (with -race in CI): on a
// position with one good move (a chariot hangs) every thread that completed
// an iteration agrees on it, and each did its share of the work. A stop
// from another goroutine ends an infinite multi-threaded search.
func TestLazySMP(t *testing.T) {
	s := NewSearcher(8)
	s.SetThreads(3)
	p, _ := NewPosition("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8r/RNBAKABNR w - - 0 1")
	take, _ := p.ParseMove("i0i1")
	res := s.Search(p, Limits{Nodes: 300000}, nil)
	if res.BestMove != take {
		t.Fatalf("best move %s, want %s", res.BestMove, take)
	}
	for i, w := range s.workers {
		if w.nodes == 0 || w.completedDepth == 0 {
			t.Errorf("thread %d: %d nodes, depth %d completed", i, w.nodes, w.completedDepth)
			continue
		}
		if w.roots[0].move != take {
			t.Errorf("thread %d prefers %s at depth %d", i, w.roots[0].move, w.completedDepth)
		}
	}
	var list MoveList
	p.GenerateLegalMoves(&list)
	wait := s.Go(p, Limits{Infinite: true}, nil)
	s.Stop()
	if r := wait(); !list.Contains(r.BestMove) {
		t.Errorf("stopped search returned %s", r.BestMove)
	}
}

// TestDeterministicSingleThread: one thread gives the same nodes and move twice.
func TestDeterministicSingleThread(t *testing.T) {
	run := func() Result {
		s := NewSearcher(8)
		p, _ := NewPosition(BenchFENs[3])
		return s.Search(p, Limits{Depth: 8}, nil)
	}
	a, b := run(), run()
	if a.Nodes != b.Nodes || a.BestMove != b.BestMove || a.Score != b.Score {
		t.Errorf("two runs differ: %+v vs %+v", a, b)
	}
}

// TestStopAtOnceStillSearchesDepthOne: a search stopped before it began
// (the first search of a process, a GUI's immediate stop) still finishes
// its first iteration, so the move played has been searched: here it takes
// the hanging chariot instead of the first generated move.
func TestStopAtOnceStillSearchesDepthOne(t *testing.T) {
	pos, err := NewPosition("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8r/RNBAKABNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	take, _ := pos.ParseMove("i0i1")
	for _, threads := range []int{1, 2} {
		for range 20 {
			s := NewSearcher(1)
			s.SetThreads(threads)
			s.Stop()
			wait := s.Go(pos, Limits{Infinite: true}, nil)
			s.Stop()
			r := wait()
			if r.Depth < 1 || r.BestMove != take {
				t.Fatalf("%d threads: stopped at once: %v at depth %d, want i0i1 at depth 1 or more", threads, r.BestMove, r.Depth)
			}
		}
	}
}
