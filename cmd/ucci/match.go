package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

const matchUsage = `usage: ucci match -engine SPEC -engine SPEC [...] [-games N] [-tc CONTROL] [-concurrency K]
                  [-openings FILE] [-pgn OUT.pgn] [-pgn-notation iccs|wxf|chinese] [-rules cxa|axf]
                  [-format gauntlet|roundrobin|berger|swiss|knockout|double|groups] [-rounds N]
                  [-team NAME=ENGINE,...] [-crosstable FILE] [-resume] ...
                  [-broker nats://HOST:4222|embedded [-key FILE] [-resume RUN]]
                  [-serve 127.0.0.1:8081 [-serve-token TOKEN] [-serve-host NAME ...]]
       ucci match openings -pgn GAMES.pgn [-out FILE] ...   (see ucci match openings -h)
       ucci match status -broker nats://HOST:4222 [-run RUN] (the runs on a broker)

SPEC is a path, or "cmd=PATH [name=NAME] [proto=ucci|uci|uci-fsf|auto] [option.NAME=VALUE ...]
[arg=ARG ...] [dir=DIR] [units=ms|s] [ponder=true]" quoted as one argument. proto=uci is the
Pikafish convention (ranks 0-9), proto=uci-fsf Fairy-Stockfish's (UCI_Variant xiangqi, ranks 1-10).`

const matchOpeningsUsage = `usage: ucci match openings -pgn GAMES.pgn [-out FILE] [-n 200] [-min-ply 6] [-max-ply 10] ...
       ucci match openings -engine SPEC [-exclude GAMES.pgn ...] [-out FILE] [-n 100] [-seed S] ...
  chooses balanced opening positions from master games and writes an openings file;
  with -engine, plays lines of that engine's best moves chosen at random instead
  (a set no game collection chose: -exclude drops every position of the games given,
  and the built-in set's positions are always dropped)`

// engineFlags collects repeated -engine flags.
type engineFlags []engineproc.EngineSpec

func (e *engineFlags) String() string { return fmt.Sprint(len(*e), " engines") }

func (e *engineFlags) Set(s string) error {
	spec, err := engineproc.ParseEngineSpec(s)
	if err != nil {
		return err
	}
	*e = append(*e, spec)
	return nil
}

