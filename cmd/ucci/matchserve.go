package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/web"
)

// serveFlags are the flags of ucci match that serve the live page.
type serveFlags struct {
	addr  *string
	token *string
	hosts stringList
}

// addServeFlags declares -serve, -serve-token and -serve-host.
func addServeFlags(fs *flag.FlagSet) *serveFlags {
	s := &serveFlags{}
	s.addr = fs.String("serve", "", "serve a live page of the match at this address (e.g. 127.0.0.1:8081; port 0: any free port): the games in progress, the table and the finished games; it stays up after the match until Ctrl-C")
	s.token = fs.String("serve-token", "", fmt.Sprintf("a secret every request to the -serve page must carry (at least %d letters, digits or -._~): open the printed URL with it", minTokenLength))
	fs.Var(&s.hosts, "serve-host", "a host name the -serve page may be reached by besides the loopback names and the machine's addresses (repeat, or NAME,NAME)")
	return s
}

// check checks the flags: -serve-token and -serve-host need -serve.
func (s *serveFlags) check() error {
	if *s.addr == "" && (*s.token != "" || len(s.hosts) > 0) {
		return fmt.Errorf("-serve-token and -serve-host go with -serve")
	}
	if err := checkToken(*s.token); err != nil {
		return fmt.Errorf("-serve%v", err)
	}
	return nil
}

// liveView is the live page of a running match.
type liveView struct {
	srv  *web.LiveServer
	hs   *http.Server
	done chan error
	url  string
}

// startLive listens on -serve and serves the live page of the match of
// cfg, which it then watches (cfg.Watch). It prints the page's URL.
func startLive(s *serveFlags, cfg *match.Config, stdout, stderr io.Writer) (*liveView, error) {
	ln, err := net.Listen("tcp", *s.addr)
	if err != nil {
		return nil, fmt.Errorf("-serve: %w", err)
	}
	var names []string
	for _, h := range s.hosts {
		names = append(names, strings.Split(h, ",")...)
	}
	allowed := web.AllowedHosts(ln.Addr().String(), names)
	event := cfg.Event
	if event == "" {
		event = "Engine match"
	}
	feed := web.NewFeed(event, match.EngineNames(cfg.Engines))
	cfg.Watch = feed
	v := &liveView{srv: web.NewLive(web.LiveConfig{Feed: feed, Hosts: allowed, Token: *s.token}), done: make(chan error, 1)}
	v.hs = &http.Server{Handler: v.srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	if web.LoopbackHosts(ln.Addr().String()) == nil {
		guard := "no token: give -serve-token to require one"
		if *s.token != "" {
			guard = "each request needs the token"
		}
		fmt.Fprintf(stderr, "match: warning: the live page listens on %s, beyond this machine: anyone who can reach it can watch the match (%s)\n", ln.Addr(), guard)
		fmt.Fprintf(stderr, "match: host names served: %s (add more with -serve-host)\n", strings.Join(allowed, " "))
	}
	query := ""
	if *s.token != "" {
		query = "?token=" + *s.token
	}
	v.url = fmt.Sprintf("http://%s/%s", displayAddr(ln.Addr()), query)
	fmt.Fprintf(stdout, "live match at %s\n", v.url)
	go func() { v.done <- v.hs.Serve(ln) }()
	return v, nil
}

// waitAndClose keeps the page up after the match until ctx ends (Ctrl-C,
// SIGTERM), saying so on stderr, then stops the server.
func (v *liveView) waitAndClose(ctx context.Context, stderr io.Writer) {
	if ctx.Err() == nil {
		fmt.Fprintf(stderr, "match: over; the live page stays at %s until Ctrl-C\n", v.url)
		select {
		case <-ctx.Done():
		case <-v.done:
		}
	}
	v.close()
}

// close stops the server and the pages' feeds.
func (v *liveView) close() {
	v.srv.Close()
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	v.hs.Shutdown(shut)
}
