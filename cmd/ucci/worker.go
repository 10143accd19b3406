package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

const workerUsage = `usage: ucci worker -broker nats://HOST:4222 -trust KEY [-trust KEY ...] [-trust-file FILE]
                   [-concurrency N] [-name W] [-cache DIR] [-cache-max SIZE]
  takes game pairs of matches (ucci match ... -broker URL) and chunks of training data from the
  broker and plays them with local engine processes until interrupted; it runs only work signed
  by a key it trusts (the coordinator prints the command with its key), and refuses the rest for
  good; the engine binaries come from the broker, checked against their SHA-256`

// runWorker is `ucci worker`.
func runWorker(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("worker", workerUsage, stderr)
	b := addBrokerFlags(fs, roleWorker)
	concurrency := fs.Int("concurrency", 1, "game pairs played at once")
	name := fs.String("name", "", "the worker's name in the coordinator's notices (default HOST-PID)")
	cache := fs.String("cache", "", "directory of the fetched engine binaries (default: ucci-engines in the user cache directory)")
	cacheMax := cliflags.SizeFlag(fs, "cache-max", broker.DefaultCacheMax,
		"the most bytes kept in -cache, a `SIZE` such as 2GB or 512MiB (0: no limit): the least recently used files beyond it are removed")
	trust := addTrustFlags(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	fail := func(format string, a ...any) int { return cliflags.Bad(fs, format, a...) }
	switch {
	case fs.NArg() != 0:
		return fail("unexpected argument %s", quote.Input(fs.Arg(0)))
	case *b.url == "":
		return fail("-broker is needed")
	case *b.url == "embedded":
		return fail("-broker embedded is for a coordinator (ucci match); a worker joins its URL")
	}
	if err := cliflags.IntIn("concurrency", *concurrency, 1, 1024); err != nil {
		return fail("%v", err)
	}
	trusted, err := trust.trusted()
	if err != nil {
		return fail("%v", err)
	}
	nc, closeBroker, err := b.connect("worker", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ucci worker: %v\n", err)
		return 2
	}
	defer closeBroker()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = broker.RunWorker(ctx, nc, broker.WorkerOptions{Name: *name, Concurrency: *concurrency, CacheDir: *cache, CacheMax: int64(*cacheMax), Trusted: trusted,
		Log: consoleLog(stderr)})
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "ucci worker: %v\n", err)
		return 1
	}
	return 0
}