// runMatch implements `ucci match` (`ucci match openings` is its
// subcommand in the command table).
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("match", matchUsage, stderr)
	var engines engineFlags
	fs.Var(&engines, "engine", "an engine SPEC (repeat; the first one meets the others in a gauntlet)")
	games := fs.Int("games", 2, "games of each pairing")
	tc := fs.String("tc", "10+0.1", "time control: [MOVES/]SECONDS[+INC][:...], e.g. 10+0.1 or 40/5400:10/900, or a name such as CXA-6.1")
	tcRed := fs.String("tc-red", "", "Red's time control (default -tc)")
	tcBlack := fs.String("tc-black", "", "Black's time control (default -tc)")
	moveCap := fs.String("movecap", "", "longest time for any single move, in seconds")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "", "openings: one FEN per line (';' comments) or PGN games (default: the built-in balanced set)")
	seed := fs.Uint64("seed", 0, "shuffle the openings with this seed (0: file order); an event draws its lots from it too (round-robin numbers, knockout colours and deciders, playoffs)")
	pgnOut := fs.String("pgn", "", "write the games to this PGN file")
	pgnNotation := fs.String("pgn-notation", "iccs", "move text of the PGN: iccs (H2-E2), wxf (C2.5) or chinese (炮二平五, written in GBK as XQWizard reads it)")
	rulesName := fs.String("rules", "cxa", "repetition rules: cxa (Chinese 1999) or axf (Asian)")
	formatName := fs.String("format", "gauntlet", "gauntlet, roundrobin, or an event: berger (round robin by the Berger table), swiss, knockout, double (elimination) or groups (then a final)")
	ev := addEventFlags(fs)
	natural := fs.Int("naturallimit", engine.DefaultNaturalLimit, "natural-move limit in plies (0 = off)")
	folds := fs.Int("folds", 3, "occurrences of a position that trigger the repetition rules")
	maxPlies := fs.Int("maxplies", 0, "adjudicate a draw after this many plies (0 = never)")
	banMoves := fs.Bool("banmoves", true, "warn UCCI engines with banmoves of moves that would lose by a perpetual one cycle later, as the UCCI league does")
	resign := fs.String("resign", "off", "resign adjudication SCORE,MOVES (both engines' scores agree for MOVES moves each), or off")
	draw := fs.String("draw", "off", "draw adjudication SCORE,MOVES,AFTER (|score| <= SCORE for MOVES moves each, after move AFTER), or off")
	grace := fs.Int("grace", 200, "ms a move may come after the flag fell (after stop) and still count (0 = none)")
	sprt := fs.String("sprt", "", "stop on an SPRT decision: elo0,elo1,alpha,beta (two engines)")
	penta := fs.Bool("sprt-pentanomial", false, "SPRT on game pairs (pentanomial) instead of games (trinomial)")
	prior := fs.String("sprt-prior", "", "counts of earlier sittings of the same SPRT, taken with this match's: W,D,L, or with -sprt-pentanomial the game pairs N0,N1,N2,N3,N4")
	logFile := fs.String("log", "", "write the engine traffic to this file")
	handshake := fs.Duration("handshake", 10*time.Second, "timeout for ucciok/uciok and readyok")
	restart := fs.Bool("restart", false, "start fresh engine processes for every game")
	event := fs.String("event", "", "PGN Event tag")
	site := fs.String("site", "", "PGN Site tag")
	quiet := fs.Bool("quiet", false, "no progress output")
	tbDir := fs.String("tb", "", "endgame tables (a directory of ucci tb build): a game ends with their result once its position is in them")
	bf := addBrokerFlags(fs, roleCoordinator)
	sf := addServeFlags(fs)
	if code, ok := cliflags.Parse(fs, joinResumeRun(args)); !ok {
		return code
	}
	fail := func(format string, a ...any) int { return cliflags.Bad(fs, format, a...) }
	if fs.NArg() != 0 {
		return fail("unexpected argument %s", quote.Input(fs.Arg(0)))
	}
	if ev.resume.run != "" && *bf.url == "" {
		return fail("-resume RUN goes on with a run on a broker: give its -broker")
	}
	if ev.resume.event() && *bf.url != "" {
		return fail("-resume with -broker needs the run id: -resume RUN")
	}
	if len(engines) < 2 && len(ev.teams) == 0 {
		return fail("at least two -engine flags are needed")
	}
	if *tbDir != "" && *bf.url != "" {
		return fail("-tb adjudicates local games only: the broker's workers have no tables; leave out -tb or -broker")
	}
	if err := cliflags.FirstError(
		cliflags.IntIn("games", *games, 1, 1_000_000),
		cliflags.IntIn("concurrency", *concurrency, 1, 1024),
		cliflags.IntIn("grace", *grace, 0, 60_000),
		cliflags.IntIn("maxplies", *maxPlies, 0, 1_000_000),
		cliflags.IntIn("naturallimit", *natural, 0, maxNaturalLimit),
		cliflags.IntIn("folds", *folds, minFolds, maxFolds),
		cliflags.DurationAbove("handshake", *handshake, 0),
		writableFile("pgn", *pgnOut),
		writableFile("log", *logFile),
		sf.check(),
	); err != nil {
		return fail("%v", err)
	}
	cfg := match.Config{
		Engines:          engines,
		Games:            *games,
		Concurrency:      *concurrency,
		Folds:            *folds,
		MaxPlies:         *maxPlies,
		NoBanMoves:       !*banMoves,
		Grace:            time.Duration(*grace) * time.Millisecond,
		HandshakeTimeout: *handshake,
		Restart:          *restart,
		Event:            *event,
		Site:             *site,
	}
	// The flags' 0 turns a setting off (their defaults are spelled out);
	// in match.Config 0 is the default and Off turns it off.
	if *grace == 0 {
		cfg.Grace = match.Off
	}
	cfg.NaturalLimit = *natural
	if *natural == 0 {
		cfg.NaturalLimit = match.Off
	}
	var err error
	if cfg.Control, err = parseControls(*tc, *tcRed, *tcBlack, *moveCap); err != nil {
		return fail("%v", err)
	}
	if cfg.Rules, err = engine.ParseRuleSet(*rulesName); err != nil {
		return fail("%v", err)
	}
	if cfg.Format, err = match.ParseFormat(*formatName); err != nil {
		return fail("%v", err)
	}
	if *tbDir != "" {
		ts, code := loadMatchTables(*tbDir, stderr)
		if ts == nil {
			return code
		}
		defer ts.Close()
		cfg.Tablebases = ts
	}
	if err := ev.apply(&cfg, *pgnOut); err != nil {
		if refused(err, stderr) {
			return 2
		}
		return fail("%v", err)
	}
	// No output may be an input; the PGN a resumed event appends to is read
	// as the event's record, and written on, not replaced.
	outputs := append(append(safefile.Names("-pgn", *pgnOut), safefile.Names("-log", *logFile)...), safefile.Names("-crosstable", *ev.crosstable)...)
	if err := safefile.CheckOutputs(outputs, append(safefile.Names("-openings", *openings), enginePrograms(cfg.Engines)...)); err != nil {
		return fail("%v", err)
	}
	if cfg.PGNOptions.Notation, err = pgn.ParseNotation(*pgnNotation); err != nil {
		return fail("-pgn-notation: %v", err)
	}
	cfg.PGNOptions.GBK = cfg.PGNOptions.Notation == pgn.Chinese
	if err := cfg.Adjudication.ParseResign(*resign); err != nil {
		return fail("%v", err)
	}
	if err := cfg.Adjudication.ParseDraw(*draw); err != nil {
		return fail("%v", err)
	}
	if *sprt != "" {
		if cfg.Format.IsEvent() {
			return fail("-sprt stops a gauntlet or round robin of two engines, not an event (%s)", cfg.Format)
		}
		t, err := match.ParseSPRT(*sprt)
		if err != nil {
			return fail("%v", err)
		}
		t.Pentanomial = *penta
		if *prior != "" {
			if t.Prior, err = match.ParseSPRTPrior(*prior, *penta); err != nil {
				return fail("%v", err)
			}
		}
		cfg.SPRT = &t
	} else if *prior != "" {
		return fail("-sprt-prior goes on with an SPRT: give its -sprt")
	}
	ops, err := loadOpenings(*openings)
	if err != nil {
		return fail("%v", err)
	}
	cfg.Openings = match.ShuffleOpenings(ops, *seed)
	cfg.EventOptions.Seed = *seed // the event's lots
	if cfg.EventOptions.Resume != nil && refused(match.CheckResume(cfg), stderr) {
		return 2
	}

	closers, err := openOutputs(&cfg, *pgnOut, *logFile, ev.resume.event())
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	if err != nil {
		return fail("%v", err)
	}
	if *bf.url != "" && !concurrencySet(fs) {
		cfg.Concurrency = defaultRemotePairs
	}
	var progress *match.Progress
	if !*quiet {
		progress = match.NewProgress(stderr, isTerminal(stderr))
		cfg.OnGame = progress.Update
		defer progress.Done()
		fmt.Fprintln(stderr, matchHeader(&cfg))
		if cfg.Format.IsEvent() {
			cfg.EventOptions.OnRound = roundPrinter(stderr)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *sf.addr != "" {
		live, err := startLive(sf, &cfg, stdout, stderr)
		if err != nil {
			return fail("%v", err)
		}
		defer live.waitAndClose(ctx, stderr)
	}
	var res *match.Result
	var coord *broker.Coordinator
	if *bf.url != "" {
		var closeRemote func()
		var code int
		coord, closeRemote, code = useBroker(ctx, &cfg, bf, remoteOptions{resume: ev.resume.run}, stderr)
		if code != 0 {
			return code
		}
		defer closeRemote()
		if progress != nil {
			progress.Live = coord.Live
		}
		defer func() {
			coord.Finish(res, err)
			bf.runFinished = res != nil && !res.Interrupted && err == nil
			if res != nil && res.Interrupted {
				fmt.Fprintf(stderr, "match: run %s stopped; go on with it by the same command with -resume %s\n", coord.Run(), coord.Run())
			}
		}()
	}
	res, err = match.Run(ctx, cfg)
	if res != nil {
		if progress != nil {
			fmt.Fprintln(stderr)
		}
		res.WriteReport(stdout)
		if coord != nil {
			coord.WriteReport(stdout)
		}
		if err := writeCrosstable(res, *ev.crosstable); err != nil {
			fmt.Fprintf(stderr, "match: crosstable: %v\n", err)
			return 1
		}
	}
	switch {
	case refused(err, stderr):
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "match: %v\n", err)
		return 1
	case res.Interrupted:
		return 130
	}
	return 0
}

