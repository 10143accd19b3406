package main

import (
	"fmt"
	"io"

	"github.com/goxq/ucci/tuning/tunecmd"
)

const tuneUsage = `usage:
  ucci tune data -out FILE [options] PGN...     labelled quiet positions from games
  ucci tune texel -data FILE [-out params.go] [options]   fit the evaluation weights
  ucci tune spsa -engine BIN [options]          tune search parameters by matches
  ucci tune datagen -out DIR [options] [PGN...]  training positions for the neural network
  ucci tune nnue -out NET [options] DATA...     train the neural network evaluation
run a command with -h for its options`

// runTune implements `ucci tune data|texel|spsa|datagen|nnue`.
func runTune(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, tuneUsage)
		return 2
	}
	switch args[0] {
	case "data":
		return tunecmd.Data(args[1:], stdout, stderr)
	case "texel":
		return tunecmd.Texel(args[1:], stdout, stderr)
	case "spsa":
		return tunecmd.SPSA(args[1:], stdout, stderr)
	case "datagen":
		return tunecmd.Datagen(args[1:], stdout, stderr)
	case "nnue":
		return tunecmd.NNUE(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "tune: unknown command %q\n%s\n", args[0], tuneUsage)
	return 2
}
