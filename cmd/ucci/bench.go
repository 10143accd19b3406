package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

// runBench implements `ucci bench [-threads N] [-evalfile FILE] [DEPTH]`:
// the search signature (with one thread, the default). Its last two lines are
// `Nodes searched: N` and `Nodes/second: N`.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("bench", fmt.Sprintf("usage: ucci bench [-threads N] [-evalfile FILE] [DEPTH]\n"+
		"  searches the bench positions to DEPTH (1-60, default %d); the last lines are\n"+
		"  \"Nodes searched: N\" (the signature, with one thread) and \"Nodes/second: N\"", engine.DefaultBenchDepth), stderr)
	threads := fs.Int("threads", 1, "search threads (1-256); only 1 gives the signature")
	evalFile := fs.String("evalfile", "", "evaluation: a network file, <embedded> or <classical> (default: "+nnue.DefaultEval+")")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	depth := engine.DefaultBenchDepth
	if fs.NArg() > 1 {
		return cliflags.Bad(fs, "unexpected argument %q", fs.Arg(1))
	}
	if err := cliflags.IntIn("threads", *threads, 1, 256); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	if fs.NArg() == 1 {
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || d < 1 || d > 60 {
			return cliflags.Bad(fs, "bad depth %s (want 1-60)", quote.Input(fs.Arg(0)))
		}
		depth = d
	}
	net, err := nnue.Open(*evalFile)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	total := engine.Bench(depth, *threads, net, func(i int, fen string, r engine.Result, d time.Duration) {
		fmt.Fprintf(out, "position %2d: bestmove %s score %d nodes %d time %d ms\n", i+1, r.BestMove, r.Score, r.Nodes, d.Milliseconds())
	})
	nps := uint64(float64(total.Nodes) / max(total.Elapsed.Seconds(), 1e-9))
	fmt.Fprintf(out, "Total time (ms): %d\n", total.Elapsed.Milliseconds())
	fmt.Fprintf(out, "Nodes searched: %d\n", total.Nodes)
	fmt.Fprintf(out, "Nodes/second: %d\n", nps)
	return 0
}
