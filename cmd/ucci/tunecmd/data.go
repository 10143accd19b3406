package tunecmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
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
	fs := cliflags.New("tune data", dataUsage, stderr)
	opt := data.DefaultOptions()
	opt.Seed = 1
	out := fs.String("out", "", "sample file to write (required; .gz compresses)")
	cliflags.Define(fs,
		cliflags.Row{Name: "skip", Value: &opt.SkipPlies, Usage: "skip the first N plies of every game"},
		cliflags.Row{Name: "every", Value: &opt.Every, Usage: "take one position in N"},
		cliflags.Row{Name: "per-game", Value: &opt.MaxPerGame, Usage: "at most N random positions per game (0: all)"},
		cliflags.Row{Name: "seed", Value: &opt.Seed, Usage: "seed of the per-game choice"},
		cliflags.Row{Name: "max-score", Value: &opt.MaxScore, Usage: "drop positions whose quiescence score exceeds CP (0: keep)"})
	workers := cliflags.Workers(fs, "goroutines")
	credit := fs.String("credit", "", "attribution written into the file header")
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if err := cliflags.FirstError(cliflags.Args(fs, 1, cliflags.MaxInt, "PGN file"), cliflags.Required("out", *out), cliflags.IntIn("skip", opt.SkipPlies, 0, cliflags.MaxInt),
		cliflags.IntIn("every", opt.Every, 1, cliflags.MaxInt), cliflags.IntIn("per-game", opt.MaxPerGame, 0, cliflags.MaxInt),
		cliflags.IntIn("max-score", opt.MaxScore, 0, cliflags.MaxInt), cliflags.IntIn("workers", *workers, 0, cliflags.MaxInt)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	if outputsRefused(stderr, "tune data", safefile.Names("-out", *out), safefile.Names("", fs.Args()...)) {
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
