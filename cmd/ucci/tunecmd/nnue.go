package tunecmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"time"

	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/tuning/nnuetrain"
	"github.com/goxq/ucci/tuning/plot"
	"github.com/goxq/ucci/tuning/posfile"
)

const nnueUsage = `usage: ucci tune nnue -out NET [options] DATA...

Trains the neural network evaluation on position files (from ucci tune
datagen; a directory stands for every .bin file in it) and writes the
quantised net to NET, which the engine loads with the EvalFile option or
embeds as engine/nnue/default.nnue. One block of records in -valid is held
out for validation; -plot draws the loss per epoch. -layout general trains
a net whose inputs depend on where each side's general stands (six palace
places; the engine reads both layouts).`

// NNUE implements `ucci tune nnue`.
func NNUE(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tune nnue", nnueUsage, stderr)
	cfg := nnuetrain.DefaultConfig()
	out := fs.String("out", "", "net file to write (required)")
	plotPath := fs.String("plot", "", "loss curve PNG to write")
	cliflags.Define(fs,
		cliflags.Row{Name: "epochs", Value: &cfg.Epochs, Usage: "passes over the training positions"},
		cliflags.Row{Name: "batch", Value: &cfg.BatchSize, Usage: "positions per Adam step"},
		cliflags.Row{Name: "lr", Value: &cfg.LR, Usage: "Adam step size of the first epoch"},
		cliflags.Row{Name: "decay", Value: &cfg.LRDecay, Usage: "step size factor after each epoch"},
		cliflags.Row{Name: "lambda", Value: &cfg.Lambda, Usage: "weight of the search score in the target (rest: game result)"},
		cliflags.Row{Name: "k", Value: &cfg.K, Usage: "centipawn-to-result constant of the sigmoid"},
		cliflags.Row{Name: "mirror", Value: &cfg.Mirror, Usage: "train on each position or its mirror image, chosen at random each epoch"},
		cliflags.Row{Name: "patience", Value: &cfg.Patience, Usage: "stop after N epochs without a lower validation loss (0: run every epoch); the best epoch's net is written"})
	valid := fs.Int("valid", 20, "hold out one block of records in N for validation (0: none)")
	initNet := fs.String("init", "", "start from this net instead of random weights (its layout is kept)")
	layout := fs.String("layout", "plain", "inputs: plain (one set) or general (one set per place of the side's general)")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the initial weights, split and shuffles")
	workers := cliflags.Workers(fs, "goroutines")
	note := fs.String("note", "", "text added to the net's description (data credit, say)")
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	cfg.Workers = *workers
	if err := cliflags.FirstError(cliflags.Args(fs, 1, cliflags.MaxInt, "data file"), cliflags.Required("out", *out), cliflags.IntIn("epochs", cfg.Epochs, 1, cliflags.MaxInt),
		cliflags.IntIn("batch", cfg.BatchSize, 1, cliflags.MaxInt), cliflags.FloatAbove("lr", cfg.LR, 0), cliflags.FloatAbove("decay", cfg.LRDecay, 0),
		cliflags.FloatIn("lambda", cfg.Lambda, 0, 1), cliflags.FloatAbove("k", cfg.K, 0), cliflags.IntIn("valid", *valid, 0, cliflags.MaxInt),
		cliflags.IntIn("workers", cfg.Workers, 0, cliflags.MaxInt), cliflags.IntIn("patience", cfg.Patience, 0, cliflags.MaxInt)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	arch, ok := layouts[*layout]
	if !ok {
		return cliflags.Bad(fs, "-layout %q: want plain or general", *layout)
	}
	if *valid == 0 && cfg.Patience > 0 {
		fmt.Fprintln(stderr, "tune nnue: -patience stops on the validation loss: it needs a validation set (-valid N)")
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "tune nnue: %v\n", err)
		return 1
	}
	if outputsRefused(stderr, "tune nnue", append(safefile.Names("-out", *out), safefile.Names("-plot", *plotPath)...),
		append(safefile.Names("", fs.Args()...), safefile.Names("-init", *initNet)...)) {
		return 2
	}
	files, err := dataFiles(fs.Args())
	if err != nil {
		return fail(err)
	}
	start := time.Now()
	var recs []posfile.Record
	decisive := 0
	for _, f := range files {
		r, err := posfile.ReadFile(f)
		if err != nil {
			return fail(err)
		}
		for _, x := range r {
			// Data made before mates and rule results were dropped at
			// generation may hold them: they are no targets.
			if posfile.Decisive(x.Score()) {
				decisive++
				continue
			}
			recs = append(recs, x)
		}
	}
	if decisive > 0 {
		fmt.Fprintf(stdout, "%d positions with a mate or rule-result score left out\n", decisive)
	}
	train, validation := nnuetrain.Split(recs, *valid, validBlock, cfg.Seed)
	hasValid := len(validation) > 0
	if hasValid {
		fmt.Fprintf(stdout, "%d files, %d positions: %d training, %d validation (read in %.1f s)\n",
			len(files), len(recs), len(train), len(validation), time.Since(start).Seconds())
	} else {
		fmt.Fprintf(stdout, "%d files, %d positions: %d training, no validation set (%s; read in %.1f s)\n",
			len(files), len(recs), len(train), noValidReason(*valid), time.Since(start).Seconds())
		if cfg.Patience > 0 {
			fmt.Fprintln(stdout, "no validation set: -patience is not used, every epoch runs")
		}
	}
	model := nnuetrain.NewModel(cfg.Seed, arch)
	if *initNet != "" {
		n, err := nnue.Load(*initNet)
		if err != nil {
			return fail(err)
		}
		if cliflags.Given(fs, "layout") && n.Arch != arch {
			return fail(fmt.Errorf("-init %s has the %s layout, not -layout %s", *initNet, layoutName(n.Arch), *layout))
		}
		model = nnuetrain.FromNet(n)
	}
	if !*quiet && hasValid {
		fmt.Fprintf(stdout, "before training: validation loss %.6f\n", nnuetrain.Loss(model, validation, cfg))
	}
	bar := newBar(stderr, int64(cfg.Epochs), "epochs", false, *quiet)
	cfg.EpochDone = func(s nnuetrain.EpochStats) {
		mark := ""
		if s.Best {
			mark = "  best"
		}
		validText := "no validation"
		if hasValid {
			validText = fmt.Sprintf("validation %.6f", s.ValidLoss)
		}
		barNote(bar, stdout, "epoch %3d  train %.6f  %s  lr %.2e  %s%s", s.Epoch, s.TrainLoss, validText, s.LR,
			s.Elapsed.Round(time.Second), mark)
		barAdd(bar, 1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	stats, err := nnuetrain.Train(ctx, model, train, validation, cfg)
	barFinish(bar)
	if err != nil && len(stats) == 0 {
		return fail(err)
	}
	last, kept := stats[len(stats)-1], stats[len(stats)-1]
	for _, s := range stats {
		if s.Best {
			kept = s
		}
	}
	if err != nil {
		fmt.Fprintf(stdout, "stopped after epoch %d: %v\n", len(stats), err)
	}
	fmt.Fprintf(stdout, "writing the net of epoch %d\n", kept.Epoch)
	validText := "no validation set"
	if hasValid {
		validText = fmt.Sprintf("validation loss %.6f", kept.ValidLoss)
	}
	desc := fmt.Sprintf("ucci tune nnue: %s layout; %d positions (%d training) from %d files; epoch %d of %d, batch %d, lr %g decay %g, lambda %g, K %g, mirror %v, seed %d; "+
		"%s; %s", layoutName(model.Arch), len(recs), len(train), len(files), kept.Epoch, len(stats), cfg.BatchSize, cfg.LR, cfg.LRDecay, cfg.Lambda, cfg.K, cfg.Mirror, cfg.Seed, validText,
		last.Elapsed.Round(time.Second))
	if *note != "" {
		desc += "; " + *note
	}
	net := model.Quantize(desc)
	if hasValid {
		fmt.Fprintf(stdout, "quantised net: validation loss %.6f (float %.6f)\n", nnuetrain.QuantizedLoss(net, validation, cfg), kept.ValidLoss)
	}
	if err := writeNet(*out, net); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	if *plotPath != "" {
		if err := lossPlot(*plotPath, stats); err != nil {
			return fail(err)
		}
	}
	return 0
}

// layouts maps the values of -layout to the nets' layouts.
var layouts = map[string]int{"plain": nnue.ArchPlain, "general": nnue.ArchGeneral}

// layoutName is the -layout value of layout arch.
func layoutName(arch int) string {
	for name, a := range layouts {
		if a == arch {
			return name
		}
	}
	return fmt.Sprint(arch)
}

// validBlock is the size of the blocks of records held out for validation.
const validBlock = 1024

// noValidReason says why a run has no validation set.
func noValidReason(valid int) string {
	if valid == 0 {
		return "-valid 0"
	}
	return fmt.Sprintf("-valid %d held out no block of %d records: too few records", valid, validBlock)
}

// dataFiles expands directories into their .bin files, sorted.
func dataFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.bin"))
		if err != nil {
			return nil, err
		}
		sort.Strings(m)
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no .bin files", a)
		}
		files = append(files, m...)
	}
	return files, nil
}

// writeNet writes the net through a temporary file renamed into place.
func writeNet(path string, n *nnue.Net) error {
	var buf bytes.Buffer
	n.WriteTo(&buf)
	return safefile.WriteFile(path, buf.Bytes())
}

// lossPlot draws the training and validation loss per epoch.
func lossPlot(path string, stats []nnuetrain.EpochStats) error {
	var x, tr, va []float64
	for _, s := range stats {
		x = append(x, float64(s.Epoch))
		tr = append(tr, s.TrainLoss)
		va = append(va, s.ValidLoss)
	}
	return plot.Chart{
		Title: "NNUE training loss", XLabel: "epoch", YLabel: "mean squared error",
		Series: []plot.Series{{Name: "training", X: x, Y: tr}, {Name: "validation", X: x, Y: va}},
	}.WritePNG(path)
}
