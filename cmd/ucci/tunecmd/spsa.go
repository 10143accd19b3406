package tunecmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/tuning/plot"
	"github.com/goxq/ucci/tuning/spsa"
)

const spsaUsage = `usage: ucci tune spsa [-engine BIN] [-params NAMES] [-iterations N] [-pairs N]
                      [-tc CONTROL] [-concurrency K] [-c-end F] [-r-end X] [-seed S]
                      [-openings FILE] [-out FILE] [-plot PNG] [-quiet]
                      [-broker nats://HOST:4222|embedded ...]

Tunes the search parameters of a tuning build (go build -tags tune; this
command must run in one too, to know the parameters) by SPSA: each iteration
plays -pairs game pairs of the engine with θ+cΔ against θ−cΔ, set through
its options. Writes "NAME VALUE" lines to -out and the value traces to -plot.
With -broker the mini-matches are played by the workers of a NATS broker
(ucci worker), one run per iteration; -concurrency is then the number of
game pairs handed out at once.`

// Broker plays the mini-matches of SPSA on the workers of a broker. The
// command that runs SPSA provides it, with the broker's flags.
type Broker interface {
	// Requested tells whether the flags ask for a broker.
	Requested() bool
	// Connect connects to the broker. Its play makes cfg, the match of one
	// iteration, play on the workers; finish records how that match ended.
	// closeAll ends the connection.
	Connect(stderr io.Writer) (play func(ctx context.Context, cfg *match.Config, iter int) (finish func(*match.Result, error), err error),
		closeAll func(), err error)
}

// spsaFlags holds the options of `ucci tune spsa`.
type spsaFlags struct {
	engine, names, tc, openings, out, plot string
	iterations, pairs, concurrency         int
	cEnd, rEnd                             float64
	seed                                   uint64
	quiet                                  bool
}

// SPSA implements `ucci tune spsa`, playing locally.
func SPSA(args []string, stdout, stderr io.Writer) int { return SPSAOn(args, stdout, stderr, nil) }

