package tunecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/tuning/datagen"
)

const datagenUsage = `usage: ucci tune datagen -out DIR [options]          self-play positions
       ucci tune datagen -out DIR [options] PGN...   positions of the games, relabelled

Writes training positions for the neural network evaluation (tuning/posfile
records: board, side to move, search score, game result) into DIR, one file
per chunk of games. Without PGN files the engine plays itself from the
built-in openings plus random plies, each move searched to -nodes; with PGN
files every position of every finished game is searched to -nodes (a file
that is not PGN is refused). An interrupted run started again with the same
flags checks every chunk it finds (size, record count, each record) and makes
only the chunks that are missing or damaged; the same flags always make the
same files.`

const datagenBrokerUsage = `
With -broker the chunks are made by the workers of a NATS broker (ucci
worker), each with the same ucci build (-binary, sent to them) and the same
flags, so the files are those of a local run; -workers is then the number
of chunks handed out at once.`

// DatagenBroker makes the chunks of `tune datagen` on the workers of a
// broker. The command that runs datagen provides it, with the broker's
// flags.
type DatagenBroker interface {
	// Requested tells whether the flags ask for a broker.
	Requested() bool
	// Connect connects to the broker and sets up the run whose workers
	// make each chunk with `tune datagen -make-chunk N args...` (the args
	// at the indices files name files, sent along). workers tells the
	// workers connected and their slots; closeAll ends the run and the
	// connection.
	Connect(stderr io.Writer, args []string, files []int) (remote datagen.Remote, workers func() (int, int), closeAll func(), err error)
}

// Datagen implements `ucci tune datagen`, locally.
func Datagen(args []string, stdout, stderr io.Writer) int {
	return DatagenOn(args, stdout, stderr, nil)
}

