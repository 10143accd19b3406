package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/paths"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
)

// defaultTBDir is where the engine and the tb commands look for tables:
// beside the executable (bin/tablebases, where `make tb` builds them).
const defaultTBDir = "tablebases"

// runTBBuild implements `ucci tb build [-set NAME] [-out DIR] [MATERIAL...]`.
func runTBBuild(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("tb build", "usage: ucci tb build [-set NAME] [-out DIR] [-workers N] [MATERIAL...]\n"+
		"  builds endgame tables by retrograde analysis, with the smaller tables they need;\n"+
		"  MATERIAL is in FEN letters, the attacking side first: KRK, KNKA, KRKAABB.\n"+
		"  A table already whole in DIR is kept, so a stopped build resumes.", stderr)
	set := fs.String("set", "", "a named set: "+strings.Join(tb.SetNames, ", ")+" (default: one, when no MATERIAL is given)")
	out := fs.String("out", defaultTBDir, "directory of the tables (created if missing)")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
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
	dir := paths.Resolve(*out)
	if err := ensureDir(dir); err != nil {
		return cliflags.Bad(fs, "-out: %v", err)
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	b := &tb.Builder{Tables: tb.NewTables(), Workers: *workers}
	defer b.Tables.Close()
	b.Progress = func(m tb.Material, iter int, done, total int64) {
		fmt.Fprintf(stderr, "\r%s iteration %d: %d of %d resolved   ", m, iter, done, total)
	}
	fmt.Fprintf(w, "%-10s %12s %12s %12s %12s %8s %8s %12s\n", "table", "positions", "wins", "draws", "losses", "longest", "time", "bytes")
	var total int64
	start := time.Now()
	for _, m := range mats {
		err := b.Build(dir, m, func(r tb.Report) {
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
	dir := fs.String("tb", defaultTBDir, "directory of the tables")
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
	v, ok := ts.Probe(pos)
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
		cv, ok := ts.Probe(pos)
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
		"  checks every table of DIR (or those named) against the rules and itself:\n"+
		"  each win has a move to a loss one ply shorter, each loss only moves to wins,\n"+
		"  each draw a move to a draw and none to a loss, and the losses in 0 are the\n"+
		"  positions without a legal move", stderr)
	dir := fs.String("tb", defaultTBDir, "directory of the tables")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	ts := tb.Load(paths.Resolve(*dir), func(s string) { fmt.Fprintln(stderr, s) })
	defer ts.Close()
	mats := ts.Materials()
	if fs.NArg() > 0 {
		mats = mats[:0]
		for _, a := range fs.Args() {
			m, err := tb.ParseMaterial(a)
			if err != nil {
				return cliflags.Bad(fs, "%v", err)
			}
			mats = append(mats, m)
		}
	}
	if len(mats) == 0 {
		fmt.Fprintf(stderr, "ucci tb verify: no tables in %s\n", quote.Input(*dir))
		return 1
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	status := 0
	for _, m := range mats {
		n, problems := ts.Verify(m, 10)
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