// refused tells whether err is a resume refused (the event's PGN does not
// resume it), and then says why on stderr.
func refused(err error, stderr io.Writer) bool {
	var re *match.ResumeError
	if !errors.As(err, &re) {
		return false
	}
	fmt.Fprintf(stderr, "match: %v\n", err)
	return true
}

// parseControls builds the time control from -tc, -tc-red, -tc-black and
// -movecap.
func parseControls(tc, red, black, moveCap string) (timeman.Control, error) {
	ctl, err := timeman.Parse(tc)
	if err != nil {
		return ctl, err
	}
	if red != "" {
		c, err := timeman.Parse(red)
		if err != nil {
			return ctl, err
		}
		ctl.Red = c.Red
	}
	if black != "" {
		c, err := timeman.Parse(black)
		if err != nil {
			return ctl, err
		}
		ctl.Black = c.Black
	}
	if moveCap != "" {
		d, err := timeman.ParseSeconds(moveCap)
		if err != nil || d <= 0 {
			return ctl, fmt.Errorf("bad -movecap %q", moveCap)
		}
		ctl.Red.MoveCap, ctl.Black.MoveCap = d, d
	}
	return ctl, nil
}

// loadOpenings reads the openings file, or the built-in set for "".
func loadOpenings(path string) ([]match.Opening, error) {
	if path == "" {
		return match.DefaultOpenings()
	}
	return match.LoadOpenings(path)
}

