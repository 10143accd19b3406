package data

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/safefile"
)

// Writer writes samples in the text format of the package documentation.
type Writer struct {
	bw *bufio.Writer
	n  int
}

// NewWriter returns a writer of samples to w; call Flush at the end.
func NewWriter(w io.Writer) *Writer { return &Writer{bw: bufio.NewWriterSize(w, 1<<16)} }

// Comment writes text as comment lines, each prefixed with "# ".
func (w *Writer) Comment(text string) error {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if _, err := fmt.Fprintf(w.bw, "# %s\n", line); err != nil {
			return err
		}
	}
	return nil
}

// Write writes one sample.
func (w *Writer) Write(s Sample) error {
	if strings.ContainsAny(s.FEN, "\t\n") {
		return fmt.Errorf("sample FEN %q holds a tab or newline", s.FEN)
	}
	if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
		return fmt.Errorf("sample result %v is not 0, 0.5 or 1", s.Result)
	}
	w.n++
	_, err := fmt.Fprintf(w.bw, "%s\t%d\t%s\n", formatResult(s.Result), s.Game, s.FEN)
	return err
}

// Count returns the number of samples written.
func (w *Writer) Count() int { return w.n }

// Flush writes any buffered data.
func (w *Writer) Flush() error { return w.bw.Flush() }

// Read reads every sample from r. A malformed line or FEN is an error
// naming its line number.
func Read(r io.Reader) ([]Sample, error) {
	var out []Sample
	err := Each(r, func(s Sample, _ *engine.Position) error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// Each calls fn for every sample of r with the sample's position, which
// is reused from call to call (copy it to keep it). It stops at the first
// malformed line (an error naming the line) or error from fn.
func Each(r io.Reader, fn func(Sample, *engine.Position) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	pos := new(engine.Position)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || text[0] == '#' {
			continue
		}
		s, err := parseLine(text, pos)
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		if err := fn(s, pos); err != nil {
			return err
		}
	}
	return sc.Err()
}

// ErrFormat reports a line that is not RESULT<TAB>GAME<TAB>FEN.
var ErrFormat = errors.New("want RESULT<TAB>GAME<TAB>FEN")

// parseLine reads one sample line and sets pos to its FEN.
func parseLine(text string, pos *engine.Position) (Sample, error) {
	parts := strings.SplitN(text, "\t", 3)
	if len(parts) != 3 {
		return Sample{}, ErrFormat
	}
	res, ok := parseLabel(parts[0])
	if !ok {
		return Sample{}, fmt.Errorf("bad result %q: %w", parts[0], ErrFormat)
	}
	game, err := strconv.Atoi(parts[1])
	if err != nil || game < 0 {
		return Sample{}, fmt.Errorf("bad game number %q: %w", parts[1], ErrFormat)
	}
	if err := pos.SetFEN(parts[2]); err != nil {
		return Sample{}, fmt.Errorf("bad FEN %q: %v", parts[2], err)
	}
	return Sample{FEN: parts[2], Result: res, Game: game}, nil
}

// ReadFile reads the samples of a file, gunzipping it when its name ends
// in .gz.
func ReadFile(path string) ([]Sample, error) {
	var out []Sample
	err := EachFile(path, func(s Sample, _ *engine.Position) error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// EachFile is Each over a file, gunzipped when its name ends in .gz.
func EachFile(path string, fn func(Sample, *engine.Position) error) error {
	f, _, err := safefile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	if err := Each(r, fn); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// File is a sample file being written, gzip-compressed when its name ends
// in .gz. It is a new version of the file (safefile.Create): an old file
// at its path stays as it was until Commit.
type File struct {
	out *safefile.Output
	zw  *gzip.Writer // nil for plain text
}

// Create starts a sample file at path.
func Create(path string) (*File, error) {
	out, err := safefile.Create(path)
	if err != nil {
		return nil, err
	}
	f := &File{out: out}
	if strings.HasSuffix(path, ".gz") {
		f.zw = gzip.NewWriter(out)
	}
	return f, nil
}

// Write writes p to the file (through the compressor).
func (f *File) Write(p []byte) (int, error) {
	if f.zw != nil {
		return f.zw.Write(p)
	}
	return f.out.Write(p)
}

// Commit ends the compressed stream and puts the file in place.
func (f *File) Commit() error {
	if f.zw != nil {
		if err := f.zw.Close(); err != nil {
			return err
		}
	}
	return f.out.Commit()
}

// Close closes the file; without a Commit the new version is discarded.
func (f *File) Close() error { return f.out.Close() }
