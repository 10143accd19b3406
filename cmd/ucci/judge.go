package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/goxq/ucci/engine"
)

// runJudge implements `ucci judge [-rules cxa|axf] [-fen FEN] [-moves "m1 m2 ..."]`:
// it plays the moves under the referee and prints `result R REASON`.
func runJudge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("judge", "usage: ucci judge [-rules cxa|axf] [-fen FEN] [-moves \"m1 m2 ...\"] [-naturallimit N] [-folds N]\n"+
		"  plays the moves under the referee and prints result R REASON", stderr)
	rulesName := fs.String("rules", "cxa", "rule set: cxa (Chinese 1999) or axf (Asian)")
	fen := fs.String("fen", engine.StartFEN, "start position")
	moves := fs.String("moves", "", "moves in ICCS coordinates, separated by spaces")
	limit := fs.Int("naturallimit", engine.DefaultNaturalLimit, "natural-move limit in plies (0 = off)")
	folds := fs.Int("folds", 3, "occurrences of a position that trigger the repetition rules")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return badArg(fs, "unexpected argument %q", fs.Arg(0))
	}
	if err := firstError(intIn("naturallimit", *limit, 0, maxNaturalLimit), intIn("folds", *folds, minFolds, maxFolds)); err != nil {
		return badArg(fs, "%v", err)
	}
	rules, err := engine.ParseRuleSet(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "judge: %v\n", err)
		return 2
	}
	game, err := engine.NewGame(*fen, rules)
	if err != nil {
		fmt.Fprintf(stderr, "judge: bad FEN: %v\n", err)
		return 2
	}
	game.SetNaturalLimit(*limit)
	game.SetRepetitionFolds(*folds)
	for i, mv := range strings.Fields(*moves) {
		if _, err := game.PlayMove(mv); err != nil {
			fmt.Fprintf(stderr, "judge: move %d (%s): %v\n", i+1, mv, err)
			return 2
		}
	}
	v := game.Verdict()
	fmt.Fprintf(stdout, "result %s %s\n", v.Result(), v.Reason)
	return 0
}
