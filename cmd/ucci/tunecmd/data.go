package tunecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/goxq/ucci/tuning/data"
)

const dataUsage = `usage: ucci tune data -out FILE [-skip N] [-every N] [-per-game N] [-seed S]
                      [-max-score CP] [-workers N] [-credit TEXT] [-quiet] PGN...

Writes labelled quiet positions (RESULT<TAB>GAME<TAB>FEN per line, gzip when
FILE ends in .gz) from the games of the PGN files: positions from ply -skip
on, not in check, replaced by their quiescence leaf, labelled with the game
result from Red's view.`

// Data implements `ucci tune data`.
func Data(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune data", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := data.DefaultOptions()
	out := fs.String("out", "", "sample file to write (required; .gz compresses)")
	skip := fs.Int("skip", def.SkipPlies, "skip the first N plies of every game")
	every := fs.Int("every", def.Every, "take one position in N")
	perGame := fs.Int("per-game", 0, "at most N random positions per game (0: all)")
	seed := fs.Uint64("seed", 1, "seed of the per-game choice")
	maxScore := fs.Int("max-score", 0, "drop positions whose quiescence score exceeds CP (0: keep)")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
	credit := fs.String("credit", "", "attribution written into the file header")
	quiet := fs.Bool("quiet", false, "no progress bar")
	fs.Usage = func() {
		fmt.Fprintln(stderr, dataUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() == 0 || *skip < 0 || *every < 1 || *perGame < 0 || *maxScore < 0 || *workers < 0 {
		fs.Usage()
		return 2
	}
	if outputsRefused(stderr, "tune data", named("-out", *out), named("", fs.Args()...)) {
		return 2
	}
	var total int64
	for _, name := range fs.Args() {
		info, err := os.Stat(name)
		if err != nil {
			fmt.Fprintf(stderr, "tune data: %v\n", err)
			return 1
		}
		total += info.Size()
	}
	f, err := data.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "tune data: %v\n", err)
		return 1
	}
	defer f.Close() // without the Commit below, an old file at -out stays
	w := data.NewWriter(f)
	opt := data.Options{SkipPlies: *skip, Every: *every, MaxPerGame: *perGame, Seed: *seed, MaxScore: *maxScore}
	header := fmt.Sprintf("ucci tune data: RESULT<TAB>GAME<TAB>FEN (result from Red's view)\n"+
		"inputs: %s\noptions: skip %d, every %d, per-game %d, seed %d, max-score %d",
		strings.Join(fs.Args(), " "), opt.SkipPlies, opt.Every, opt.MaxPerGame, opt.Seed, opt.MaxScore)
	if *credit != "" {
		header += "\n" + *credit
	}
	if err := w.Comment(header); err != nil {
		fmt.Fprintf(stderr, "tune data: %v\n", err)
		return 1
	}
	bar := newBar(stderr, total, "extracting", true, *quiet)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	st, err := data.Generate(ctx, fs.Args(), w, data.Config{
		Options:  opt,
		Workers:  *workers,
		Progress: func(n int64) { barAdd(bar, n) },
	})
	barFinish(bar)
	if err == nil {
		err = f.Commit()
	}
	if err != nil {
		fmt.Fprintf(stderr, "tune data: %v\n", err)
		return 1
	}
	reasons := ""
	if st.SkippedTotal() > 0 {
		reasons = " (" + st.Reasons() + ")"
	}
	fmt.Fprintf(stdout, "games read %d, used %d, skipped %d%s\n", st.Games, st.Used, st.SkippedTotal(), reasons)
	fmt.Fprintf(stdout, "samples %d written to %s in %.1f s\n", st.Samples, *out, time.Since(start).Seconds())
	return 0
}
