package engine

import (
	"time"

	"github.com/goxq/ucci/engine/nnue"
)

// BenchFENs are the positions of the bench signature: the start position,
// middle games and endings (the published perft positions).
var BenchFENs = []string{
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	"1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
	"5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
	"CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
	"R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
	"C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
	"4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
	"2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
	"1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
	"CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
	"r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
	"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
	"4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
	"2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1",
	"2b1kab1C/1N2a4/n3ccn2/p5r1p/4p4/P1P2RN2/2r1P3P/C3B4/4A4/2BAK2R1 w - - 0 1",
	"2bakab2/9/2n1c1R1c/3r4p/4N4/r8/6P1P/6C1C/4A4/1RBAK1B2 w - - 0 1",
	"1r2kabr1/4a4/2C1b2c1/p3p3p/1c3n3/2p3R2/P3P3P/N3C1N2/7R1/2BAKAB2 b - - 0 1",
	"3akabr1/9/4c4/p1pRn2Cp/4rcp2/2P1p4/P3P1P1P/3CB1N2/9/3AKABR1 w - - 0 1",
	"3akab2/3r5/8n/8p/2P1C1b2/8P/cR2N2r1/2n1B1N2/4A4/2B1KR3 w - - 0 1",
	"C3kab2/4a4/2Rnb3n/8p/6p2/1p2c3r/P5P2/4B3N/3CA4/2BAK4 w - - 0 1",
	"1rb1kabr1/4a4/1c7/p1p1R3p/7n1/2P3p2/P3P1c1P/C1N6/4N4/1RBAKAB2 w - - 0 1",
	"r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/3NP4/2P6/P5p1P/1C2C4/9/RNBAKAB2 b - - 0 1",
	"rn2kab2/3ra4/2c1b2cn/p5p1C/9/2p6/P3P1P1P/NC4N2/9/1RBAKABR1 w - - 0 1",
	"rnbakab2/2r6/1c4nc1/p3p1C1p/2p3p2/2P6/P3P1P1P/1CN3N2/8R/R1BAKAB2 b - - 0 1",
	"r2akabr1/4n4/4b1nc1/p1N1p1R1p/6p2/2p3P2/Pc2P3P/2C1C1N2/9/R1BAKAB2 b - - 0 1",
	"rnba1aCn1/4k4/8r/p1p1p3p/1c4P2/2P6/P3c3P/1C4N2/4K4/RNBA1AB1R b - - 0 1",
	"2b1ka1r1/4a4/4b1n2/p3p1p1p/3n5/2p1P1P2/PR6P/2cCBRN2/3rA4/1NBAK4 b - - 0 1",
	"6b2/3ka1N2/5a3/p3p4/1n3P3/P1N5C/5nc2/3AB4/9/3AK1B2 b - - 0 1",
	"4ka3/3Pa4/r6R1/2C4C1/9/9/8n/9/4p3r/3K3R1 w - - 0 1",
	"4ka3/4a4/N8/p8/C8/9/9/8B/3p2ppc/4K4 w - - 0 1",
	"9/4k4/3aba3/3P5/1cb6/2BC5/n3N4/B2A5/9/3AK4 w - - 0 1",
	"2b1k4/3n5/r8/9/PP7/9/9/1C7/9/3K5 w - - 0 1",
}

// DefaultBenchDepth is the depth of `ucci bench` without an argument.
const DefaultBenchDepth = 11

// BenchResult is the outcome of a bench run.
type BenchResult struct {
	Nodes   uint64
	Elapsed time.Duration
}

// Bench searches every bench position to depth with a 16 MB table,
// cleared before each position, evaluating with net (nil: the classical
// evaluation). With one thread the node count is a reproducible signature
// of the search; more threads measure Lazy SMP's node rate and time to
// depth. line (if not nil) is called with a summary of each position.
func Bench(depth, threads int, net *nnue.Net, line func(i int, fen string, r Result, d time.Duration)) BenchResult {
	s := NewSearcher(16)
	s.SetThreads(threads)
	st := DefaultSettings()
	st.Net = net
	s.Configure(st)
	var total BenchResult
	for i, fen := range BenchFENs {
		p, err := NewPosition(fen)
		if err != nil {
			panic("bench position " + fen + ": " + err.Error())
		}
		s.Clear()
		start := time.Now()
		r := s.Search(p, Limits{Depth: depth}, nil)
		d := time.Since(start)
		total.Nodes += r.Nodes
		total.Elapsed += d
		if line != nil {
			line(i, fen, r, d)
		}
	}
	return total
}
