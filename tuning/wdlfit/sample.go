package wdlfit

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goxq/ucci/internal/safefile"
)

// Outcome is a game's result from the side to move's view.
type Outcome uint8

// The three outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

// letter is the outcome's letter in sample files.
func (o Outcome) letter() byte { return "ldw"[o] }

// Sample is one searched position of a game.
type Sample struct {
	Source   int // index into the sources of its Set
	Game     int // game number within the source, from 0
	Ply      int
	Score    int // search score, centipawns, side to move
	Material int // engine/wdl.Material of the position
	Result   Outcome
}

// SourceInfo describes one input file of a Set.
type SourceInfo struct {
	Name  string // base name of the file
	Games int    // games read
	Used  int    // games that gave samples
}

// Set is the samples of some input files and how they were made.
type Set struct {
	Depth   int // search depth of the scores
	Sources []SourceInfo
	Samples []Sample
}

// Count returns the number of samples of each source.
func (s *Set) Count() []int {
	n := make([]int, len(s.Sources))
	for _, x := range s.Samples {
		n[x.Source]++
	}
	return n
}

// WriteSamples writes the set to path (gzip when it ends in .gz), under a
// temporary name renamed into place when complete (safefile).
func WriteSamples(path string, s *Set) error {
	f, err := safefile.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	if err := writeSamples(w, s); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return err
		}
	}
	return f.Commit()
}

// writeSamples writes the set in the text format to w.
func writeSamples(w io.Writer, s *Set) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "# ucci tune wdl samples: SOURCE<TAB>GAME<TAB>PLY<TAB>SCORE<TAB>MATERIAL<TAB>RESULT (side to move: w, d, l)\n")
	fmt.Fprintf(bw, "# depth %d\n", s.Depth)
	for _, src := range s.Sources {
		if strings.ContainsAny(src.Name, " \t\n") {
			return fmt.Errorf("source name %q has white space", src.Name)
		}
		fmt.Fprintf(bw, "# source %s games %d used %d\n", src.Name, src.Games, src.Used)
	}
	line := make([]byte, 0, 64)
	for _, x := range s.Samples {
		line = append(line[:0], s.Sources[x.Source].Name...)
		for _, v := range [...]int{x.Game, x.Ply, x.Score, x.Material} {
			line = append(line, '\t')
			line = strconv.AppendInt(line, int64(v), 10)
		}
		line = append(line, '\t', x.Result.letter(), '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ErrFormat reports a malformed sample file.
var ErrFormat = errors.New("malformed sample file")

// ReadSamples reads a set written by WriteSamples.
func ReadSamples(path string) (*Set, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	s, err := readSamples(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// readSamples parses a sample file.
func readSamples(r io.Reader) (*Set, error) {
	s := &Set{}
	index := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" {
			continue
		}
		if strings.HasPrefix(text, "#") {
			if err := s.readComment(text, index); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			continue
		}
		x, err := parseSample(text, index)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		s.Samples = append(s.Samples, x)
	}
	return s, sc.Err()
}

// readComment takes the depth and the sources from header comments.
func (s *Set) readComment(text string, index map[string]int) error {
	f := strings.Fields(strings.TrimPrefix(text, "#"))
	switch {
	case len(f) == 2 && f[0] == "depth":
		d, err := strconv.Atoi(f[1])
		if err != nil {
			return fmt.Errorf("%w: %q", ErrFormat, text)
		}
		s.Depth = d
	case len(f) == 6 && f[0] == "source" && f[2] == "games" && f[4] == "used":
		games, err1 := strconv.Atoi(f[3])
		used, err2 := strconv.Atoi(f[5])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%w: %q", ErrFormat, text)
		}
		if _, dup := index[f[1]]; dup {
			return fmt.Errorf("%w: source %s twice", ErrFormat, f[1])
		}
		index[f[1]] = len(s.Sources)
		s.Sources = append(s.Sources, SourceInfo{Name: f[1], Games: games, Used: used})
	}
	return nil
}

// parseSample reads one sample line.
func parseSample(text string, index map[string]int) (Sample, error) {
	f := strings.Split(text, "\t")
	if len(f) != 6 || len(f[5]) != 1 {
		return Sample{}, fmt.Errorf("%w: %q", ErrFormat, text)
	}
	src, ok := index[f[0]]
	if !ok {
		return Sample{}, fmt.Errorf("%w: source %q not in the header", ErrFormat, f[0])
	}
	var v [4]int
	for i := range v {
		n, err := strconv.Atoi(f[i+1])
		if err != nil {
			return Sample{}, fmt.Errorf("%w: %q", ErrFormat, text)
		}
		v[i] = n
	}
	res := strings.IndexByte("ldw", f[5][0])
	if res < 0 {
		return Sample{}, fmt.Errorf("%w: result %q", ErrFormat, f[5])
	}
	return Sample{Source: src, Game: v[0], Ply: v[1], Score: v[2], Material: v[3], Result: Outcome(res)}, nil
}
