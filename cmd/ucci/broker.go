package main

import (
	"crypto/ed25519"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/broker"
)

// brokerFlags are the flags of the commands that use a NATS broker; a
// coordinator's connect loads its signing key (keyFile) into signer.
type brokerFlags struct {
	url, user, password, token, listen *string
	nkey, ca, cert, key                *string
	keyFile, store                     *string
	insecure                           *bool
	signer                             ed25519.PrivateKey
	// storeRun, when set, names the run whose store -broker embedded
	// keeps (without -store: in the user cache directory), so that the
	// run can be resumed; resuming says that it must be there already.
	// runFinished, set once the run finished, removes that default store
	// when the broker closes.
	storeRun              string
	resuming, runFinished bool
}

// brokerRole is what a command does on a broker: its flags say so.
type brokerRole uint8

// The roles: a coordinator hands out work (ucci match, spsa, datagen with
// -broker), a worker takes it, status reads the runs.
const (
	roleCoordinator brokerRole = iota
	roleWorker
	roleStatus
)

// addBrokerFlags declares -broker, the credentials and (for a coordinator)
// -listen, each described for the command's role.
func addBrokerFlags(fs *flag.FlagSet, role brokerRole) *brokerFlags {
	b := &brokerFlags{}
	coordinator := role == roleCoordinator
	switch role {
	case roleCoordinator:
		b.url = fs.String("broker", "", "play on the workers of this NATS JetStream broker (nats://HOST:4222), or embedded: start one in this process for remote workers to join (default: play locally)")
		b.listen = fs.String("listen", "127.0.0.1:4222", "address of the -broker embedded server (beyond the loopback it needs credentials, or -insecure)")
		b.insecure = fs.Bool("insecure", false, "let -broker embedded listen beyond the loopback without credentials (a warning is printed)")
		b.store = fs.String("store", "", "directory of the -broker embedded server's data, kept (default: a temporary one; for a match, ucci-broker/RUN in the user cache directory, removed when the run finishes)")
		b.keyFile = addKeyFlag(fs)
		b.nkey = fs.String("nkey", "", "file of a user nkey seed to sign in with (default $NATS_NKEY); -broker embedded admits its public key")
	case roleWorker:
		b.url = fs.String("broker", "", "the NATS JetStream broker to take work from: the URL the coordinator printed (nats://HOST:4222)")
		b.nkey = fs.String("nkey", "", "file of the user nkey seed this worker signs in to the broker with (default $NATS_NKEY); for a coordinator's -broker embedded, the seed it was given")
	default:
		b.url = fs.String("broker", "", "the NATS JetStream broker the matches run on, as given to ucci match -broker (nats://HOST:4222)")
		b.nkey = fs.String("nkey", "", "file of a user nkey seed to sign in to the broker with (default $NATS_NKEY), as the coordinator and the workers do")
	}
	b.user = fs.String("user", "", "broker user (default $NATS_USER)")
	b.password = fs.String("password", "", "broker password (default $NATS_PASSWORD; prefer the variable, flags show in ps)")
	b.token = fs.String("token", "", "broker token (default $NATS_TOKEN)")
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
func (b *brokerFlags) credentials() broker.Credentials {
	return broker.Credentials{User: *b.user, Password: *b.password, Token: *b.token, NkeyFile: *b.nkey,
		CAFile: *b.ca, CertFile: *b.cert, KeyFile: *b.key}.FromEnv()
}

// storeDir returns the directory of the embedded server's data and
// whether it is kept after the process: -store, or for a run to keep
// (storeRun) ucci-broker/RUN in the user cache directory; else a new
// temporary directory.
func (b *brokerFlags) storeDir() (dir string, keep bool, err error) {
	switch {
	case *b.store != "":
		dir = *b.store
	case b.storeRun != "":
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", false, fmt.Errorf("the embedded broker's store: %v (give -store DIR)", err)
		}
		dir = filepath.Join(cache, "ucci-broker", b.storeRun)
	default:
		dir, err = os.MkdirTemp("", "ucci-broker")
		return dir, false, err
	}
	if b.resuming {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return "", false, fmt.Errorf("run %s: no store of the embedded broker in %s (it is kept there until the run finishes; give -store DIR if it was elsewhere)", b.storeRun, dir)
		}
	}
	return dir, true, os.MkdirAll(dir, 0o700)
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
	cmd += " -trust " + broker.PublicKeyText(b.signer.Public().(ed25519.PublicKey))
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
		nc, err := broker.Connect(*b.url, "ucci "+name, creds)
		if err != nil {
			return nil, nil, err
		}
		b.printWorkerCommand(name, broker.Redact(*b.url), stderr)
		return nc, nc.Close, nil
	}
	dir, keep, err := b.storeDir()
	if err != nil {
		return nil, nil, err
	}
	e, err := broker.StartEmbedded(*b.listen, dir, creds, *b.insecure)
	if err != nil {
		if !keep {
			os.RemoveAll(dir)
		}
		return nil, nil, err
	}
	closeAll := func() {
		e.Close()
		if !keep || b.runFinished && *b.store == "" {
			os.RemoveAll(dir)
		}
	}
	host, port, _ := net.SplitHostPort(*b.listen)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "HOST"
	}
	scheme := "nats"
	if creds.CertFile != "" {
		scheme = "tls"
	}
	where := "a temporary store"
	if keep {
		where = "its store in " + dir
	}
	fmt.Fprintf(stderr, "%s: embedded broker on %s, %s\n", name, *b.listen, where)
	if host, _, _ := net.SplitHostPort(*b.listen); !broker.IsLoopback(host) && *b.insecure && !creds.Authenticates() {
		fmt.Fprintf(stderr, "%s: warning: the embedded broker listens on %s without credentials (-insecure): anyone who can reach it can read, publish and delete the runs on it (workers still run only work signed by a key they trust)\n",
			name, *b.listen)
	}
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