// openOutputs opens the PGN and log files: new versions that take the
// old files' place at their first write (safefile.CreateLive), so that a
// match that stops before it writes anything leaves them as they were.
// A resumed event appends to its PGN instead.
func openOutputs(cfg *match.Config, pgnPath, logPath string, resume bool) ([]io.Closer, error) {
	var closers []io.Closer
	for _, o := range []struct {
		path string
		dst  *io.Writer
	}{{pgnPath, &cfg.PGN}, {logPath, &cfg.Log}} {
		if o.path == "" {
			continue
		}
		if resume && o.dst == &cfg.PGN {
			f, err := safefile.OpenAppend(o.path)
			if err != nil {
				return closers, err
			}
			closers = append(closers, f)
			*o.dst = f
			continue
		}
		f, err := safefile.CreateLive(o.path)
		if err != nil {
			return closers, err
		}
		closers = append(closers, f)
		*o.dst = f
	}
	return closers, nil
}

// isTerminal tells whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// runMatchOpenings implements `ucci match openings`: it chooses balanced
// opening positions from master games and writes an openings file.
func runMatchOpenings(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("match openings", matchOpeningsUsage, stderr)
	in := fs.String("pgn", "", "PGN file of games with results (required)")
	out := fs.String("out", "", "openings file to write (default: standard output)")
	o := match.GenOptions{Count: 200, MinPly: 6, MaxPly: 10, MinGames: 20, MaxDeviation: 0.06, MaxDrawRate: 0.6, PerFamily: 4}
	cliflags.Define(fs,
		cliflags.Row{Name: "n", Value: &o.Count, Usage: "number of positions"},
		cliflags.Row{Name: "min-ply", Value: &o.MinPly, Usage: "shallowest position, in plies"},
		cliflags.Row{Name: "max-ply", Value: &o.MaxPly, Usage: "deepest position, in plies"},
		cliflags.Row{Name: "min-games", Value: &o.MinGames, Usage: "games that must have reached a position"},
		cliflags.Row{Name: "deviation", Value: &o.MaxDeviation, Usage: "largest difference of Red's score from its average"},
		cliflags.Row{Name: "max-draws", Value: &o.MaxDrawRate, Usage: "largest share of drawn games"},
		cliflags.Row{Name: "per-family", Value: &o.PerFamily, Usage: "most positions below one position at -min-ply"})
	credit := fs.String("credit", "", "attribution line for the source games, written into the header")
	var sampler engineFlags
	fs.Var(&sampler, "engine", "sample: the engine SPEC whose best moves make the lines (instead of -pgn)")
	var excludes stringList
	fs.Var(&excludes, "exclude", "sample: drop every position of the games of this PGN file (repeat)")
	so := match.SampleOptions{Depth: 10, MultiPV: 5, Margin: 40, FinalDepth: 14, Balance: 50, Seed: 1}
	cliflags.Define(fs,
		cliflags.Row{Name: "depth", Value: &so.Depth, Usage: "sample: depth of the search before each move"},
		cliflags.Row{Name: "multipv", Value: &so.MultiPV, Usage: "sample: the engine's best moves that are candidates"},
		cliflags.Row{Name: "margin", Value: &so.Margin, Usage: "sample: largest loss of a candidate against the best move, centipawns"},
		cliflags.Row{Name: "final-depth", Value: &so.FinalDepth, Usage: "sample: depth of the search that judges a position"},
		cliflags.Row{Name: "balance", Value: &so.Balance, Usage: "sample: largest absolute score of a position kept, centipawns"},
		cliflags.Row{Name: "seed", Value: &so.Seed, Usage: "sample: seed of the random choices"})
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if len(sampler) > 0 {
		return sampleOpenings(fs, args, sampler, excludes, so, *out, stdout, stderr)
	}
	switch {
	case fs.NArg() != 0:
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	case *in == "":
		return cliflags.Bad(fs, "-pgn GAMES.pgn is required")
	}
	if err := cliflags.FirstError(
		cliflags.IntIn("n", o.Count, 1, 1_000_000),
		cliflags.IntIn("min-ply", o.MinPly, 0, 1000),
		cliflags.IntIn("max-ply", o.MaxPly, o.MinPly, 1000),
		cliflags.IntIn("min-games", o.MinGames, 1, cliflags.MaxInt),
		cliflags.FloatIn("deviation", o.MaxDeviation, 0, 1),
		cliflags.FloatIn("max-draws", o.MaxDrawRate, 0, 1),
		cliflags.IntIn("per-family", o.PerFamily, 1, cliflags.MaxInt),
		writableFile("out", *out),
		safefile.CheckOutputs(safefile.Names("-out", *out), safefile.Names("-pgn", *in)),
	); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	return writeChosen("match openings", *in, *out, *credit, stdout, stderr, func(games io.Reader) (string, func(io.Writer, string) error, string, error) {
		ps, rep, err := match.GenerateOpenings(games, *in, o)
		header := fmt.Sprintf("%d positions %d-%d plies into the games of %s\n"+
			"(%d games, Red scored %.1f%%; %d positions reached in >= %d games, %d of them balanced).\n"+
			"Chosen by: ucci match openings %s\n"+
			"Each line: FEN ; ECCO, the moves that first reached it, Red's results +W =D -L there.",
			len(ps), o.MinPly, o.MaxPly, baseName(*in), rep.Games, 100*rep.RedScore, rep.Candidates, o.MinGames, rep.Balanced,
			shellJoin(args))
		write := func(w io.Writer, header string) error { return match.WriteOpenings(w, header, ps) }
		return header, write, fmt.Sprintf("%d positions from %d games (%d skipped)", len(ps), rep.Games, rep.Skipped), err
	})
}

