package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/engine/tbgen"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/paths"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
)

// runTBBuild implements `ucci tb build [-set NAME] [-out DIR] [MATERIAL...]`.
func runTBBuild(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tb build", "usage: ucci tb build [-set NAME] [-out DIR] [-workers N] [MATERIAL...]\n"+
		"  builds endgame tables by retrograde analysis, with the smaller tables they need;\n"+
		"  MATERIAL is in FEN letters, the attacking side first: KRK, KNKA, KRKAABB.\n"+
		"  A table already whole in DIR is kept, so a stopped build resumes.", stderr)
	set := fs.String("set", "", "a named set: "+strings.Join(tb.SetNames, ", ")+" (default: one, when no MATERIAL is given)")
	out := fs.String("out", tb.DefaultDir, "directory of the tables (created if missing)")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
	list := fs.Bool("list", false, "build nothing: list the tables the build would make, with their index entries and bytes on disk")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	var mats []tb.Material
	for _, a := range fs.Args() {
		m, err := tb.ParseMaterial(a)
		if err != nil {
			return cliflags.Bad(fs, "%v", err)
		}
		mats = append(mats, m)
	}
	if *set != "" || len(mats) == 0 {
		name := *set
		if name == "" {
			name = "one"
		}
		s, err := tb.Set(name)
		if err != nil {
			return cliflags.Bad(fs, "-set: %v", err)
		}
		mats = append(mats, s...)
	}
	if err := cliflags.IntIn("workers", *workers, 0, 256); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	if *list {
		listTables(stdout, tbgen.Plan(mats))
		return 0
	}
	dir := paths.Resolve(*out)
	if err := ensureDir(dir); err != nil {
		return cliflags.Bad(fs, "-out: %v", err)
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	b := &tbgen.Builder{Tables: tb.NewTables(), Workers: *workers}
	defer b.Tables.Close()
	b.Progress = func(m tb.Material, iter int, done, total int64) {
		fmt.Fprintf(stderr, "\r%s iteration %d: %d of %d resolved   ", m, iter, done, total)
	}
	fmt.Fprintf(w, "%-10s %12s %12s %12s %12s %8s %8s %12s\n", "table", "positions", "wins", "draws", "losses", "longest", "time", "bytes")
	var total int64
	start := time.Now()
	for _, m := range mats {
		err := b.Build(dir, m, func(r tbgen.Report) {
			fmt.Fprint(stderr, "\r\033[K")
			total += r.Size
			st := r.Stats
			if r.Existing {
				fmt.Fprintf(w, "%-10s %12s %12s %12s %12s %8d %8s %12d\n", st.Material, "(kept)", "", "", "", st.Longest, "", r.Size)
			} else {
				fmt.Fprintf(w, "%-10s %12d %12d %12d %12d %8d %8.1f %12d\n", st.Material, st.Positions, st.Wins, st.Draws, st.Losses, st.Longest, st.Time.Seconds(), r.Size)
			}
			w.Flush()
		})
		if err != nil {
			fmt.Fprintf(stderr, "\nucci tb build: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(w, "%d tables, %d bytes, %.1f s\n", b.Tables.Len(), total, time.Since(start).Seconds())
	return 0
}

// listTables prints the tables of a build plan with their index entries
// and file sizes, then the totals and the memory the largest needs while
// it is built (6 bytes an entry).
func listTables(stdout io.Writer, plan []tb.Material) {
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintf(w, "%-12s %14s %14s\n", "table", "entries", "bytes")
	var entries, bytes, largest int64
	for _, m := range plan {
		n := tb.NewLayout(m).Size()
		size := tb.FileSizeOf(m)
		fmt.Fprintf(w, "%-12s %14d %14d\n", m, n, size)
		entries += n
		bytes += size
		largest = max(largest, n)
	}
	fmt.Fprintf(w, "%d tables, %d entries, %d bytes; building the largest takes %d MB of memory\n",
		len(plan), entries, bytes, 6*largest>>20)
}

// ensureDir creates dir when it is missing; an existing one must be a directory.
func ensureDir(dir string) error {
	err := safefile.CheckDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	return err
}

// runTBProbe implements `ucci tb probe [-tb DIR] FEN`.
func runTBProbe(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tb probe", "usage: ucci tb probe [-tb DIR] FEN\n"+
		"  prints the value for the side to move (win N, draw or loss N, N the plies to\n"+
		"  conversion: a capture or the mate), then each legal move with its value", stderr)
	dir := fs.String("tb", tb.DefaultDir, "directory of the tables")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		return cliflags.Bad(fs, "a FEN is needed")
	}
	pos, err := engine.NewPosition(strings.Join(fs.Args(), " "))
	if err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	ts := tb.Load(paths.Resolve(*dir), func(s string) { fmt.Fprintln(stderr, s) })
	defer ts.Close()
	v, ok := pos.ProbeTB(ts)
	if !ok {
		fmt.Fprintf(stderr, "ucci tb probe: no table for %s in %s\n", quote.Input(pos.FEN()), quote.Input(*dir))
		return 1
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintln(w, v)
	type line struct {
		move string
		v    tb.Value
	}
	var lines []line
	var list engine.MoveList
	pos.GenerateLegalMoves(&list)
	for _, m := range list.Slice() {
		pos.MakeMove(m)
		cv, ok := pos.ProbeTB(ts)
		pos.UnmakeMove(m)
		if !ok {
			fmt.Fprintf(stderr, "ucci tb probe: no table after %s\n", m)
			return 1
		}
		lines = append(lines, line{m.String(), tb.AfterMove(cv, m.IsCapture())})
	}
	sort.SliceStable(lines, func(i, j int) bool { return tb.Better(lines[i].v, lines[j].v) })
	for _, l := range lines {
		fmt.Fprintf(w, "%s %s\n", l.move, l.v)
	}
	return 0
}

// runTBVerify implements `ucci tb verify [-tb DIR] [MATERIAL...]`.
func runTBVerify(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tb verify", "usage: ucci tb verify [-tb DIR] [MATERIAL...]\n"+
		"  checks every table of DIR (or those named) whole against its checksum, then\n"+
		"  against the rules and itself:\n"+
		"  each win has a move to a loss one ply shorter, each loss only moves to wins,\n"+
		"  each draw a move to a draw and none to a loss, and the losses in 0 are the\n"+
		"  positions without a legal move", stderr)
	dir := fs.String("tb", tb.DefaultDir, "directory of the tables")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	ts, mats, code := chosenTables(fs, *dir, stderr)
	if ts == nil {
		return code
	}
	defer ts.Close()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	status := 0
	for _, m := range mats {
		n, problems := tbgen.Verify(ts, m, 10)
		if len(problems) == 0 {
			fmt.Fprintf(w, "%s ok, %d positions\n", m, n)
			continue
		}
		status = 1
		fmt.Fprintf(w, "%s FAILED\n", m)
		for _, p := range problems {
			fmt.Fprintf(w, "  %s\n", p)
		}
	}
	return status
}

// loadMatchTables loads the tables of match -tb: every problem is
// reported, and a directory without a usable table stops the match
// (exit status 2).
func loadMatchTables(dir string, stderr io.Writer) (*tb.Tables, int) {
	ts := tb.Load(paths.Resolve(dir), func(s string) { fmt.Fprintln(stderr, "match -tb: "+s) })
	if ts.Len() == 0 {
		fmt.Fprintf(stderr, "match -tb: no table in %s\n", quote.Input(dir))
		return nil, 2
	}
	return ts, 0
}

// serveTables loads the tables of ucci serve -tb: nil when there are none
// (the default directory may be missing without a word; a problem with a
// table is reported on stderr and the table skipped).
func serveTables(dir string, stderr io.Writer) *tb.Tables {
	resolved := paths.Resolve(dir)
	if _, err := os.Stat(resolved); errors.Is(err, fs.ErrNotExist) && dir == tb.DefaultDir {
		return nil
	}
	ts := tb.Load(resolved, func(s string) { fmt.Fprintln(stderr, "serve -tb: "+s) })
	if ts.Len() == 0 {
		return nil
	}
	return ts
}

// runTBCheck implements `ucci tb check [-tb DIR] [-n N] [-depth D] [-seed S] [MATERIAL...]`.
func runTBCheck(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tb check", "usage: ucci tb check [-tb DIR] [-n N] [-depth D] [-seed S] [MATERIAL...]\n"+
		"  searches N random positions of each table (or those named) to depth D with the\n"+
		"  engine alone (no tables) and counts where it disagrees with the table: a mate\n"+
		"  score the table denies, a move that changes the table's result", stderr)
	dir := fs.String("tb", tb.DefaultDir, "directory of the tables")
	n := fs.Int("n", 100, "positions per table")
	depth := fs.Int("depth", 8, "search depth")
	seed := fs.Uint64("seed", 1, "random seed of the sample")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if err := cliflags.FirstError(cliflags.IntIn("n", *n, 1, 1_000_000), cliflags.IntIn("depth", *depth, 1, 60)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	ts, mats, code := chosenTables(fs, *dir, stderr)
	if ts == nil {
		return code
	}
	defer ts.Close()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(*seed, 34))
	fmt.Fprintf(w, "%-10s %9s %8s %15s %12s\n", "table", "searched", "proved", "contradictions", "off-best")
	var total tbgen.CrossCheck
	status := 0
	for _, m := range mats {
		cc, err := tbgen.CrossCheckSearch(ts, m, *n, *depth, rng)
		if err != nil {
			fmt.Fprintf(stderr, "ucci tb check: %v\n", err)
			return 1
		}
		fmt.Fprintf(w, "%-10s %9d %8d %15d %12d\n", m, cc.Searched, cc.Proved, cc.Contradictions, cc.OffBest)
		for _, e := range cc.Examples {
			fmt.Fprintf(w, "  %s\n", e)
		}
		w.Flush()
		total.Searched += cc.Searched
		total.Proved += cc.Proved
		total.Contradictions += cc.Contradictions
		total.OffBest += cc.OffBest
		if cc.Contradictions+cc.OffBest > 0 {
			status = 1
		}
	}
	fmt.Fprintf(w, "%-10s %9d %8d %15d %12d\n", "total", total.Searched, total.Proved, total.Contradictions, total.OffBest)
	return status
}

