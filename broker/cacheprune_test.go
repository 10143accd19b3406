package broker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestPruneDir: the least recently used files go first until the cache
// holds at most its bound; a file in use stays, and what is not a cached
// file (a fetch in progress, a chunk's directory) is neither counted nor
// removed.
func TestPruneDir(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Now().Add(-time.Hour)
	var names []string
	for i := range 4 { // 0 is the least recently used
		name := strings.Repeat(string(rune('a'+i)), 64)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, 100), 0o755); err != nil {
			t.Fatal(err)
		}
		used := t0.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(p, used, used); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	others := []string{names[0] + ".part123", "chunk-9/data.bin"}
	for _, o := range others {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, o)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, o), make([]byte, 1000), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	left := func() []string {
		var out []string
		for _, n := range names {
			if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
				out = append(out, n[:1])
			}
		}
		return out
	}
	inUse := func(sum string) bool { return sum == names[0] }
	if files, bytes := pruneDir(dir, 400, inUse); files != 0 || bytes != 0 || len(left()) != 4 {
		t.Fatalf("within the bound: removed %d files (%d bytes), left %v", files, bytes, left())
	}
	// 400 bytes for 250: the oldest, in use, stays; the next two go.
	if files, bytes := pruneDir(dir, 250, inUse); files != 2 || bytes != 200 || !slices.Equal(left(), []string{"a", "d"}) {
		t.Errorf("removed %d files (%d bytes), left %v; want b and c removed", files, bytes, left())
	}
	// Nothing is spared any more: the oldest goes first.
	if files, _ := pruneDir(dir, 150, func(string) bool { return false }); files != 1 || !slices.Equal(left(), []string{"d"}) {
		t.Errorf("removed %d files, left %v; want a removed", files, left())
	}
	for _, o := range others {
		if _, err := os.Stat(filepath.Join(dir, o)); err != nil {
			t.Errorf("%s: %v", o, err)
		}
	}
}

// TestCacheKeepsRecentlyUsed: a worker's cache with a bound of two and a
// half files touches a file when it is used again and, after a fetch,
// removes the least recently used file that no lease holds.
func TestCacheKeepsRecentlyUsed(t *testing.T) {
	e := startBroker(t, Credentials{})
	js, err := jetstream.New(connect(t, e, "test"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: binaryBucket})
	if err != nil {
		t.Fatal(err)
	}
	var sums []string
	for i := range 4 {
		data := bytes.Repeat([]byte{byte(i)}, 1000)
		h := sha256.Sum256(data)
		sum := hex.EncodeToString(h[:])
		if _, err := obs.PutBytes(ctx, sum, data); err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	c := &binaryCache{dir: t.TempDir(), obs: obs, max: 2500, log: testLog(t)}
	cached := func() string {
		var out []byte
		for i, s := range sums {
			if _, err := os.Stat(filepath.Join(c.dir, s)); err == nil {
				out = append(out, byte('0'+i))
			}
		}
		return string(out)
	}
	get := func(l *lease, i int) {
		t.Helper()
		time.Sleep(20 * time.Millisecond) // distinct times of use
		if _, err := c.path(ctx, sums[i], l); err != nil {
			t.Fatal(err)
		}
	}
	playing := c.lease()
	get(playing, 0)
	done := c.lease()
	get(done, 1)
	done.release()
	other := c.lease()
	get(other, 2)
	other.release()
	if got := cached(); got != "02" {
		t.Errorf("cached %s, want 02: file 1 is the least recently used that no work uses", got)
	}
	playing.release()
	next := c.lease()
	get(next, 0) // used again: now more recent than 2
	get(next, 3)
	if got := cached(); got != "03" {
		t.Errorf("cached %s, want 03: file 2 is the least recently used", got)
	}
	next.release()
	if len(c.inUse) != 0 {
		t.Errorf("files still held after every lease was released: %v", c.inUse)
	}
}
