package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/tuning/dist"
)

// brokerFlags are the flags of the commands that use a NATS broker.
type brokerFlags struct {
	url, user, password, token, listen *string
}

// addBrokerFlags declares -broker, the credentials and (for a coordinator)
// -listen.
func addBrokerFlags(fs *flag.FlagSet, coordinator bool) *brokerFlags {
	b := &brokerFlags{}
	if coordinator {
		b.url = fs.String("broker", "", "play on the workers of this NATS JetStream broker (nats://HOST:4222), or embedded: start one in this process for remote workers to join (default: play locally)")
		b.listen = fs.String("listen", "0.0.0.0:4222", "address of the -broker embedded server")
	} else {
		b.url = fs.String("broker", "", "the NATS JetStream broker to take work from (nats://HOST:4222)")
	}
	b.user = fs.String("user", "", "broker user (default $NATS_USER)")
	b.password = fs.String("password", "", "broker password (default $NATS_PASSWORD; prefer the variable, flags show in ps)")
	b.token = fs.String("token", "", "broker token (default $NATS_TOKEN)")
	return b
}

// credentials returns the credentials of the flags and the environment.
func (b *brokerFlags) credentials() dist.Credentials {
	return dist.Credentials{User: *b.user, Password: *b.password, Token: *b.token}.FromEnv()
}

// consoleLog returns a logger that writes readable lines to w.
func consoleLog(w io.Writer) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly, NoColor: !isTerminal(w)}).With().Timestamp().Logger()
}

// connectBroker connects as name, starting the embedded server first when
// the URL is "embedded" (its close is returned with the connection's).
// An error is printed by the caller and ends the command with status 2.
func (b *brokerFlags) connect(name string, stderr io.Writer) (*nats.Conn, func(), error) {
	creds := b.credentials()
	url := *b.url
	closeAll := func() {}
	if url == "embedded" {
		dir, err := os.MkdirTemp("", "ucci-broker")
		if err != nil {
			return nil, nil, err
		}
		e, err := dist.StartEmbedded(*b.listen, dir, creds)
		if err != nil {
			os.RemoveAll(dir)
			return nil, nil, err
		}
		closeAll = func() {
			e.Close()
			os.RemoveAll(dir)
		}
		url = e.URL()
		_, port, _ := net.SplitHostPort(*b.listen)
		fmt.Fprintf(stderr, "%s: embedded broker on %s; workers join with: ucci worker -broker nats://HOST:%s\n", name, *b.listen, port)
	}
	nc, err := dist.Connect(url, "ucci "+name, creds)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return nc, func() {
		nc.Close()
		closeAll()
	}, nil
}
