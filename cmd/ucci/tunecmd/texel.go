package tunecmd

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/tuning/plot"
	"github.com/goxq/ucci/tuning/texel"
)

const texelUsage = `usage: ucci tune texel -data FILE [-out FILE] [-plot PNG] [-epochs N] [-lr X]
                       [-lambda X] [-valid F] [-seed S] [-limit N] [-k K]
                       [-freeze GROUPS] [-workers N] [-quiet]

Fits every evaluation weight to the labelled positions of FILE (ucci tune
data): K first, then the weights by Adam on the mean squared error of
sigmoid(K*eval) against the results. Writes the rounded weights as a
params.go (texel.FormatParams) to -out and the loss curve to -plot.`

// texelFlags holds the options of `ucci tune texel`.
type texelFlags struct {
	data, out, plot, freeze string
	epochs, limit, workers  int
	lr, lambda, valid, k    float64
	seed                    uint64
	quiet                   bool
}

// Texel implements `ucci tune texel`.
func Texel(args []string, stdout, stderr io.Writer) int {
	f := texelFlags{epochs: 300, lr: 1, valid: 0.1, seed: 1}
	fs := cliflags.New("tune texel", texelUsage, stderr)
	cliflags.Define(fs,
		cliflags.Row{Name: "data", Value: &f.data, Usage: "sample file from `ucci tune data` (required)"},
		cliflags.Row{Name: "out", Value: &f.out, Usage: "params.go to write with the tuned weights (empty: none)"},
		cliflags.Row{Name: "plot", Value: &f.plot, Usage: "PNG file for the loss curve (empty: none)"},
		cliflags.Row{Name: "freeze", Value: &f.freeze, Usage: "comma-separated weight groups or kinds to keep, e.g. material,tempo,piece-square"},
		cliflags.Row{Name: "epochs", Value: &f.epochs, Usage: "Adam epochs (full passes)"},
		cliflags.Row{Name: "limit", Value: &f.limit, Usage: "read at most N samples (0: all)"},
		cliflags.Row{Name: "lr", Value: &f.lr, Usage: "Adam step size in evaluation units (decays to a tenth)"},
		cliflags.Row{Name: "lambda", Value: &f.lambda, Usage: "L2 penalty on the distance from the current weights"},
		cliflags.Row{Name: "valid", Value: &f.valid, Usage: "fraction of games held out for validation"},
		cliflags.Row{Name: "k", Value: &f.k, Usage: "scaling constant K (0: fit it)"},
		cliflags.Row{Name: "seed", Value: &f.seed, Usage: "seed of the validation split"})
	workers := cliflags.Workers(fs, "goroutines")
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	f.workers, f.quiet = *workers, *quiet
	if err := cliflags.FirstError(cliflags.Args(fs, 0, 0, ""), cliflags.Required("data", f.data), cliflags.IntIn("epochs", f.epochs, 1, cliflags.MaxInt),
		cliflags.IntIn("limit", f.limit, 0, cliflags.MaxInt), cliflags.IntIn("workers", f.workers, 0, cliflags.MaxInt), cliflags.FloatAbove("lr", f.lr, 0),
		cliflags.FloatIn("lambda", f.lambda, 0, math.MaxFloat64), cliflags.Share("valid", f.valid),
		cliflags.FloatIn("k", f.k, 0, math.MaxFloat64)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	if outputsRefused(stderr, "tune texel", append(safefile.Names("-out", f.out), safefile.Names("-plot", f.plot)...), safefile.Names("-data", f.data)) {
		return 2
	}
	if err := runTexel(&f, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tune texel: %v\n", err)
		return 1
	}
	return 0
}

// runTexel loads the data, fits K and the weights, and writes the results.
func runTexel(f *texelFlags, stdout, stderr io.Writer) error {
	layout := texel.EngineLayout()
	frozen, err := layout.Mask(strings.Split(f.freeze, ","))
	if err != nil {
		return err
	}
	start := time.Now()
	train, valid, err := loadSamples(f, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "samples: %d train, %d validation (%.0f%% of games held out), loaded in %.1f s\n",
		train.Len(), valid.Len(), 100*f.valid, time.Since(start).Seconds())
	x0 := texel.DefaultParams()
	k := f.k
	if k == 0 {
		k = texel.FitK(train, x0, f.workers)
	}
	before := lossPair(train, valid, x0, k, f.workers)
	fmt.Fprintf(stdout, "K = %.6g (sigmoid(K*eval); 10^(-eval/%.0f) form)\n", k, math.Ln10/k)
	fmt.Fprintf(stdout, "before: train %.6f validation %s\n", before[0], fmtLoss(before[1]))
	bar := newBar(stderr, int64(f.epochs), "tuning", false, f.quiet)
	x, hist, err := texel.Tune(train, valid, x0, texel.Config{
		K: k, Epochs: f.epochs, LearningRate: f.lr, Lambda: f.lambda, Frozen: frozen,
		Positive: positiveMaterial(layout, x0), Workers: f.workers, ValidEvery: max(1, f.epochs/100),
		OnEpoch: func(p texel.Point) {
			if bar != nil && p.Epoch > 0 {
				bar.Describe(fmt.Sprintf("tuning (train %.5f)", p.Train))
				barAdd(bar, 1)
			}
		},
	})
	barFinish(bar)
	if err != nil {
		return err
	}
	texel.Normalize(x, layout, train.Occurrences(), frozen)
	tuned := x.Rounded()
	after := lossPair(train, valid, tuned, k, f.workers)
	fmt.Fprintf(stdout, "after:  train %.6f validation %s (rounded weights, %d epochs, %.1f s)\n",
		after[0], fmtLoss(after[1]), f.epochs, time.Since(start).Seconds())
	fmt.Fprintf(stdout, "refitted K for the tuned weights: %.6g\n", texel.FitK(train, tuned, f.workers))
	reportChanges(stdout, layout, x0, tuned)
	if f.plot != "" {
		if err := lossChart(hist, after).WritePNG(f.plot); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "loss curve: %s\n", f.plot)
	}
	if f.out != "" {
		w, ok := tuned.Weights()
		if !ok {
			return fmt.Errorf("%d tuned values for %d weights", len(tuned), 2*engine.NumEvalParams)
		}
		src, err := texel.FormatParams(&w)
		if err != nil {
			return err
		}
		if err := safefile.WriteFile(f.out, src); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "weights written to %s\n", f.out)
	}
	return nil
}