// SPSAOn implements `ucci tune spsa`; broker, if not nil, declares the
// broker's flags on the flag set and returns the Broker they select.
func SPSAOn(args []string, stdout, stderr io.Writer, broker func(*flag.FlagSet) Broker) int {
	f := spsaFlags{tc: "1+0.01", iterations: 100, pairs: 1, concurrency: 1, cEnd: 0.05, rEnd: 0.002, seed: 1}
	fs := cliflags.New("tune spsa", spsaUsage, stderr)
	var b Broker
	if broker != nil {
		b = broker(fs)
	}
	cliflags.Define(fs,
		cliflags.Row{Name: "engine", Value: &f.engine, Usage: "tuning build of the engine (default: this executable)"},
		cliflags.Row{Name: "params", Value: &f.names, Usage: "comma-separated parameters to tune (default: all)"},
		cliflags.Row{Name: "tc", Value: &f.tc, Usage: "time control of the games"},
		cliflags.Row{Name: "openings", Value: &f.openings, Usage: "openings file (default: the match runner's set)"},
		cliflags.Row{Name: "out", Value: &f.out, Usage: "file for the final values (empty: stdout only)"},
		cliflags.Row{Name: "plot", Value: &f.plot, Usage: "PNG file for the value traces"},
		cliflags.Row{Name: "iterations", Value: &f.iterations, Usage: "SPSA iterations"},
		cliflags.Row{Name: "pairs", Value: &f.pairs, Usage: "game pairs per iteration"},
		cliflags.Row{Name: "concurrency", Value: &f.concurrency, Usage: "games played at once"},
		cliflags.Row{Name: "c-end", Value: &f.cEnd, Usage: "final perturbation as a fraction of each range (at least 1)"},
		cliflags.Row{Name: "r-end", Value: &f.rEnd, Usage: "final learning rate"},
		cliflags.Row{Name: "seed", Value: &f.seed, Usage: "seed of the perturbations"})
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	f.quiet = *quiet
	if err := cliflags.FirstError(cliflags.Args(fs, 0, 0, ""), cliflags.IntIn("iterations", f.iterations, 1, cliflags.MaxInt), cliflags.IntIn("pairs", f.pairs, 1, cliflags.MaxInt),
		cliflags.IntIn("concurrency", f.concurrency, 1, cliflags.MaxInt), cliflags.FloatAbove("c-end", f.cEnd, 0),
		cliflags.FloatAbove("r-end", f.rEnd, 0)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	params, err := spsaParams(f.names, f.cEnd, f.rEnd)
	if err != nil {
		fmt.Fprintf(stderr, "tune spsa: %v\n", err)
		return 2
	}
	engineBin := f.engine
	if engineBin == "" {
		engineBin, _ = os.Executable()
	}
	if outputsRefused(stderr, "tune spsa", append(safefile.Names("-out", f.out), safefile.Names("-plot", f.plot)...),
		append(safefile.Names("-engine", engineBin), safefile.Names("-openings", f.openings)...)) {
		return 2
	}
	var remote func(ctx context.Context, cfg *match.Config, iter int) (func(*match.Result, error), error)
	if b != nil && b.Requested() {
		play, closeAll, err := b.Connect(stderr)
		if err != nil {
			fmt.Fprintf(stderr, "tune spsa: %v\n", err)
			return 2
		}
		defer closeAll()
		remote = play
	}
	if err := runSPSA(&f, params, remote, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tune spsa: %v\n", err)
		return 1
	}
	return 0
}

// spsaParams picks the tunable parameters by name.
func spsaParams(names string, cEnd, rEnd float64) ([]spsa.Param, error) {
	if len(engine.TunableParams) == 0 {
		return nil, fmt.Errorf("no tunable parameters: run a tuning build (go build -tags tune)")
	}
	want := map[string]bool{}
	for _, n := range strings.Split(names, ",") {
		if n = strings.TrimSpace(n); n != "" {
			want[strings.ToLower(n)] = true
		}
	}
	var out []spsa.Param
	for _, tp := range engine.TunableParams {
		if len(want) > 0 && !want[strings.ToLower(tp.Name)] {
			continue
		}
		delete(want, strings.ToLower(tp.Name))
		out = append(out, spsa.Param{Name: tp.Name, Value: float64(*tp.Value), Min: float64(tp.Min),
			Max: float64(tp.Max), CEnd: max(cEnd*float64(tp.Max-tp.Min), 1), REnd: rEnd})
	}
	for n := range want {
		return nil, fmt.Errorf("unknown parameter %q", n)
	}
	return out, nil
}

// runSPSA plays the iterations (on a broker when remote is set) and
// writes the results.
func runSPSA(f *spsaFlags, params []spsa.Param, remote func(context.Context, *match.Config, int) (func(*match.Result, error), error),
	stdout, stderr io.Writer) error {
	cmd := f.engine
	if cmd == "" {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		cmd = exe
	}
	ctl, err := timeman.Parse(f.tc)
	if err != nil {
		return err
	}
	openings, err := match.DefaultOpenings()
	if f.openings != "" {
		openings, err = match.LoadOpenings(f.openings)
	}
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	play := func(ctx context.Context, iter int, plus, minus []int) (spsa.Outcome, error) {
		ops := make([]match.Opening, f.pairs)
		for i := range ops {
			ops[i] = openings[((iter-1)*f.pairs+i)%len(openings)]
		}
		cfg := match.Config{
			Engines: []engineproc.EngineSpec{
				{Cmd: cmd, Name: "plus", Options: spsaOptions(params, plus)},
				{Cmd: cmd, Name: "minus", Options: spsaOptions(params, minus)},
			},
			Games: 2 * f.pairs, Control: ctl, Openings: ops, Concurrency: f.concurrency,
		}
		finish := func(*match.Result, error) {}
		if remote != nil {
			var err error
			if finish, err = remote(ctx, &cfg, iter); err != nil {
				return spsa.Outcome{}, err
			}
		}
		res, err := match.Run(ctx, cfg)
		finish(res, err)
		if err != nil {
			return spsa.Outcome{}, err
		}
		if res.Interrupted {
			return spsa.Outcome{}, context.Canceled
		}
		r := res.Pairings[0].Record
		return spsa.Outcome{Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}, nil
	}
	bar := newBar(stderr, int64(f.iterations), "spsa", false, f.quiet)
	start := time.Now()
	res, err := spsa.Run(ctx, spsa.Config{Params: params, Iterations: f.iterations, Seed: f.seed,
		OnIteration: func(s spsa.Step) {
			if bar != nil {
				bar.Describe(fmt.Sprintf("spsa (+%d =%d -%d)", s.Outcome.Wins, s.Outcome.Draws, s.Outcome.Losses))
			}
			barAdd(bar, 1)
		}}, play)
	barFinish(bar)
	if res == nil {
		return err
	}
	if err != nil {
		fmt.Fprintf(stderr, "tune spsa: stopped: %v (reporting the values so far)\n", err)
	}
	t := res.Total
	fmt.Fprintf(stdout, "iterations %d, games %d (θ+ +%d =%d -%d), %.0f s\n",
		len(res.Steps), t.Wins+t.Draws+t.Losses, t.Wins, t.Draws, t.Losses, time.Since(start).Seconds())
	var b strings.Builder
	for i, p := range params {
		fmt.Fprintf(&b, "%s %d\n", p.Name, res.Rounded[i])
		fmt.Fprintf(stdout, "%-20s %6g -> %6d (%.2f)\n", p.Name, p.Value, res.Rounded[i], res.Theta[i])
	}
	if f.out != "" {
		if werr := safefile.WriteFile(f.out, []byte(b.String())); werr != nil {
			return werr
		}
		fmt.Fprintf(stdout, "values written to %s\n", f.out)
	}
	if f.plot != "" && len(res.Steps) > 0 {
		if perr := spsaChart(params, res).WritePNG(f.plot); perr != nil {
			return perr
		}
		fmt.Fprintf(stdout, "traces: %s\n", f.plot)
	}
	return err
}

// spsaOptions turns values into engine options.
func spsaOptions(params []spsa.Param, v []int) []engineproc.Option {
	opts := make([]engineproc.Option, len(params))
	for i, p := range params {
		opts[i] = engineproc.Option{Name: p.Name, Value: strconv.Itoa(v[i])}
	}
	return opts
}

// spsaChart plots each parameter's value over the iterations, as a
// fraction of its range.
func spsaChart(params []spsa.Param, res *spsa.Result) plot.Chart {
	c := plot.Chart{Title: "SPSA: parameter values (fraction of range)", XLabel: "iteration", YLabel: "(value − min) / (max − min)"}
	for i, p := range params {
		s := plot.Series{Name: p.Name, X: []float64{0}, Y: []float64{(p.Value - p.Min) / (p.Max - p.Min)}}
		for _, st := range res.Steps {
			s.X = append(s.X, float64(st.Iter))
			s.Y = append(s.Y, (st.Theta[i]-p.Min)/(p.Max-p.Min))
		}
		c.Series = append(c.Series, s)
	}
	return c
}
