package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

// runPerft implements `ucci perft [-fen FEN] [-divide] DEPTH`.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("perft", "usage: ucci perft [-fen FEN] [-divide] DEPTH\n  counts the leaves of the legal move tree to DEPTH (1-20)", stderr)
	fen := fs.String("fen", engine.StartFEN, "position to count from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return cliflags.Bad(fs, "one DEPTH is needed, got %d arguments", fs.NArg())
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 1 || depth > 20 {
		return cliflags.Bad(fs, "bad depth %s (want 1-20)", quote.Input(fs.Arg(0)))
	}
	pos, err := engine.NewPosition(*fen)
	if err != nil {
		return cliflags.Bad(fs, "-fen: %v", err)
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
