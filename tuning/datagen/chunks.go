package datagen

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/goxq/ucci/tuning/posfile"
)

// chunkJob makes the records of one chunk on the given worker (0 to the
// number of workers - 1; a worker runs one job at a time) and returns them
// with the number of games they came from.
type chunkJob func(ctx context.Context, worker, chunk int, out []posfile.Record) ([]posfile.Record, int, error)

// Stats counts the work of a run.
type Stats struct {
	Chunks, Skipped int // chunks made, chunks found complete
	Games           int // games played or read in the chunks made
	Positions       int // records written
}

// runChunks makes chunks 0..n-1 on workers goroutines, skipping those whose
// file exists; name gives a chunk's file name. progress (may be nil) is
// called after each chunk with the games and positions it added.
func runChunks(ctx context.Context, dir string, n, workers int, name func(int) string, job chunkJob,
	progress func(games, positions int)) (Stats, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
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
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []posfile.Record
			for c := range jobs {
				recs, games, err := job(ctx, wk, c, buf[:0])
				if err == nil {
					err = posfile.WriteFile(filepath.Join(dir, name(c)), recs)
				}
				buf = recs
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("chunk %d: %w", c, err)
				}
				if err == nil {
					st.Chunks++
					st.Games += games
					st.Positions += len(recs)
				}
				mu.Unlock()
				if err == nil && progress != nil {
					progress(games, len(recs))
				}
			}
		}()
	}
	for c := 0; c < n; c++ {
		if _, err := os.Stat(filepath.Join(dir, name(c))); err == nil {
			st.Skipped++
			continue
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
