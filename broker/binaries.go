package broker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/goxq/ucci/internal/safefile"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// fileHash returns the SHA-256 of a file in hex.
func fileHash(path string) (string, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// publishBinary puts the executable cmd (a path, or a name on PATH) in the
// object store under its SHA-256, unless it is there already, and returns
// the hash.
func publishBinary(ctx context.Context, obs jetstream.ObjectStore, cmd string) (string, error) {
	path, err := exec.LookPath(cmd)
	if err != nil {
		return "", fmt.Errorf("engine %s: %v", cmd, err)
	}
	return publishFile(ctx, obs, path, "engine")
}

// publishFile puts the file at path in the object store under its
// SHA-256, unless it is there already, and returns the hash; what names
// the file in errors.
func publishFile(ctx context.Context, obs jetstream.ObjectStore, path, what string) (string, error) {
	sum, err := fileHash(path)
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", what, path, err)
	}
	if _, err := obs.GetInfo(ctx, sum); err == nil {
		return sum, nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return "", fmt.Errorf("engine store: %v", err)
	}
	f, _, err := safefile.Open(path)
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", what, path, err)
	}
	defer f.Close()
	if _, err := obs.Put(ctx, jetstream.ObjectMeta{Name: sum, Description: filepath.Base(path)}, f); err != nil {
		return "", fmt.Errorf("%s %s: storing it on the broker: %v", what, path, err)
	}
	return sum, nil
}

// binaryCache keeps the engine binaries a worker fetched, one file per
// SHA-256 in its directory, at most max bytes of them (0: no bound; see
// prune).
type binaryCache struct {
	dir   string
	obs   jetstream.ObjectStore
	max   int64
	log   zerolog.Logger
	mu    sync.Mutex     // one fetch at a time
	inUse map[string]int // the leases holding each file
}

// transientError is a failure of the broker or of the disk while fetching
// a binary: the work is offered again later, not rejected.
type transientError struct{ error }

// errUnpublished is the error for a binary the object store does not hold:
// the coordinator did not publish it, and the worker will not run it.
var errUnpublished = errors.New("not published by the coordinator")

// path returns the path of the verified binary with hash sum, fetching it
// from the object store when it is not cached, and holds it in l (pruning
// spares it until l is released).
func (c *binaryCache) path(ctx context.Context, sum string, l *lease) (string, error) {
	if !hashPattern.MatchString(sum) {
		return "", fmt.Errorf("engine hash %q", sum)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	dst := filepath.Join(c.dir, sum)
	if got, err := fileHash(dst); err == nil && got == sum {
		touch(dst)
		l.hold(sum)
		return dst, nil
	}
	obj, err := c.obs.Get(ctx, sum)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return "", fmt.Errorf("engine %s: %w", sum[:12], errUnpublished)
	} else if err != nil {
		return "", transientError{fmt.Errorf("engine %s: %v", sum[:12], err)}
	}
	tmp, err := os.CreateTemp(c.dir, sum+".part*")
	if err != nil {
		obj.Close()
		return "", transientError{err}
	}
	h := sha256.New()
	copied := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.MultiWriter(tmp, h), obj)
		obj.Close()
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		copied <- err
	}()
	select {
	case err = <-copied:
	case <-ctx.Done():
		// A read of the object store cannot be cut short (neither a broken
		// connection nor Close ends it: it holds the reader's lock until a
		// timeout): the copy is left to end by itself, and its file is
		// removed then.
		go func() {
			<-copied
			os.Remove(tmp.Name())
		}()
		return "", ctx.Err()
	}
	defer os.Remove(tmp.Name())
	if err != nil {
		return "", transientError{fmt.Errorf("engine %s: fetching: %v", sum[:12], err)}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != sum {
		return "", fmt.Errorf("engine %s: the fetched binary has SHA-256 %s", sum[:12], got[:12])
	}
	if err := os.Chmod(tmp.Name(), 0o755); err != nil {
		return "", transientError{err}
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return "", transientError{err}
	}
	l.hold(sum)
	if files, bytes := c.prune(); files > 0 {
		c.log.Info().Int("files", files).Int64("bytes", bytes).Int64("limit", c.max).Msg("engine cache pruned")
	}
	return dst, nil
}
