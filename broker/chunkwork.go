package broker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/tuning/posfile"
)

// makeChunk makes the chunk of a datagen work item with the run's ucci
// build (fetched and checked like an engine) in a directory of its own and
// puts the file in the chunk store. A chunk the build cannot make (it
// exits with an error) is reported in the result.
func (w *worker) makeChunk(ctx context.Context, work *Work) (*Result, error) {
	d := work.Datagen
	held := w.cache.lease()
	defer held.release()
	bin, err := w.cache.path(ctx, d.SHA256, held)
	if err != nil {
		return nil, err
	}
	args, err := w.cache.resolveRefs(ctx, d.Args, held)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(w.opts.CacheDir, "chunk-")
	if err != nil {
		return nil, transientError{err}
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, bin, append([]string{"tune", "datagen", "-out", dir,
		"-make-chunk", strconv.Itoa(work.ID), "-workers", "1", "-quiet"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res := &Result{Version: wireVersion, Run: work.Run, ID: work.ID, Worker: w.opts.Name}
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.Error = fmt.Sprintf("making chunk %d: %v: %s", work.ID, err, lastLine(stderr.String()))
		return res, nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	if len(files) != 1 {
		res.Error = fmt.Sprintf("making chunk %d: %d files written", work.ID, len(files))
		return res, nil
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return nil, transientError{err}
	}
	if _, err := posfile.Read(data, "chunk "+strconv.Itoa(work.ID)); err != nil {
		res.Error = err.Error()
		return res, nil
	}
	obs, err := w.js.ObjectStore(ctx, chunkBucket)
	if err != nil {
		return nil, transientError{fmt.Errorf("chunk store: %v", err)}
	}
	sum := sha256.Sum256(data)
	res.Chunk = &ChunkResult{Object: chunkObject(work.Run, work.ID), SHA256: hex.EncodeToString(sum[:])}
	if _, err := obs.PutBytes(ctx, res.Chunk.Object, data); err != nil {
		return nil, transientError{fmt.Errorf("storing chunk %d: %v", work.ID, err)}
	}
	return res, nil
}

// chunkObject is the name of a run's chunk in the chunk store.
func chunkObject(run string, chunk int) string { return run + "-" + strconv.Itoa(chunk) }

// lastLine returns the last non-empty line of text.
func lastLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return lines[len(lines)-1]
}

// openChunkStore creates or opens the chunk store; chunks are kept as
// long as results.
func openChunkStore(ctx context.Context, js jetstream.JetStream) (jetstream.ObjectStore, error) {
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: chunkBucket, TTL: keepResults})
	if err != nil {
		return nil, fmt.Errorf("chunk store: %w", err)
	}
	return obs, nil
}
