package tunecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/goxq/ucci/tuning/wdlfit"
)

const wdlUsage = `usage: ucci tune wdl [-depth N] [-positions N] [-skip N] [-seed S] [-workers N]
                     [-hash MB] [-valid F] [-save FILE] [-load FILE] [-out FILE.go]
                     [-plot FILE.png] [-note TEXT]... [-quiet] [PGN...]

Fits the win/draw/loss model of engine/wdl to game results: positions of the
games in the PGN files (up to -positions per file, spread over its games,
from ply -skip on) are searched to -depth, labelled with their material and
the game's result from the side to move's view, and the coefficients of
P(win) = 1/(1+exp((a(m)-s)/b(m))) are fitted by maximum likelihood. -save
keeps the searched samples; -load fits saved samples instead of PGN files.
-out writes the coefficients as engine/wdl's generated file, -plot the
fitted curves against the data.`

// wdlFlags holds the options of `ucci tune wdl`.
type wdlFlags struct {
	collect         wdlfit.CollectOptions
	fit             wdlfit.FitOptions
	save, load      string
	out, plot       string
	notes           []string
	quiet           bool
	inputs, cmdLine []string
}

// WDL implements `ucci tune wdl`.
func WDL(args []string, stdout, stderr io.Writer) int {
	f := wdlFlags{fit: wdlfit.DefaultFitOptions()}
	fs := flag.NewFlagSet("tune wdl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&f.collect.Depth, "depth", 7, "search depth of every position")
	fs.IntVar(&f.collect.Positions, "positions", 0, "positions per PGN file, spread over its games (0: every position)")
	fs.IntVar(&f.collect.SkipPlies, "skip", 10, "leave out the first N plies of every game")
	fs.Uint64Var(&f.collect.Seed, "seed", 1, "seed of the choice of positions and of the validation split")
	fs.IntVar(&f.collect.Workers, "workers", 0, "searching goroutines (0: one per core)")
	fs.IntVar(&f.collect.HashMB, "hash", 4, "table size of each searcher, MB")
	fs.Float64Var(&f.fit.Valid, "valid", f.fit.Valid, "share of the games held out for validation")
	fs.StringVar(&f.save, "save", "", "write the searched samples to FILE (.gz compresses)")
	fs.StringVar(&f.load, "load", "", "fit the samples of FILE (from -save) instead of searching PGN files")
	fs.StringVar(&f.out, "out", "", "Go file to write with the fitted model, e.g. engine/wdl/fitted.go (empty: none)")
	fs.StringVar(&f.plot, "plot", "", "PNG file for the fitted curves against the data (empty: none)")
	fs.Func("note", "a line for the generated file's header, e.g. the data's credit (repeatable)", func(s string) error {
		f.notes = append(f.notes, s)
		return nil
	})
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	fs.Usage = func() {
		fmt.Fprintln(stderr, wdlUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	f.inputs = fs.Args()
	f.fit.Seed = f.collect.Seed
	f.cmdLine = []string{"ucci tune wdl"}
	for _, a := range args {
		if strings.ContainsAny(a, " \t'\"") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		f.cmdLine = append(f.cmdLine, a)
	}
	if (len(f.inputs) == 0) == (f.load == "") || f.load != "" && f.save != "" || f.collect.Depth < 1 || f.collect.Depth > 64 ||
		f.collect.Positions < 0 || f.collect.SkipPlies < 0 || f.collect.Workers < 0 || f.collect.HashMB < 1 ||
		!(f.fit.Valid >= 0 && f.fit.Valid < 1) || f.plot != "" && !strings.HasSuffix(strings.ToLower(f.plot), ".png") ||
		f.out != "" && !strings.HasSuffix(f.out, ".go") {
		fs.Usage()
		return 2
	}
	outputs := append(append(named("-save", f.save), named("-out", f.out)...), named("-plot", f.plot)...)
	if outputsRefused(stderr, "tune wdl", outputs, append(named("", f.inputs...), named("-load", f.load)...)) {
		return 2
	}
	if err := runWdl(&f, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tune wdl: %v\n", err)
		return 1
	}
	return 0
}

// runWdl collects (or loads) the samples, fits and writes the results.
func runWdl(f *wdlFlags, stdout, stderr io.Writer) error {
	set, err := wdlSamples(f, stdout, stderr)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := wdlfit.Fit(set, f.fit)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, res.Summary(set))
	fmt.Fprintf(stdout, "fitted in %.1f s\n", time.Since(start).Seconds())
	if f.out != "" {
		g := &wdlfit.GoFile{Command: strings.Join(f.cmdLine, " "), Notes: f.notes, Set: set, Fit: res}
		if err := g.WriteFile(f.out); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "model written to %s\n", f.out)
	}
	if f.plot != "" {
		if err := wdlfit.Chart(set, &res.Model).WritePNG(f.plot); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "curves drawn in %s\n", f.plot)
	}
	return nil
}

// wdlSamples searches the PGN files or loads a sample file.
func wdlSamples(f *wdlFlags, stdout, stderr io.Writer) (*wdlfit.Set, error) {
	if f.load != "" {
		set, err := wdlfit.ReadSamples(f.load)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "loaded %d samples (depth %d) from %s\n", len(set.Samples), set.Depth, f.load)
		return set, nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	opt := f.collect
	var bar *progressbar.ProgressBar
	opt.Planned = func(file string, n int) {
		barFinish(bar)
		bar = newBar(stderr, int64(n), fmt.Sprintf("%s, depth %d", filepath.Base(file), opt.Depth), false, f.quiet)
	}
	opt.Progress = func(n int) { barAdd(bar, int64(n)) }
	set, err := wdlfit.Collect(ctx, f.inputs, opt)
	barFinish(bar)
	if errors.Is(err, context.Canceled) {
		return nil, errors.New("interrupted")
	}
	if err != nil {
		return nil, err
	}
	counts := set.Count()
	for i, s := range set.Sources {
		fmt.Fprintf(stdout, "%s: %d games read, %d used, %d positions\n", s.Name, s.Games, s.Used, counts[i])
	}
	fmt.Fprintf(stdout, "searched %d positions to depth %d in %.1f s\n", len(set.Samples), set.Depth, time.Since(start).Seconds())
	if f.save != "" {
		if err := wdlfit.WriteSamples(f.save, set); err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "samples saved to %s\n", f.save)
	}
	return set, nil
}
