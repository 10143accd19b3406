package data

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/pgn"
)

// Config configures Generate.
type Config struct {
	Options
	// Workers is the number of goroutines extracting samples (0: one per
	// core).
	Workers int
	// Progress, if set, is called with the number of input bytes read
	// since its last call.
	Progress func(n int64)
	// Skipped, if set, is called for every game that gives no samples
	// with the reason.
	Skipped func(file string, game int, err error)
}

// Stats counts what Generate read and wrote.
type Stats struct {
	Games   int            // games read, usable or not
	Used    int            // games that gave at least one sample
	Samples int            // samples written
	Skipped map[string]int // games skipped, by reason
}

// SkippedTotal returns the number of skipped games.
func (s Stats) SkippedTotal() int {
	n := 0
	for _, c := range s.Skipped {
		n += c
	}
	return n
}

// Reasons formats the skip reasons with their counts, sorted.
func (s Stats) Reasons() string {
	var parts []string
	for r, c := range s.Skipped {
		parts = append(parts, fmt.Sprintf("%s %d", r, c))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// batchSize is the number of games extracted in parallel before their
// samples are written in order.
const batchSize = 256

// Generate extracts the samples of every game in the PGN files and writes
// them to w in input order. Games are numbered from 0 over all files, in
// the order they are read (unreadable games included, so numbers do not
// shift when a game becomes readable).
func Generate(ctx context.Context, files []string, w *Writer, cfg Config) (Stats, error) {
	st := Stats{Skipped: map[string]int{}}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	ex := make([]*Extractor, workers)
	for i := range ex {
		ex[i] = NewExtractor(cfg.Options)
	}
	for _, name := range files {
		if err := generateFile(ctx, name, w, &cfg, ex, &st); err != nil {
			return st, err
		}
	}
	return st, w.Flush()
}

// job is one game of a batch and its outcome.
type job struct {
	g       *pgn.Game
	id      int
	readErr error // the reader's verdict on the game
	samples []Sample
	err     error
}

// generateFile processes one PGN file in batches.
func generateFile(ctx context.Context, name string, w *Writer, cfg *Config, ex []*Extractor, st *Stats) error {
	f, _, err := safefile.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	rd := pgn.NewReader(&countingReader{r: f, progress: cfg.Progress}, name)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		batch, eof, err := readBatch(rd, st)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		extractBatch(batch, ex)
		for i := range batch {
			if err := writeJob(&batch[i], name, w, cfg, st); err != nil {
				return err
			}
		}
		if eof {
			return nil
		}
	}
}

// readBatch reads up to batchSize games; eof reports the end of the file.
func readBatch(rd *pgn.Reader, st *Stats) (batch []job, eof bool, err error) {
	for len(batch) < batchSize {
		g, err := rd.Next()
		var ge *pgn.GameError
		switch {
		case err == io.EOF:
			return batch, true, nil
		case errors.As(err, &ge):
			batch = append(batch, job{id: st.Games, readErr: ge})
		case err != nil:
			return batch, false, err
		default:
			batch = append(batch, job{g: g, id: st.Games})
		}
		st.Games++
	}
	return batch, false, nil
}

// extractBatch runs the extractors over the readable games of a batch.
func extractBatch(batch []job, ex []*Extractor) {
	next := make(chan int)
	var wg sync.WaitGroup
	for _, x := range ex {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := &batch[i]
				j.samples, j.err = x.Game(j.g, j.id)
			}
		}()
	}
	for i := range batch {
		if batch[i].readErr == nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
}

// writeJob writes one game's samples and counts it.
func writeJob(j *job, name string, w *Writer, cfg *Config, st *Stats) error {
	reason := ""
	err := j.readErr
	if err == nil {
		err = j.err
	}
	switch {
	case j.readErr != nil:
		reason = "unreadable"
	case errors.Is(j.err, ErrNoResult):
		reason = "no result"
	case j.err != nil:
		reason = "bad start"
	case len(j.samples) == 0:
		reason = "no quiet position"
		err = errors.New(reason)
	}
	if reason != "" {
		st.Skipped[reason]++
		if cfg.Skipped != nil {
			cfg.Skipped(name, j.id, err)
		}
		return nil
	}
	st.Used++
	for _, s := range j.samples {
		if err := w.Write(s); err != nil {
			return err
		}
		st.Samples++
	}
	return nil
}

// countingReader reports the bytes read through it.
type countingReader struct {
	r        io.Reader
	progress func(int64)
}

// Read reads from the underlying reader and reports the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if c.progress != nil && n > 0 {
		c.progress(int64(n))
	}
	return n, err
}