// sampleOpenings implements `ucci match openings -engine SPEC`: opening
// lines of the engine's best moves chosen at random, balanced and new.
func sampleOpenings(fs *flag.FlagSet, args []string, specs engineFlags, excludes []string, so match.SampleOptions, out string, stdout, stderr io.Writer) int {
	n, _ := strconv.Atoi(fs.Lookup("n").Value.String())
	so.Count = n
	so.MinPly, _ = strconv.Atoi(fs.Lookup("min-ply").Value.String())
	so.MaxPly, _ = strconv.Atoi(fs.Lookup("max-ply").Value.String())
	if !cliflags.Given(fs, "n") {
		so.Count = 100
	}
	if !cliflags.Given(fs, "min-ply") {
		so.MinPly = 8
	}
	if !cliflags.Given(fs, "max-ply") {
		so.MaxPly = max(10, so.MinPly)
	}
	switch {
	case fs.NArg() != 0:
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	case len(specs) != 1:
		return cliflags.Bad(fs, "-engine is given once")
	case cliflags.Given(fs, "pgn"):
		return cliflags.Bad(fs, "-pgn and -engine exclude each other (use -exclude for games whose positions to drop)")
	}
	checks := []error{
		cliflags.IntIn("n", so.Count, 1, 100_000),
		cliflags.IntIn("min-ply", so.MinPly, 1, 200),
		cliflags.IntIn("max-ply", so.MaxPly, so.MinPly, 200),
		cliflags.IntIn("depth", so.Depth, 1, 60),
		cliflags.IntIn("multipv", so.MultiPV, 1, 64),
		cliflags.IntIn("margin", so.Margin, 0, 10_000),
		cliflags.IntIn("final-depth", so.FinalDepth, 1, 60),
		cliflags.IntIn("balance", so.Balance, 0, 10_000),
		writableFile("out", out),
	}
	for _, x := range excludes {
		checks = append(checks, readableFile("exclude", x))
	}
	checks = append(checks, safefile.CheckOutputs(safefile.Names("-out", out), append(safefile.Names("-exclude", excludes...), enginePrograms(specs)...)))
	if err := cliflags.FirstError(checks...); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	excluded := map[uint64]bool{}
	for _, x := range excludes {
		f, _, err := safefile.Open(x)
		if err != nil {
			fmt.Fprintf(stderr, "match openings: %v\n", err)
			return 1
		}
		keys, err := match.GamePositions(f, x, 1000)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "match openings: %s: %v\n", x, err)
			return 1
		}
		for k := range keys {
			excluded[k] = true
		}
	}
	builtin, err := match.DefaultOpenings()
	if err != nil {
		fmt.Fprintf(stderr, "match openings: %v\n", err)
		return 1
	}
	for _, op := range builtin {
		if pos, err := engine.NewPosition(op.FEN); err == nil {
			excluded[min(pos.Key(), pos.MirroredKey())] = true
		}
	}
	so.Exclude = func(k uint64) bool { return excluded[k] }
	so.Progress = func(kept, tried int) {
		fmt.Fprintf(stderr, "match openings: %d positions kept of %d lines\n", kept, tried)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	eng, err := engineproc.OpenEngine(ctx, specs[0], 30*time.Second)
	if err != nil {
		fmt.Fprintf(stderr, "match openings: %v\n", err)
		return 1
	}
	defer eng.Close()
	ps, err := match.SampleOpenings(ctx, eng, so)
	if err != nil {
		fmt.Fprintf(stderr, "match openings: %v\n", err)
		return 1
	}
	header := fmt.Sprintf("%d positions %d-%d plies from the start, each move drawn among the %d best of %s at depth %d\n"+
		"within %d cp of the best; kept when new, within %d cp at depth %d, and in none of: the built-in set%s.\n"+
		"Chosen by: ucci match openings %s\n"+
		"Each line: FEN ; the moves from the start, the judging score (Red's view).",
		len(ps), so.MinPly, so.MaxPly, so.MultiPV, eng.Name(), so.Depth, so.Margin, so.Balance, so.FinalDepth,
		excludedNames(excludes), shellJoin(args))
	if err := writeOut(out, stdout, func(w io.Writer) error { return match.WriteSampledOpenings(w, header, ps) }); err != nil {
		fmt.Fprintf(stderr, "match openings: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "match openings: %d positions\n", len(ps))
	if len(ps) < so.Count {
		fmt.Fprintf(stderr, "match openings: only %d of %d positions found\n", len(ps), so.Count)
		return 1
	}
	return 0
}

// excludedNames lists the base names of the -exclude files after a comma.
func excludedNames(files []string) string {
	var b strings.Builder
	for _, f := range files {
		b.WriteString(", the games of " + baseName(f))
	}
	return b.String()
}

// shellJoin joins arguments for a shell, quoting those that need it.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "" || strings.ContainsAny(a, " \t\"'\\$`;&|<>()*?[]#~") {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// baseName returns the last element of a slash-separated path.
func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
