package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/goxq/ucci/tuning/dist"
	"github.com/goxq/ucci/tuning/match"
)

// defaultRemotePairs is the number of game pairs a match on a broker hands
// out at once when -concurrency is not given.
const defaultRemotePairs = 64

// concurrencySet tells whether -concurrency was given.
func concurrencySet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "concurrency" })
	return set
}

// useBroker connects to the broker of the flags and makes it play the
// games of cfg. It returns what closes the coordinator and the broker, or
// a non-zero exit status after printing why (2: the broker cannot be
// reached).
func useBroker(ctx context.Context, cfg *match.Config, b *brokerFlags, ackWait time.Duration, stderr io.Writer) (func(), int) {
	if cfg.Format.IsEvent() {
		fmt.Fprintf(stderr, "ucci match: the %s format is played locally only (no -broker)\n", cfg.Format)
		return nil, 2
	}
	if ackWait <= 0 {
		fmt.Fprintln(stderr, "ucci match: -ack-wait must be positive")
		return nil, 2
	}
	nc, closeBroker, err := b.connect("match", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ucci match: %v\n", err)
		return nil, 2
	}
	setupCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	coord, err := dist.NewCoordinator(setupCtx, nc, cfg, dist.CoordinatorOptions{AckWait: ackWait, Log: consoleLog(stderr)})
	if err != nil {
		closeBroker()
		fmt.Fprintf(stderr, "ucci match: %v\n", err)
		return nil, 1
	}
	fmt.Fprintf(stderr, "match: run %s on broker %s, %d game pairs handed out at once\n", coord.Run(), dist.Redact(*b.url), cfg.Concurrency)
	cfg.Remote = coord
	return func() {
		coord.Close()
		closeBroker()
	}, 0
}
