package engine

import (
	"testing"
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

func TestSearchStartPosition(t *testing.T) {
	res, infos := searchDepth(t, StartFEN, 8)
	if res.BestMove == NoMove || len(infos) == 0 {
		t.Fatalf("no move: %+v", res)
	}
	for _, i := range infos {
		t.Logf("depth %d score %d nodes %d time %v pv %v", i.Depth, i.Score, i.Nodes, i.Time, i.PV)
	}
}
