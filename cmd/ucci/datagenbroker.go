package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/cmd/ucci/tunecmd"
	"github.com/goxq/ucci/tuning/datagen"
)

// tuneDatagen runs `ucci tune datagen`, with the broker flags.
func tuneDatagen(args []string, stdout, stderr io.Writer) int {
	return tunecmd.DatagenOn(args, stdout, stderr, func(fs *flag.FlagSet) tunecmd.DatagenBroker {
		return &datagenBroker{
			flags:  addBrokerFlags(fs, roleCoordinator),
			binary: fs.String("binary", "", "with -broker: the ucci build the workers make the chunks with (default: this executable)"),
		}
	})
}

// datagenBroker makes the chunks of a datagen run on a broker's workers.
type datagenBroker struct {
	flags  *brokerFlags
	binary *string
}

// Requested tells whether -broker was given.
func (b *datagenBroker) Requested() bool { return *b.flags.url != "" }

// Connect connects to the broker (an unreachable one is an error within
// a few seconds) and sets up the run.
func (b *datagenBroker) Connect(stderr io.Writer, args []string, files []int) (datagen.Remote, func() (int, int), func(), error) {
	bin := *b.binary
	if bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, nil, nil, fmt.Errorf("this executable: %v", err)
		}
		bin = exe
	}
	nc, closeConn, err := b.flags.connect("tune datagen", stderr)
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	coord, err := broker.NewDatagenCoordinator(ctx, nc, broker.DatagenOptions{Binary: bin, Args: args, Files: files,
		Key: b.flags.signer, Log: consoleLog(stderr)})
	if err != nil {
		closeConn()
		return nil, nil, nil, err
	}
	fmt.Fprintf(stderr, "tune datagen: run %s on broker %s\n", coord.Run(), broker.Redact(*b.flags.url))
	return coord, coord.Workers, func() {
		coord.Close()
		closeConn()
	}, nil
}