// chosenTables loads the tables of dir for tb verify and tb check and
// picks the materials the command's arguments name (all when none). When
// a name is bad or there is no table it says so and returns nil tables and
// the exit status.
func chosenTables(fs *flag.FlagSet, dir string, stderr io.Writer) (*tb.Tables, []tb.Material, int) {
	ts := tb.Load(paths.Resolve(dir), func(s string) { fmt.Fprintln(stderr, s) })
	mats, err := chosenMaterials(ts, fs.Args())
	switch {
	case err != nil:
		ts.Close()
		return nil, nil, cliflags.Bad(fs, "%v", err)
	case len(mats) == 0:
		ts.Close()
		fmt.Fprintf(stderr, "ucci %s: no tables in %s\n", fs.Name(), quote.Input(dir))
		return nil, nil, 1
	}
	return ts, mats, 0
}

// chosenMaterials is the materials named by args, or every table of ts
// when there are none.
func chosenMaterials(ts *tb.Tables, args []string) ([]tb.Material, error) {
	if len(args) == 0 {
		return ts.Materials(), nil
	}
	mats := make([]tb.Material, 0, len(args))
	for _, a := range args {
		m, err := tb.ParseMaterial(a)
		if err != nil {
			return nil, err
		}
		mats = append(mats, m)
	}
	return mats, nil
}
