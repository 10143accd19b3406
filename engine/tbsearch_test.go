package engine_test

import (
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/engine/tbgen"
)

var (
	tbOnce   sync.Once
	tbTables *tb.Tables
	tbErr    error
)

// testTables builds KRKA, KNK and the tables they need (about a second on
// one core) once for the package's tests.
func testTables(t *testing.T) *tb.Tables {
	t.Helper()
	tbOnce.Do(func() {
		dir, err := os.MkdirTemp("", "engine-tb-test-*")
		if err != nil {
			tbErr = err
			return
		}
		defer os.RemoveAll(dir) // the tables stay mapped
		tbTables, tbErr = tbgen.BuildNamed(dir, []string{"KRKA", "KNK"}, 1)
	})
	if tbErr != nil {
		t.Fatal(tbErr)
	}
	return tbTables
}

func newTBSearcher(ts *tb.Tables) *engine.Searcher {
	s := engine.NewSearcher(16)
	st := s.Settings()
	st.Tablebases = ts
	s.Configure(st)
	return s
}

// TestSearchFollowsTheTable: from random table positions, the search's
// score is the table's verdict (a mate score where one side is a bare
// general, else the tablebase band's ScoreTBWin minus the conversion
// distance, or the mate a capture into a bare general's ending leads to;
// 0 for a draw), and its move keeps that value exactly.
func TestSearchFollowsTheTable(t *testing.T) {
	ts := testTables(t)
	s := newTBSearcher(ts)
	rng := rand.New(rand.NewPCG(34, 1))
	for _, name := range []string{"KRKA", "KNK", "KRK"} {
		m, _ := tb.ParseMaterial(name)
		for _, smp := range tbgen.Sample(ts.Table(m), 40, rng) {
			p, err := engine.NewPosition(smp.FEN)
			if err != nil {
				t.Fatal(err)
			}
			var hits uint64
			res := s.Search(p, engine.Limits{Depth: 4}, func(in engine.Info) { hits = in.TBHits })
			if res.BestMove == engine.NoMove {
				if smp.Value != tb.Loss(0) {
					t.Errorf("%s (%s): no move", smp.FEN, smp.Value)
				}
				continue
			}
			if hits == 0 {
				t.Errorf("%s: no tbhits reported", smp.FEN)
			}
			v, d := smp.Value, smp.Value.DTC()
			want := 0
			switch {
			case name != "KRKA" && v.IsWin():
				want = engine.ScoreMate - d
			case name != "KRKA" && v.IsLoss():
				want = -engine.ScoreMate + d
			case v.IsWin():
				want = engine.ScoreTBWin - d
			case v.IsLoss():
				want = -engine.ScoreTBWin + d
			}
			// A conversion into a bare general's ending is a mate: the
			// score may then be that mate.
			mateByCapture := name == "KRKA" && engine.IsMateScore(res.Score) && (res.Score > 0) == v.IsWin() && v.WDL() != 0
			if res.Score != want && !mateByCapture {
				t.Errorf("%s (%s): score %d, want %d", smp.FEN, v, res.Score, want)
			}
			p.MakeMove(res.BestMove)
			cv, ok := p.ProbeTB(ts)
			if !ok {
				t.Fatalf("%s: no table after %s", smp.FEN, res.BestMove)
			}
			if got := tb.AfterMove(cv, res.BestMove.IsCapture()); got != v {
				t.Errorf("%s (%s): %s is %s", smp.FEN, v, res.BestMove, got)
			}
		}
	}
}

// TestTablebaseSearchAllocatesNothingPerNode: a search that reaches the
// tables by captures allocates no more when it is deeper.
func TestTablebaseSearchAllocatesNothingPerNode(t *testing.T) {
	ts := testTables(t)
	s := newTBSearcher(ts)
	// A chariot against two advisors: KRKAA is not loaded, the captures
	// of an advisor reach KRKA.
	p, err := engine.NewPosition("3k5/4a4/3a5/9/9/9/9/9/9/R3K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var nodes [2]uint64
	var hits uint64
	measure := func(i, depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			nodes[i] = s.Search(p, engine.Limits{Depth: depth}, func(in engine.Info) { hits = in.TBHits }).Nodes
		})
	}
	shallow := measure(0, 2)
	deep := measure(1, 10)
	if hits == 0 {
		t.Error("the deep search never probed the tables")
	}
	if nodes[1] < 20*nodes[0] {
		t.Fatalf("deep search too small: %d vs %d nodes", nodes[1], nodes[0])
	}
	if deep > shallow {
		t.Errorf("a %d-node search allocates %.0f times, a %d-node one %.0f", nodes[1], deep, nodes[0], shallow)
	}
}

// TestTablebasePlayConverts: from won table positions, the engine playing
// both sides with the tables converts in exactly the table's distance:
// the winner never wanders, the loser delays as long as it can.
func TestTablebasePlayConverts(t *testing.T) {
	ts := testTables(t)
	s := newTBSearcher(ts)
	rng := rand.New(rand.NewPCG(34, 2))
	for _, name := range []string{"KRKA", "KNK"} {
		m, _ := tb.ParseMaterial(name)
		played := 0
		for _, smp := range tbgen.Sample(ts.Table(m), 200, rng) {
			if !smp.Value.IsWin() || played == 8 {
				continue
			}
			played++
			p, err := engine.NewPosition(smp.FEN)
			if err != nil {
				t.Fatal(err)
			}
			plies := 0
			for {
				res := s.Search(p, engine.Limits{Depth: 3}, nil)
				if res.BestMove == engine.NoMove {
					break // mated or stalemated: the conversion
				}
				p.MakeMove(res.BestMove)
				plies++
				if res.BestMove.IsCapture() || plies > 2*smp.Value.DTC() {
					break
				}
			}
			if plies != smp.Value.DTC() {
				t.Errorf("%s (%s): converted after %d plies", smp.FEN, smp.Value, plies)
			}
		}
		if played == 0 {
			t.Errorf("%s: no won position sampled", name)
		}
	}
}
