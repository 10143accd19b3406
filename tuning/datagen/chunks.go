package datagen

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/goxq/ucci/tuning/posfile"
)

// chunkJob makes the records of one chunk on the given worker (0 to the
// number of workers - 1; a worker runs one job at a time), appending them
// to out.
type chunkJob func(ctx context.Context, worker, chunk int, out []posfile.Record) ([]posfile.Record, error)

// Stats counts the work of a run.
type Stats struct {
	Chunks, Skipped int // chunks made, chunks found complete
	Games           int // games played or read in the chunks made
	Positions       int // records written
	// Damaged says why each chunk file found damaged (truncated, altered,
	// not a position file) was not taken: it was made again (and counts
	// in Chunks once made).
	Damaged []string
}

// runChunks makes chunks 0..n-1 (or those of cfg.Only) on workers
// goroutines, skipping those whose file exists and reads as a complete
// position file (its size, its record count and every record checked); a
// damaged one is made again. name gives a chunk's file name and games the
// games it holds. Each chunk is made by job, or by
// cfg.Remote when set. cfg.Progress (may be nil) is called after each
// chunk with the games and positions it added.
func runChunks(ctx context.Context, cfg *Config, n, workers int, name func(int) string, games func(int) int, job chunkJob) (Stats, error) {
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return Stats{}, err
	}
	todo, err := chunkList(n, cfg.Only)
	if err != nil {
		return Stats{}, err
	}
	var (
		mu    sync.Mutex
		st    Stats
		first error
	)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Go(func() {
			var buf []posfile.Record
			for c := range jobs {
				recs, err := makeChunk(ctx, cfg, wk, c, name(c), job, buf[:0])
				if cfg.Remote == nil {
					buf = recs
				}
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("chunk %d: %w", c, err)
				}
				if err == nil {
					st.Chunks++
					st.Games += games(c)
					st.Positions += len(recs)
				}
				mu.Unlock()
				if err == nil && cfg.Progress != nil {
					cfg.Progress(games(c), len(recs))
				}
			}
		})
	}
	for _, c := range todo {
		switch _, err := posfile.ReadFile(filepath.Join(cfg.Dir, name(c))); {
		case err == nil:
			st.Skipped++
			continue
		case !errors.Is(err, fs.ErrNotExist):
			mu.Lock()
			st.Damaged = append(st.Damaged, err.Error())
			mu.Unlock()
		}
		mu.Lock()
		failed := first != nil
		mu.Unlock()
		if failed || ctx.Err() != nil {
			break
		}
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return st, first
}

// chunkList returns the chunks to make: only, checked against the n
// chunks of the run, or all of them.
func chunkList(n int, only []int) ([]int, error) {
	if len(only) == 0 {
		out := make([]int, n)
		for c := range out {
			out[c] = c
		}
		return out, nil
	}
	for _, c := range only {
		if c < 0 || c >= n {
			return nil, fmt.Errorf("datagen: chunk %d of a run of %d chunks", c, n)
		}
	}
	return only, nil
}

// makeChunk makes chunk c (on worker wk, or by cfg.Remote) and writes it
// to its file.
func makeChunk(ctx context.Context, cfg *Config, wk, c int, file string, job chunkJob, buf []posfile.Record) ([]posfile.Record, error) {
	path := filepath.Join(cfg.Dir, file)
	if cfg.Remote == nil {
		recs, err := job(ctx, wk, c, buf)
		if err == nil {
			err = posfile.WriteFile(path, recs)
		}
		return recs, err
	}
	recs, done, err := cfg.Remote.MakeChunk(ctx, c)
	if err != nil {
		return nil, err
	}
	if err := posfile.WriteFile(path, recs); err != nil {
		return nil, err
	}
	done()
	return recs, nil
}
