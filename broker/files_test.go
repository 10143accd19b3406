package broker

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/engineproc"
)

// TestOptionFilesTravel: the files a network or book option names go
// through the object store: the work item carries references only, and the
// worker's engine gets paths to verified copies; values naming no file
// pass as they are; a reference the store lacks is refused.
func TestOptionFilesTravel(t *testing.T) {
	e := startBroker(t, Credentials{})
	js, err := jetstream.New(connect(t, e, "test"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	q, err := newQueue("linux", "amd64", testTrust[0])
	if err != nil {
		t.Fatal(err)
	}
	_, obs, err := setup(ctx, js, q)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	net, book1, book2 := filepath.Join(dir, "a.nnue"), filepath.Join(dir, "one.book"), filepath.Join(dir, "two.book")
	for i, p := range []string{net, book1, book2} {
		if err := os.WriteFile(p, bytes.Repeat([]byte{byte(i + 1)}, 1000+i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := []engineproc.Option{
		{Name: "EvalFile", Value: net},
		{Name: "bookfiles", Value: book1 + ";" + book2 + ";/only/on/workers.book"},
		{Name: "Hash", Value: net}, // not a file option: left alone
		{Name: "evalfile", Value: "<embedded>"},
	}
	sent, err := publishOptionFiles(ctx, obs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sent[0].Value+sent[1].Value, dir) || !strings.HasPrefix(sent[0].Value, fileRef) ||
		!strings.HasSuffix(sent[1].Value, ";/only/on/workers.book") || sent[2] != opts[2] || sent[3] != opts[3] {
		t.Fatalf("sent options %+v", sent)
	}
	cache := &binaryCache{dir: t.TempDir(), obs: obs}
	got, err := cache.resolveOptions(ctx, sent, cache.lease())
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b string) bool {
		x, err1 := os.ReadFile(a)
		y, err2 := os.ReadFile(b)
		return err1 == nil && err2 == nil && bytes.Equal(x, y)
	}
	books := strings.Split(got[1].Value, ";")
	if !same(got[0].Value, net) || len(books) != 3 || !same(books[0], book1) || !same(books[1], book2) ||
		books[2] != "/only/on/workers.book" || got[3].Value != "<embedded>" {
		t.Fatalf("the worker's options %+v", got)
	}
	if !strings.HasPrefix(got[0].Value, cache.dir) {
		t.Errorf("network at %s, not in the cache", got[0].Value)
	}
	bogus := []engineproc.Option{{Name: "EvalFile", Value: fileRef + strings.Repeat("ab", 32)}}
	if _, err := cache.resolveOptions(ctx, bogus, cache.lease()); !errors.Is(err, errUnpublished) {
		t.Errorf("an unpublished file: %v", err)
	}
}
