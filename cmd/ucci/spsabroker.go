package main

import (
	"context"
	"crypto/ed25519"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/cmd/ucci/tunecmd"
	"github.com/goxq/ucci/match"
)

// tuneSPSA runs `ucci tune spsa`, with the broker flags.
func tuneSPSA(args []string, stdout, stderr io.Writer) int {
	return tunecmd.SPSAOn(args, stdout, stderr, func(fs *flag.FlagSet) tunecmd.Broker {
		return &spsaBroker{flags: addBrokerFlags(fs, roleCoordinator)}
	})
}

// spsaBroker plays the iterations of SPSA on a broker, one coordinator
// run per iteration (RUN-iNNNN, RUN printed at the start).
type spsaBroker struct {
	flags *brokerFlags
}

// Requested tells whether -broker was given.
func (b *spsaBroker) Requested() bool { return *b.flags.url != "" }

// Connect connects to the broker (an unreachable one is an error within
// a few seconds) and returns the player of each iteration's match.
func (b *spsaBroker) Connect(stderr io.Writer) (func(context.Context, *match.Config, int) (func(*match.Result, error), error), func(), error) {
	nc, closeAll, err := b.flags.connect("tune spsa", stderr)
	if err != nil {
		return nil, nil, err
	}
	base := fmt.Sprintf("spsa-%s-%04x", time.Now().UTC().Format("20060102-150405"), rand.IntN(1<<16))
	fmt.Fprintf(stderr, "tune spsa: runs %s-iNNNN on broker %s\n", base, broker.Redact(*b.flags.url))
	play := func(ctx context.Context, cfg *match.Config, iter int) (func(*match.Result, error), error) {
		return playOnBroker(ctx, nc, cfg, fmt.Sprintf("%s-i%04d", base, iter), b.flags.signer, stderr)
	}
	return play, closeAll, nil
}

// playOnBroker makes cfg play on the broker's workers as run; the
// returned finish records the end of the match and closes the run.
func playOnBroker(ctx context.Context, nc *nats.Conn, cfg *match.Config, run string, key ed25519.PrivateKey, stderr io.Writer) (func(*match.Result, error), error) {
	setupCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	coord, err := broker.NewCoordinator(setupCtx, nc, cfg, broker.CoordinatorOptions{Run: run, Key: key, Log: consoleLog(stderr)})
	if err != nil {
		return nil, err
	}
	cfg.Remote = coord
	cfg.OnGame = coord.Counted
	return func(r *match.Result, err error) {
		coord.Finish(r, err)
		coord.Close()
	}, nil
}
