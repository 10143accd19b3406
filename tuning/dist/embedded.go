package dist

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Embedded is a NATS server with JetStream running in this process, which
// remote workers can join.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts a server listening on addr (HOST:PORT; port 0 picks
// a free one) that keeps its JetStream data in dir and asks clients for
// the credentials c (none when c is empty).
func StartEmbedded(addr, dir string, c Credentials) (*Embedded, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("embedded broker address %q: %v", addr, err)
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
	if c.Token != "" {
		opts.Username, opts.Password, opts.Authorization = "", "", c.Token
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

// Close stops the server.
func (e *Embedded) Close() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}
