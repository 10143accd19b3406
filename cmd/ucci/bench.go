package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/goxq/ucci/engine"
)

// runBench implements `ucci bench [-threads N] [DEPTH]`: the search
// signature (with one thread, the default). Its last two lines are
// `Nodes searched: N` and `Nodes/second: N`.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", 1, "search threads (1-256); only 1 gives the signature")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	depth := engine.DefaultBenchDepth
	if fs.NArg() > 1 || *threads < 1 || *threads > 256 {
		fmt.Fprintln(stderr, "usage: ucci bench [-threads 1-256] [DEPTH]")
		return 2
	}
	if fs.NArg() == 1 {
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || d < 1 || d > 60 {
			fmt.Fprintf(stderr, "bench: bad depth %q (want 1-60)\n", fs.Arg(0))
			return 2
		}
		depth = d
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	total := engine.Bench(depth, *threads, func(i int, fen string, r engine.Result, d time.Duration) {
		fmt.Fprintf(out, "position %2d: bestmove %s score %d nodes %d time %d ms\n", i+1, r.BestMove, r.Score, r.Nodes, d.Milliseconds())
	})
	nps := uint64(float64(total.Nodes) / max(total.Elapsed.Seconds(), 1e-9))
	fmt.Fprintf(out, "Total time (ms): %d\n", total.Elapsed.Milliseconds())
	fmt.Fprintf(out, "Nodes searched: %d\n", total.Nodes)
	fmt.Fprintf(out, "Nodes/second: %d\n", nps)
	return 0
}
