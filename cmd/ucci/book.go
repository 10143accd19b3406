package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/pgn"
)

// The usages of book build and book probe: the synopsis and what the
// command does; the flags follow.
const (
	bookBuildUsage = `usage: ucci book build -out FILE [-plies N] [-min-games K] [-min-score S] [-quiet] GAMES...
  builds an opening book from PGN files or directories of them (ICCS, WXF or Chinese notation;
  UTF-8, GBK or Big5): every position of the first N plies of each game with the moves played
  there, their games and scores. -out is written whole through a temporary file and must not be
  one of the inputs; an existing -out must be a book. Flags:`
	bookProbeUsage = `usage: ucci book probe [-fen FEN] [-moves MOVES] [-book FILES]
  prints the book moves of a position (the FEN after MOVES) with their weights, games and
  scores, from the built-in book or the -book files. Flags:`
)

// progressMinBytes is the input size from which build shows a progress bar.
const progressMinBytes = 1 << 20

// runBookBuild reads PGN files (or directories of them) and writes a book.
func runBookBuild(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("book build", bookBuildUsage, stderr)
	out := fs.String("out", "", "book file to write (required)")
	plies := fs.Int("plies", 30, "read the first N plies of each game")
	minGames := fs.Int("min-games", 2, "keep a move played in at least K games")
	minScore := fs.Float64("min-score", 0.3, "keep a move whose games scored at least S for its side (0-1)")
	quiet := cliflags.Quiet(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if err := cliflags.FirstError(cliflags.Args(fs, 1, cliflags.MaxInt, "PGN file or directory"), cliflags.Required("out", *out), cliflags.IntIn("plies", *plies, 1, cliflags.MaxInt),
		cliflags.IntIn("min-games", *minGames, 1, cliflags.MaxInt), cliflags.FloatIn("min-score", *minScore, 0, 1)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	files, total, err := pgnFiles(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "book build: %v\n", err)
		return 1
	}
	if err := checkOutput(*out, files, fs.Args()); err != nil {
		fmt.Fprintf(stderr, "book build: %v\n", err)
		return 2
	}
	start := time.Now()
	var bar *progressbar.ProgressBar
	if !*quiet && total >= progressMinBytes {
		bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("reading games"),
			progressbar.OptionShowBytes(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(stderr) }))
	}
	b := book.NewBuilder(*plies)
	var st buildStats
	for _, name := range files {
		if err := addFile(b, name, bar, &st, stderr); err != nil {
			fmt.Fprintf(stderr, "book build: %v\n", err)
			return 1
		}
	}
	if bar != nil {
		bar.Finish()
	}
	bk := b.Build(book.BuildOptions{MinGames: *minGames, MinScore: *minScore})
	if err := writeBook(*out, bk); err != nil {
		fmt.Fprintf(stderr, "book build: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "games read %d, used %d, skipped %d%s\n", st.read, b.Games(), st.skippedTotal(), st.reasons())
	fmt.Fprintf(stdout, "book %s: %d positions, %d moves, %d bytes, %d plies, min games %d, min score %.2f, time %d ms\n",
		*out, bk.Positions(), bk.Entries(), bk.Size(), *plies, *minGames, *minScore, time.Since(start).Milliseconds())
	return 0
}

// buildStats counts the games read and the reasons for skipping some.
type buildStats struct {
	read    int
	skipped map[string]int
}

func (s *buildStats) skip(reason string) {
	if s.skipped == nil {
		s.skipped = map[string]int{}
	}
	s.skipped[reason]++
}

func (s *buildStats) skippedTotal() int {
	n := 0
	for _, c := range s.skipped {
		n += c
	}
	return n
}

// reasons lists the skip reasons with their counts: " (illegal move 2, ...)".
func (s *buildStats) reasons() string {
	if len(s.skipped) == 0 {
		return ""
	}
	var parts []string
	for r, c := range s.skipped {
		parts = append(parts, fmt.Sprintf("%s %d", r, c))
	}
	sort.Strings(parts)
	return " (" + strings.Join(parts, ", ") + ")"
}

// addFile feeds the games of one PGN file to the builder, reporting each
// game it skips on stderr.
func addFile(b *book.Builder, name string, bar *progressbar.ProgressBar, st *buildStats, stderr io.Writer) error {
	f, _, err := safefile.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if bar != nil {
		r = io.TeeReader(f, bar)
	}
	rd := pgn.NewReader(r, name)
	for game := 1; ; game++ {
		g, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		var ge *pgn.GameError
		switch {
		case errors.As(err, &ge):
			st.read++
			st.skip(reason(ge.Err))
			report(bar, stderr, ge.Error())
			continue
		case err != nil:
			return fmt.Errorf("%s: %w", name, err)
		}
		st.read++
		if err := b.Add(g); err != nil {
			st.skip(reason(err))
			if !errors.Is(err, book.ErrNoResult) {
				report(bar, stderr, fmt.Sprintf("%s: game %d: %v", name, game, err))
			}
		}
	}
}

// report prints a skipped game on its own line, clearing the progress bar
// first.
func report(bar *progressbar.ProgressBar, stderr io.Writer, msg string) {
	if bar != nil {
		bar.Clear()
	}
	fmt.Fprintf(stderr, "skipped: %s\n", msg)
}

// reason names the kind of a game error for the summary.
func reason(err error) string {
	switch {
	case errors.Is(err, pgn.ErrIllegal), errors.Is(err, book.ErrGameIllegal):
		return "illegal move"
	case errors.Is(err, pgn.ErrAmbiguous):
		return "ambiguous move"
	case errors.Is(err, pgn.ErrNoPiece):
		return "no such piece"
	case errors.Is(err, pgn.ErrNotation):
		return "unreadable move"
	case errors.Is(err, pgn.ErrFEN), errors.Is(err, book.ErrGameStart):
		return "bad FEN"
	case errors.Is(err, book.ErrNoResult):
		return "no result"
	}
	return "other"
}

// pgnFiles expands the arguments: files as given, directories to the
// *.pgn files below them. It returns the files and their total size.
func pgnFiles(args []string) ([]string, int64, error) {
	var files []string
	var total int64
	for _, a := range args {
		err := filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || p != a && !strings.EqualFold(filepath.Ext(p), ".pgn") {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			files = append(files, p)
			total += info.Size()
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
	}
	return files, total, nil
}

// checkOutput refuses an output that would destroy data: one of the input
// files or arguments, or inside an input directory (safefile.CheckOutputs:
// by any path, symbolic or hard link), or an existing file that is not a
// book in this engine's format. An output that does not exist yet, in no
// input directory, is fine.
func checkOutput(out string, files, args []string) error {
	if err := safefile.CheckOutputs(safefile.Names("-out", out), append(safefile.Names("", files...), safefile.Names("", args...)...)); err != nil {
		return err
	}
	info, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("-out %s exists and is not a regular file", out)
	}
	isBook, err := book.IsBook(out)
	if err != nil {
		return err
	}
	if !isBook {
		return fmt.Errorf("-out %s exists and is not a book: not overwriting it (remove it or choose another name)", out)
	}
	return nil
}

// writeBook writes the book as a new version of path (safefile.Create):
// to a temporary file in the directory of the file it replaces (through a
// symbolic link, its target), renamed over that file once complete, so
// that a failed write leaves no broken book and an existing one is
// replaced whole, keeping its permissions.
func writeBook(path string, bk *book.Book) error {
	f, err := safefile.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := bk.WriteTo(f); err != nil {
		return err
	}
	return f.Commit()
}

// runBookProbe prints the book moves of a position.
func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("book probe", bookProbeUsage, stderr)
	fen := fs.String("fen", engine.StartFEN, "position to probe")
	moves := fs.String("moves", "", "moves to play from the FEN first, in any notation, separated by spaces")
	files := fs.String("book", "", `book files separated by ";" (default: the built-in book)`)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if err := cliflags.Args(fs, 0, 0, ""); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	pos, err := engine.NewPosition(*fen)
	if err != nil {
		fmt.Fprintf(stderr, "book probe: %v\n", err)
		return 2
	}
	for _, text := range strings.Fields(*moves) {
		m, err := pgn.ParseMove(pos, text)
		if err != nil {
			fmt.Fprintf(stderr, "book probe: move %q: %v\n", text, err)
			return 2
		}
		pos.PlayGameMove(m)
	}
	src, err := book.Open(*files)
	if err != nil {
		fmt.Fprintf(stderr, "book probe: %v\n", err)
		return 1
	}
	entries := src.Probe(pos, nil)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	fmt.Fprintf(w, "fen %s\n", pos.FEN())
	if len(entries) == 0 {
		fmt.Fprintln(w, "no book moves")
		return 0
	}
	total := 0
	for _, e := range entries {
		total += e.Weight
	}
	fmt.Fprintf(w, "%-5s %7s %6s %7s %6s %6s %6s %6s\n", "move", "weight", "share", "games", "wins", "draws", "losses", "score")
	for _, e := range entries {
		share := 100 * float64(e.Weight) / float64(total)
		if e.Games() == 0 {
			fmt.Fprintf(w, "%-5s %7d %5.1f%%\n", e.Move, e.Weight, share)
			continue
		}
		fmt.Fprintf(w, "%-5s %7d %5.1f%% %7d %6d %6d %6d %5.1f%%\n", e.Move, e.Weight, share,
			e.Games(), e.Wins, e.Draws, e.Losses, 100*e.Score())
	}
	return 0
}
