package broker

import (
	"fmt"
	"github.com/goxq/ucci/internal/safefile"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Embedded is a NATS server with JetStream running in this process, which
// remote workers can join.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts a server listening on addr (HOST:PORT; port 0 picks
// a free one) that keeps its JetStream data in dir and asks clients for
// the credentials c (none when c is empty): the user and password, the
// token, or a signature by the nkey of c.NkeyFile. With c.CertFile and
// c.KeyFile it speaks TLS only, with that certificate. An address beyond
// the loopback interface needs credentials, unless insecure.
func StartEmbedded(addr, dir string, c Credentials, insecure bool) (*Embedded, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("embedded broker address %q: %v", addr, err)
	}
	if !insecure && !IsLoopback(host) && !c.Authenticates() {
		return nil, fmt.Errorf("the embedded broker would listen on %s, beyond this machine, without credentials: "+
			"give a user and password (-user and NATS_PASSWORD), a token or an nkey, or listen on 127.0.0.1 (or accept the risk: -insecure)", addr)
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 0 || p > 65535 {
		return nil, fmt.Errorf("embedded broker address %q: bad port", addr)
	}
	if p == 0 {
		p = server.RANDOM_PORT
	}
	opts := &server.Options{
		Host:      host,
		Port:      p,
		JetStream: true,
		StoreDir:  dir,
		NoSigs:    true,
		NoLog:     true,
		Username:  c.User,
		Password:  c.Password,
	}
	switch {
	case c.NkeyFile != "":
		pub, err := publicNkey(c.NkeyFile)
		if err != nil {
			return nil, fmt.Errorf("embedded broker: %v", err)
		}
		opts.Username, opts.Password = "", ""
		opts.Nkeys = []*server.NkeyUser{{Nkey: pub}}
	case c.Token != "":
		opts.Username, opts.Password, opts.Authorization = "", "", c.Token
	}
	if c.CertFile != "" || c.KeyFile != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: c.CertFile, KeyFile: c.KeyFile, Timeout: 2})
		if err != nil {
			return nil, fmt.Errorf("embedded broker TLS: %v", err)
		}
		opts.TLS, opts.TLSConfig, opts.TLSTimeout = true, tc, 2
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("embedded broker: %v", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("embedded broker on %s did not start", addr)
	}
	return &Embedded{srv: srv}, nil
}

// URL returns the address clients connect to.
func (e *Embedded) URL() string { return e.srv.ClientURL() }

// ConnectInProcess connects to the server within the process (no network,
// no TLS) with the credentials c, as name.
func (e *Embedded) ConnectInProcess(name string, c Credentials) (*nats.Conn, error) {
	opts, err := c.authOptions()
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect("", append(opts, nats.Name(name), nats.Timeout(connectTimeout), nats.InProcessServer(e.srv))...)
	if err != nil {
		return nil, fmt.Errorf("embedded broker: %s", scrub(err.Error(), c))
	}
	return nc, nil
}

// nkeySeedLimit bounds an nkey seed file (a seed is under 100 bytes; a
// decorated file a few hundred).
const nkeySeedLimit = 16 << 10

// publicNkey returns the public key of the user nkey seed in file.
func publicNkey(file string) (string, error) {
	seed, err := safefile.ReadFile(file, nkeySeedLimit)
	if err != nil {
		return "", err
	}
	kp, err := nkeys.ParseDecoratedNKey(seed)
	if err != nil {
		return "", fmt.Errorf("nkey seed %s: %v", file, err)
	}
	defer kp.Wipe()
	pub, err := kp.PublicKey()
	if err != nil || !nkeys.IsValidPublicUserKey(pub) {
		return "", fmt.Errorf("nkey seed %s: not a user seed", file)
	}
	return pub, nil
}

// IsLoopback tells whether the host of a listening address is the
// loopback interface only ("localhost", 127.0.0.0/8, ::1); "" and 0.0.0.0
// are every interface.
func IsLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Authenticates tells whether c asks clients to sign in: a user with a
// password, a token or an nkey.
func (c Credentials) Authenticates() bool {
	return c.User != "" && c.Password != "" || c.Token != "" || c.NkeyFile != ""
}

// Close stops the server.
func (e *Embedded) Close() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}
