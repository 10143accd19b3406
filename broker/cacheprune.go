package broker

import (
	"os"
	"path/filepath"
	"slices"
	"time"
)

// DefaultCacheMax is the default bound on the size of a worker's engine
// cache: 2 GiB.
const DefaultCacheMax = 2 << 30

// The files of a worker's cache (engine binaries, networks, books) are
// kept least recently used first: a file is touched (its modification
// time set to now) whenever a work item uses it, and after each fetch the
// oldest are removed until the cache holds at most its bound, sparing the
// files that work being played uses (held by a lease).

// lease is the cache files one work item uses: none of them is pruned
// until it is released.
type lease struct {
	c    *binaryCache
	sums []string
}

// lease returns an empty lease of the cache.
func (c *binaryCache) lease() *lease { return &lease{c: c} }

// hold marks the file sum as in use by l; c.mu is held.
func (l *lease) hold(sum string) {
	if l.c.inUse == nil {
		l.c.inUse = map[string]int{}
	}
	l.c.inUse[sum]++
	l.sums = append(l.sums, sum)
}

// release gives the lease's files back to pruning.
func (l *lease) release() {
	l.c.mu.Lock()
	defer l.c.mu.Unlock()
	for _, sum := range l.sums {
		if l.c.inUse[sum]--; l.c.inUse[sum] <= 0 {
			delete(l.c.inUse, sum)
		}
	}
	l.sums = nil
}

// touch records that the cached file at path was just used.
func touch(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
}

// prune removes the least recently used files of the cache until they
// total at most c.max bytes (0: no bound), sparing those in use; c.mu is
// held. It returns the number of files removed and their bytes.
func (c *binaryCache) prune() (files int, bytes int64) {
	if c.max <= 0 {
		return 0, 0
	}
	return pruneDir(c.dir, c.max, func(sum string) bool { return c.inUse[sum] > 0 })
}

// pruneDir removes the least recently used (oldest modification time)
// cache files of dir, those named by a SHA-256, until they total at most
// max bytes, sparing those for which inUse is true, and returns the
// number of files removed and their bytes. Other entries (files being
// fetched, the directories of chunks being made) are neither counted nor
// removed.
func pruneDir(dir string, max int64, inUse func(sum string) bool) (files int, bytes int64) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0
	}
	type cached struct {
		name string
		size int64
		used time.Time
	}
	var all []cached
	var total int64
	for _, e := range entries {
		if !e.Type().IsRegular() || !hashPattern.MatchString(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		all = append(all, cached{e.Name(), info.Size(), info.ModTime()})
		total += info.Size()
	}
	slices.SortFunc(all, func(a, b cached) int { return a.used.Compare(b.used) })
	for _, f := range all {
		if total <= max {
			break
		}
		if inUse(f.name) || os.Remove(filepath.Join(dir, f.name)) != nil {
			continue
		}
		total -= f.size
		files++
		bytes += f.size
	}
	return files, bytes
}