// loadSamples reads the sample file with a progress bar.
func loadSamples(f *texelFlags, stderr io.Writer) (train, valid *texel.Dataset, err error) {
	var bar = newBar(stderr, -1, "loading samples", false, f.quiet)
	last := 0
	train, valid, err = texel.Load(f.data, texel.LoadOptions{Valid: f.valid, Seed: f.seed, Limit: f.limit,
		Progress: func(n int) { barAdd(bar, int64(n-last)); last = n }})
	barFinish(bar)
	if err == nil && train.Len() == 0 {
		err = fmt.Errorf("%s: no training samples", f.data)
	}
	return train, valid, err
}

// lossPair returns the training and validation losses (NaN without
// validation data).
func lossPair(train, valid *texel.Dataset, x texel.Params, k float64, workers int) [2]float64 {
	v := math.NaN()
	if valid.Len() > 0 {
		v = valid.Loss(x, k, workers)
	}
	return [2]float64{train.Loss(x, k, workers), v}
}

func fmtLoss(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.6f", v)
}

// positiveMaterial marks the material weights that start positive.
func positiveMaterial(l *texel.Layout, x0 texel.Params) []bool {
	pos := make([]bool, len(x0)/2)
	if g, ok := l.Group("material"); ok {
		for i := g.Start; i < g.Start+g.Size; i++ {
			pos[i] = x0[2*i] > 0 || x0[2*i+1] > 0
		}
	}
	return pos
}

// reportChanges prints the material values and the largest changes.
func reportChanges(w io.Writer, l *texel.Layout, x0, x texel.Params) {
	if g, ok := l.Group("material"); ok {
		fmt.Fprint(w, "material (mg/eg):")
		for i := g.Start; i < g.Start+g.Size; i++ {
			if x0[2*i] != 0 || x[2*i] != 0 || x0[2*i+1] != 0 || x[2*i+1] != 0 {
				fmt.Fprintf(w, " %s %g/%g→%g/%g", l.Names[i], x0[2*i], x0[2*i+1], x[2*i], x[2*i+1])
			}
		}
		fmt.Fprintln(w)
	}
	changed := 0
	for i := range x {
		if x[i] != x0[i] {
			changed++
		}
	}
	fmt.Fprintf(w, "weights changed: %d of %d values\n", changed, len(x))
	fmt.Fprint(w, "single weights (mg/eg):")
	for _, g := range l.Groups {
		if g.Size == 1 {
			i := g.Start
			fmt.Fprintf(w, " %s %g/%g→%g/%g;", g.Title, x0[2*i], x0[2*i+1], x[2*i], x[2*i+1])
		}
	}
	fmt.Fprintln(w)
}

// lossChart draws the training and validation losses per epoch.
func lossChart(hist []texel.Point, final [2]float64) plot.Chart {
	var ep, tr, va []float64
	for _, p := range hist {
		ep = append(ep, float64(p.Epoch))
		tr = append(tr, p.Train)
		va = append(va, p.Valid)
	}
	return plot.Chart{
		Title:  fmt.Sprintf("Texel tuning: final train %.5f, validation %s", final[0], fmtLoss(final[1])),
		XLabel: "epoch", YLabel: "mean squared error",
		Series: []plot.Series{{Name: "train", X: ep, Y: tr}, {Name: "validation", X: ep, Y: va}},
	}
}
