package tunecmd

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"time"

	"github.com/goxq/ucci/engine/nnue"
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
out for validation; -plot draws the loss per epoch.`

// NNUE implements `ucci tune nnue`.
func NNUE(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune nnue", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := nnuetrain.DefaultConfig()
	out := fs.String("out", "", "net file to write (required)")
	plotPath := fs.String("plot", "", "loss curve PNG to write")
	epochs := fs.Int("epochs", def.Epochs, "passes over the training positions")
	batch := fs.Int("batch", def.BatchSize, "positions per Adam step")
	lr := fs.Float64("lr", def.LR, "Adam step size of the first epoch")
	decay := fs.Float64("decay", def.LRDecay, "step size factor after each epoch")
	lambda := fs.Float64("lambda", def.Lambda, "weight of the search score in the target (rest: game result)")
	k := fs.Float64("k", def.K, "centipawn-to-result constant of the sigmoid")
	mirror := fs.Bool("mirror", def.Mirror, "train on each position or its mirror image, chosen at random each epoch")
	patience := fs.Int("patience", def.Patience, "stop after N epochs without a lower validation loss (0: run every epoch); the best epoch's net is written")
	valid := fs.Int("valid", 20, "hold out one block of records in N for validation (0: none)")
	initNet := fs.String("init", "", "start from this net instead of random weights")
	seed := fs.Uint64("seed", def.Seed, "seed of the initial weights, split and shuffles")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
	note := fs.String("note", "", "text added to the net's description (data credit, say)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	fs.Usage = func() {
		fmt.Fprintln(stderr, nnueUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() == 0 || *epochs < 1 || *batch < 1 || *lr <= 0 || *decay <= 0 || *lambda < 0 || *lambda > 1 ||
		*k <= 0 || *valid < 0 || *workers < 0 || *patience < 0 {
		fs.Usage()
		return 2
	}
	if *valid == 0 && *patience > 0 {
		fmt.Fprintln(stderr, "tune nnue: -patience stops on the validation loss: it needs a validation set (-valid N)")
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "tune nnue: %v\n", err)
		return 1
	}
	if outputsRefused(stderr, "tune nnue", append(named("-out", *out), named("-plot", *plotPath)...),
		append(named("", fs.Args()...), named("-init", *initNet)...)) {
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
	train, validation := nnuetrain.Split(recs, *valid, validBlock, *seed)
	hasValid := len(validation) > 0
	if hasValid {
		fmt.Fprintf(stdout, "%d files, %d positions: %d training, %d validation (read in %.1f s)\n",
			len(files), len(recs), len(train), len(validation), time.Since(start).Seconds())
	} else {
		fmt.Fprintf(stdout, "%d files, %d positions: %d training, no validation set (%s; read in %.1f s)\n",
			len(files), len(recs), len(train), noValidReason(*valid), time.Since(start).Seconds())
		if *patience > 0 {
			fmt.Fprintln(stdout, "no validation set: -patience is not used, every epoch runs")
		}
	}
	model := nnuetrain.NewModel(*seed)
	if *initNet != "" {
		n, err := nnue.Load(*initNet)
		if err != nil {
			return fail(err)
		}
		model = nnuetrain.FromNet(n)
	}
	cfg := def
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.LRDecay, cfg.Lambda, cfg.K, cfg.Workers, cfg.Seed = *epochs, *batch, *lr, *decay, *lambda, *k, *workers, *seed
	cfg.Mirror, cfg.Patience = *mirror, *patience
	if !*quiet && hasValid {
		fmt.Fprintf(stdout, "before training: validation loss %.6f\n", nnuetrain.Loss(model, validation, cfg))
	}
	bar := newBar(stderr, int64(*epochs), "epochs", false, *quiet)
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
	desc := fmt.Sprintf("ucci tune nnue: %d positions (%d training) from %d files; epoch %d of %d, batch %d, lr %g decay %g, lambda %g, K %g, mirror %v, seed %d; "+
		"%s; %s", len(recs), len(train), len(files), kept.Epoch, len(stats), *batch, *lr, *decay, *lambda, *k, *mirror, *seed, validText,
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