// DatagenOn implements `ucci tune datagen`; broker, if not nil, declares
// the broker's flags on the flag set and returns the DatagenBroker they
// select.
func DatagenOn(args []string, stdout, stderr io.Writer, broker func(*flag.FlagSet) DatagenBroker) int {
	usage := datagenUsage
	if broker != nil {
		usage += datagenBrokerUsage
	}
	fs := cliflags.New("tune datagen", usage+"\n", stderr)
	var b DatagenBroker
	if broker != nil {
		b = broker(fs)
	}
	sp, rl := datagen.DefaultSelfPlay(), datagen.DefaultRelabel()
	out := fs.String("out", "", "output directory (required)")
	games := fs.Int("games", 0, fmt.Sprintf("self-play games (0: %d); PGN: only the first N games (0: all)", sp.Games))
	nodes := fs.Uint64("nodes", sp.Nodes, "node budget of each search")
	seed := fs.Uint64("seed", sp.Seed, "seed of the openings and random plies")
	workers := cliflags.Workers(fs, "games played at once")
	chunk := fs.Int("chunk", 0, "games per file (0: 100 for self-play, 500 for PGN)")
	hash := fs.Int("hash", sp.HashMB, "table of each worker in MB")
	randMin := fs.Int("random-min", sp.RandomPliesMin, "random plies after the opening: at least")
	randMax := fs.Int("random-max", sp.RandomPliesMax, "random plies after the opening: at most")
	maxPlies := fs.Int("max-plies", sp.MaxPlies, "a self-play game this long is a draw")
	adjScore := fs.Int("adjudicate", sp.AdjudicateScore, "adjudicate a win when both sides' scores agree beyond CP (0: off)")
	adjPlies := fs.Int("adjudicate-plies", sp.AdjudicatePlies, "for this many plies in a row")
	skip := fs.Int("skip", rl.SkipPlies, "PGN: plies of each game not used")
	evalFile := fs.String("evalfile", nnue.DefaultEval, "evaluation of the searches: a network file, <embedded> or <classical>")
	quiet := cliflags.Quiet(fs)
	only := fs.Int("make-chunk", -1, "make only this chunk (numbered from 0; what a broker's worker does)")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if err := cliflags.FirstError(cliflags.Required("out", *out), cliflags.IntIn("games", *games, 0, cliflags.MaxInt),
		cliflags.NonZero("nodes", *nodes), cliflags.IntIn("workers", *workers, 0, cliflags.MaxInt), cliflags.IntIn("chunk", *chunk, 0, cliflags.MaxInt),
		cliflags.IntIn("hash", *hash, 1, cliflags.MaxInt), cliflags.IntIn("random-min", *randMin, 0, cliflags.MaxInt),
		cliflags.IntIn("random-max", *randMax, *randMin, cliflags.MaxInt), cliflags.IntIn("max-plies", *maxPlies, 1, cliflags.MaxInt),
		cliflags.IntIn("adjudicate", *adjScore, 0, cliflags.MaxInt), cliflags.IntIn("adjudicate-plies", *adjPlies, 1, cliflags.MaxInt),
		cliflags.IntIn("skip", *skip, 0, cliflags.MaxInt), cliflags.IntIn("make-chunk", *only, -1, cliflags.MaxInt)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	evalInput := safefile.Names("-evalfile", *evalFile)
	if !isFile(*evalFile) {
		evalInput = nil
	}
	if outputsRefused(stderr, "tune datagen", safefile.Names("-out", *out), append(safefile.Names("", fs.Args()...), evalInput...)) {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	var (
		st            datagen.Stats
		err           error
		total         int
		brokerWorkers func() (int, int) // nil when local
	)
	common := datagen.Config{Dir: *out, Seed: *seed, Nodes: *nodes, Workers: *workers, HashMB: *hash}
	if *only >= 0 {
		common.Only = []int{*only}
	}
	net, err := nnue.Open(*evalFile)
	if err != nil {
		fmt.Fprintf(stderr, "tune datagen: %v\n", err)
		return 2
	}
	if net != nil {
		common.Searcher = func(s *engine.Searcher) error {
			st := s.Settings()
			st.Net = net
			s.Configure(st)
			return nil
		}
	}
	if b != nil && b.Requested() {
		if *only >= 0 {
			fmt.Fprintln(stderr, "tune datagen: -make-chunk is a worker's, not a broker run's")
			return 2
		}
		wargs := []string{"-games", strconv.Itoa(*games), "-nodes", strconv.FormatUint(*nodes, 10),
			"-seed", strconv.FormatUint(*seed, 10), "-chunk", strconv.Itoa(*chunk), "-hash", strconv.Itoa(*hash),
			"-random-min", strconv.Itoa(*randMin), "-random-max", strconv.Itoa(*randMax), "-max-plies", strconv.Itoa(*maxPlies),
			"-adjudicate", strconv.Itoa(*adjScore), "-adjudicate-plies", strconv.Itoa(*adjPlies), "-skip", strconv.Itoa(*skip),
			"-evalfile", *evalFile}
		var files []int
		if isFile(*evalFile) {
			files = append(files, len(wargs)-1)
		}
		for _, f := range fs.Args() {
			files = append(files, len(wargs))
			wargs = append(wargs, f)
		}
		remote, workersOf, closeAll, err := b.Connect(stderr, wargs, files)
		if err != nil {
			fmt.Fprintf(stderr, "tune datagen: %v\n", err)
			return 2
		}
		defer closeAll()
		common.Remote, common.Workers, brokerWorkers = remote, pick(*workers, 64), workersOf
	}
	if fs.NArg() == 0 {
		sp.Config, sp.Games = common, pick(*games, sp.Games)
		sp.ChunkGames = pick(*chunk, 100)
		sp.RandomPliesMin, sp.RandomPliesMax, sp.MaxPlies = *randMin, *randMax, *maxPlies
		sp.AdjudicateScore, sp.AdjudicatePlies = *adjScore, *adjPlies
		total = (sp.Games + sp.ChunkGames - 1) / sp.ChunkGames * sp.ChunkGames
		bar := newBar(stderr, int64(total), "self-play games", false, *quiet)
		sp.Progress = progress(bar, "self-play games", brokerWorkers)
		st, err = datagen.SelfPlay(ctx, sp)
		barFinish(bar)
	} else {
		rl.Config, rl.Files, rl.SkipPlies, rl.Games = common, fs.Args(), *skip, *games
		rl.ChunkGames = pick(*chunk, 500)
		bar := newBar(stderr, -1, "games relabelled", false, *quiet)
		rl.Progress = progress(bar, "games relabelled", brokerWorkers)
		st, err = datagen.Relabel(ctx, rl)
		barFinish(bar)
	}
	for _, d := range st.Damaged {
		fmt.Fprintf(stderr, "tune datagen: a damaged chunk, made again: %s\n", d)
	}
	fmt.Fprintf(stdout, "chunks made %d, found complete %d, found damaged %d; games %d, positions %d, %.0f s\n",
		st.Chunks, st.Skipped, len(st.Damaged), st.Games, st.Positions, time.Since(start).Seconds())
	if err != nil {
		fmt.Fprintf(stderr, "tune datagen: %v\n", err)
		return 1
	}
	return 0
}

// progress returns the progress callback of a run: it moves bar on by
// the games of each chunk and, on a broker (workers not nil), shows the
// workers connected in its description.
func progress(bar *progressbar.ProgressBar, desc string, workers func() (int, int)) func(games, positions int) {
	return func(g, _ int) {
		if bar != nil && workers != nil {
			w, slots := workers()
			bar.Describe(fmt.Sprintf("%s (%d workers, %d slots)", desc, w, slots))
		}
		barAdd(bar, int64(g))
	}
}

// isFile tells whether path names a regular file.
func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// pick returns v, or def when v is 0.
func pick(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
