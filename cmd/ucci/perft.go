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

// runPerft implements `ucci perft [-fen FEN] [-divide] DEPTH`.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", engine.StartFEN, "position to count from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ucci perft [-fen FEN] [-divide] DEPTH")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 1 || depth > 20 {
		fmt.Fprintf(stderr, "perft: bad depth %q (want 1-20)\n", fs.Arg(0))
		return 2
	}
	pos, err := engine.NewPosition(*fen)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	start := time.Now()
	var nodes uint64
	if *divide {
		moves, counts := pos.PerftDivide(depth)
		for i, m := range moves {
			fmt.Fprintf(out, "%s %d\n", m, counts[i])
			nodes += counts[i]
		}
	} else {
		nodes = pos.Perft(depth)
	}
	elapsed := time.Since(start)
	ms := elapsed.Milliseconds()
	nps := uint64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(out, "nodes %d time %d nps %d\n", nodes, ms, nps)
	return 0
}
