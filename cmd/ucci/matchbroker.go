package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/match"
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

// remoteOptions are the settings of a match on a broker.
type remoteOptions struct {
	resume string // the run to go on with, "" for a new one
}

// useBroker connects to the broker of the flags and makes it play the
// games of cfg, whose status it keeps on the broker. It returns the
// coordinator and what closes it and the broker, or a non-zero exit
// status after printing why (2: the broker cannot be reached).
func useBroker(ctx context.Context, cfg *match.Config, b *brokerFlags, o remoteOptions, stderr io.Writer) (*broker.Coordinator, func(), int) {
	if cfg.Format.IsEvent() {
		fmt.Fprintf(stderr, "ucci match: the %s format is played locally only (no -broker)\n", cfg.Format)
		return nil, nil, 2
	}
	run := o.resume
	if *b.url == "embedded" {
		// The embedded server keeps the run's store under the run's name,
		// so that the run can be resumed.
		if run == "" {
			run = broker.NewRunID()
		}
		b.storeRun, b.resuming = run, o.resume != ""
	}
	nc, closeBroker, err := b.connect("match", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ucci match: %v\n", err)
		return nil, nil, 2
	}
	setupCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	coord, err := broker.NewCoordinator(setupCtx, nc, cfg, broker.CoordinatorOptions{
		Run: run, Resume: o.resume != "", Key: b.signer, Log: consoleLog(stderr)})
	if err != nil {
		closeBroker()
		fmt.Fprintf(stderr, "ucci match: %v\n", err)
		return nil, nil, 1
	}
	verb := "run"
	if o.resume != "" {
		verb = "resuming run"
	}
	fmt.Fprintf(stderr, "match: %s %s on broker %s, %d game pairs handed out at once (go on after a stop with -resume %s)\n",
		verb, coord.Run(), broker.Redact(*b.url), cfg.Concurrency, coord.Run())
	cfg.Remote = coord
	show := cfg.OnGame
	cfg.OnGame = func(g match.GameResult, r *match.Result) {
		coord.Counted(g, r)
		if show != nil {
			show(g, r)
		}
	}
	return coord, func() {
		coord.Close()
		closeBroker()
	}, 0
}
