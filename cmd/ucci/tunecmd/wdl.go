package tunecmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
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
	fs := cliflags.New("tune wdl", wdlUsage, stderr)
	fs.IntVar(&f.collect.Depth, "depth", 7, "search depth of every position")
	fs.IntVar(&f.collect.Positions, "positions", 0, "positions per PGN file, spread over its games (0: every position)")
	fs.IntVar(&f.collect.SkipPlies, "skip", 10, "leave out the first N plies of every game")
	fs.Uint64Var(&f.collect.Seed, "seed", 1, "seed of the choice of positions and of the validation split")
	workers := cliflags.Workers(fs, "searching goroutines")
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
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	f.collect.Workers, f.quiet = *workers, *quiet
	f.inputs = fs.Args()
	f.fit.Seed = f.collect.Seed
	f.cmdLine = []string{"ucci tune wdl"}
	for _, a := range args {
		if strings.ContainsAny(a, " \t'\"") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		f.cmdLine = append(f.cmdLine, a)
	}
	switch {
	case (len(f.inputs) == 0) == (f.load == ""):
		return cliflags.Bad(fs, "give either PGN files or -load FILE")
	case f.load != "" && f.save != "":
		return cliflags.Bad(fs, "-save with -load: the samples are already saved")
	case f.plot != "" && !strings.HasSuffix(strings.ToLower(f.plot), ".png"):
		return cliflags.Bad(fs, "-plot %s: not a .png file", quote.Input(f.plot))
	case f.out != "" && !strings.HasSuffix(f.out, ".go"):
		return cliflags.Bad(fs, "-out %s: not a .go file", quote.Input(f.out))
	}
	if err := cliflags.FirstError(cliflags.IntIn("depth", f.collect.Depth, 1, 64),
		cliflags.IntIn("positions", f.collect.Positions, 0, cliflags.MaxInt), cliflags.IntIn("skip", f.collect.SkipPlies, 0, cliflags.MaxInt),
		cliflags.IntIn("workers", f.collect.Workers, 0, cliflags.MaxInt), cliflags.IntIn("hash", f.collect.HashMB, 1, cliflags.MaxInt),
		cliflags.Share("valid", f.fit.Valid)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	outputs := append(append(safefile.Names("-save", f.save), safefile.Names("-out", f.out)...), safefile.Names("-plot", f.plot)...)
	if outputsRefused(stderr, "tune wdl", outputs, append(safefile.Names("", f.inputs...), safefile.Names("-load", f.load)...)) {
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
