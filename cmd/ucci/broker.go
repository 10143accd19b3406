package main

import (
	"crypto/ed25519"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/tuning/dist"
)

// brokerFlags are the flags of the commands that use a NATS broker; a
// coordinator's connect loads its signing key (keyFile) into key.
type brokerFlags struct {
	url, user, password, token, listen *string
	nkey, ca, cert, key                *string
	keyFile                            *string
	signer                             ed25519.PrivateKey
}

// addBrokerFlags declares -broker, the credentials and (for a coordinator)
// -listen.
func addBrokerFlags(fs *flag.FlagSet, coordinator bool) *brokerFlags {
	b := &brokerFlags{}
	if coordinator {
		b.url = fs.String("broker", "", "play on the workers of this NATS JetStream broker (nats://HOST:4222), or embedded: start one in this process for remote workers to join (default: play locally)")
		b.listen = fs.String("listen", "0.0.0.0:4222", "address of the -broker embedded server")
		b.keyFile = addKeyFlag(fs)
	} else {
		b.url = fs.String("broker", "", "the NATS JetStream broker to take work from (nats://HOST:4222)")
	}
	b.user = fs.String("user", "", "broker user (default $NATS_USER)")
	b.password = fs.String("password", "", "broker password (default $NATS_PASSWORD; prefer the variable, flags show in ps)")
	b.token = fs.String("token", "", "broker token (default $NATS_TOKEN)")
	b.nkey = fs.String("nkey", "", "file of a user nkey seed to sign in with (default $NATS_NKEY); -broker embedded admits its public key")
	b.ca = fs.String("tls-ca", "", "PEM file of the CA that signs the broker's certificate: speak TLS (default $NATS_CA; tls:// URLs speak TLS too)")
	if coordinator {
		b.cert = fs.String("tls-cert", "", "certificate (PEM): the -broker embedded server's, which then accepts TLS only; else this client's (default $NATS_CERT)")
	} else {
		b.cert = fs.String("tls-cert", "", "client certificate, PEM (default $NATS_CERT)")
	}
	b.key = fs.String("tls-key", "", "key of -tls-cert, PEM (default $NATS_KEY)")
	return b
}

// credentials returns the credentials of the flags and the environment.
func (b *brokerFlags) credentials() dist.Credentials {
	return dist.Credentials{User: *b.user, Password: *b.password, Token: *b.token, NkeyFile: *b.nkey,
		CAFile: *b.ca, CertFile: *b.cert, KeyFile: *b.key}.FromEnv()
}

// printWorkerCommand prints, for a coordinator, the command that starts
// one of its workers on the broker at url: it trusts the coordinator's
// key.
func (b *brokerFlags) printWorkerCommand(name, url string, stderr io.Writer) {
	if b.signer == nil {
		return
	}
	cmd := "ucci worker -broker " + url
	switch {
	case *b.ca != "":
		cmd += " -tls-ca " + *b.ca
	case strings.HasPrefix(url, "tls://"):
		cmd += " -tls-ca CA.pem"
	}
	cmd += " -trust " + dist.PublicKeyText(b.signer.Public().(ed25519.PublicKey))
	if c := b.credentials(); c.User != "" || c.Token != "" || c.NkeyFile != "" {
		cmd += "   (with the broker's credentials: NATS_USER and NATS_PASSWORD, NATS_TOKEN or NATS_NKEY)"
	}
	fmt.Fprintf(stderr, "%s: workers join with: %s\n", name, cmd)
}

// consoleLog returns a logger that writes readable lines to w.
func consoleLog(w io.Writer) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly, NoColor: !isTerminal(w)}).With().Timestamp().Logger()
}

// connect connects as name, starting the embedded server first when the
// URL is "embedded" (its close is returned with the connection's). A
// coordinator loads its signing key first (b.signer) and prints the
// command its workers are started with. An error is printed by the caller
// and ends the command with status 2.
func (b *brokerFlags) connect(name string, stderr io.Writer) (*nats.Conn, func(), error) {
	if b.keyFile != nil {
		var err error
		if b.signer, err = loadKey(*b.keyFile, stderr); err != nil {
			return nil, nil, err
		}
	}
	creds := b.credentials()
	if *b.url != "embedded" {
		nc, err := dist.Connect(*b.url, "ucci "+name, creds)
		if err != nil {
			return nil, nil, err
		}
		b.printWorkerCommand(name, dist.Redact(*b.url), stderr)
		return nc, nc.Close, nil
	}
	dir, err := os.MkdirTemp("", "ucci-broker")
	if err != nil {
		return nil, nil, err
	}
	e, err := dist.StartEmbedded(*b.listen, dir, creds)
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	closeAll := func() {
		e.Close()
		os.RemoveAll(dir)
	}
	host, port, _ := net.SplitHostPort(*b.listen)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "HOST"
	}
	scheme := "nats"
	if creds.CertFile != "" {
		scheme = "tls"
	}
	fmt.Fprintf(stderr, "%s: embedded broker on %s\n", name, *b.listen)
	b.printWorkerCommand(name, scheme+"://"+net.JoinHostPort(host, port), stderr)
	nc, err := e.ConnectInProcess("ucci "+name, creds)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return nc, func() {
		nc.Close()
		closeAll()
	}, nil
}
