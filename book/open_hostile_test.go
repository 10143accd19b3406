package book

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// openWithin runs Open(path) and fails the test when it has not returned
// within d (a blocking open or an endless read).
func openWithin(t *testing.T, path string, d time.Duration) (Source, error) {
	t.Helper()
	type result struct {
		src Source
		err error
	}
	done := make(chan result, 1)
	go func() {
		src, err := Open(path)
		done <- result{src, err}
	}()
	select {
	case r := <-done:
		return r.src, r.err
	case <-time.After(d):
		t.Fatalf("Open(%s) still running after %v", path, d)
		return nil, nil
	}
}

// A 40 GB sparse file is refused by its size before anything is read,
// whether it looks like a book of ours or a BOOK.DAT.
func TestOpenRefusesHugeFiles(t *testing.T) {
	dir := t.TempDir()
	const huge = 40 << 30
	plain := filepath.Join(dir, "huge.dat")
	if err := os.WriteFile(plain, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	withHeader := writeFile(t, dir, "huge.xqb", buildTest(t, 4, BuildOptions{MinGames: 1}).data)
	for _, p := range []string{plain, withHeader} {
		if err := os.Truncate(p, huge); err != nil {
			t.Skipf("no sparse files here: %v", err)
		}
		if _, err := openWithin(t, p, 5*time.Second); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", filepath.Base(p), err)
		}
	}
}

// A file below the bound whose size is not what its header implies (or,
// without a header, not a whole number of BOOK.DAT records) is refused by
// the header, before the body is read.
func TestOpenChecksSizeAgainstHeader(t *testing.T) {
	dir := t.TempDir()
	good := buildTest(t, 4, BuildOptions{MinGames: 1}).data
	long := writeFile(t, dir, "long.xqb", good)
	odd := writeFile(t, dir, "odd.dat", eeImage(t, uint32(0x052656d5), "h2e2", 1))
	for p, size := range map[string]int64{long: 512 << 20, odd: 512<<20 + 4} {
		if err := os.Truncate(p, size); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if _, err := openWithin(t, p, 5*time.Second); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", filepath.Base(p), err)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%s: refusing took %v: the body was read", filepath.Base(p), d)
		}
	}
}

// A directory is not a book.
func TestOpenRefusesDirectories(t *testing.T) {
	if _, err := openWithin(t, t.TempDir(), 5*time.Second); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory: %v, want ErrNotRegular", err)
	}
}
