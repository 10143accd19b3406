package tbgen

import (
	"fmt"
	"math/rand/v2"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// CrossCheck is the comparison of a table with the engine's own search
// (without tables) over random positions of it.
type CrossCheck struct {
	Material tb.Material
	Searched int // positions searched (those with a legal move)
	// Contradictions: the search proved a result (a mate score) the table
	// denies: the other side's mate, or a mate in a table draw.
	Contradictions int
	// OffBest: the search's move changes the table's result (a win thrown
	// away, a draw or a loss made worse).
	OffBest int
	// Proved: the search proved the table's decisive result itself.
	Proved int
	// Examples are the first few disagreements, for a person to look at.
	Examples []string
}

// CrossCheckSearch searches n random positions of table m of ts to depth
// with a searcher that has no tables, and counts where it disagrees with
// the table.
func CrossCheckSearch(ts *tb.Tables, m tb.Material, n, depth int, rng *rand.Rand) (CrossCheck, error) {
	cc := CrossCheck{Material: m}
	t := ts.Table(m)
	if t == nil {
		return cc, fmt.Errorf("no table %s", m)
	}
	s := engine.NewSearcher(16)
	for _, smp := range Sample(t, n, rng) {
		p, err := engine.NewPosition(smp.FEN)
		if err != nil {
			return cc, err
		}
		s.Clear()
		res := s.Search(p, engine.Limits{Depth: depth}, nil)
		if res.BestMove == engine.NoMove {
			continue
		}
		cc.Searched++
		v := smp.Value
		wdl := v.WDL()
		note := func(what string) {
			if len(cc.Examples) < 5 {
				cc.Examples = append(cc.Examples, fmt.Sprintf("%s (table %s): %s, search %d %s", smp.FEN, v, what, res.Score, res.BestMove))
			}
		}
		if engine.IsMateScore(res.Score) {
			proved := 1
			if res.Score < 0 {
				proved = -1
			}
			if proved == wdl {
				cc.Proved++
			} else {
				cc.Contradictions++
				note("mate score against the table")
			}
		}
		p.MakeMove(res.BestMove)
		cv, ok := p.ProbeTB(ts)
		if !ok {
			return cc, fmt.Errorf("%s: no table after %s", smp.FEN, res.BestMove)
		}
		if tb.AfterMove(cv, res.BestMove.IsCapture()).WDL() < wdl {
			cc.OffBest++
			note("the move changes the result")
		}
	}
	return cc, nil
}
