package web

import (
	"context"
	"embed"
	"errors"
	"github.com/goxq/ucci/engine/tb"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/engineproc"
)

//go:embed static
var static embed.FS

// DefaultMaxSessions is how many tabs may be open at once by default.
const DefaultMaxSessions = 16

// Config sets up a server.
type Config struct {
	// Engines are the engines a page may choose, by index; the first is
	// the default. A page never names a program: only these run.
	Engines []engineproc.EngineSpec
	// Hosts are the host names (without port) the Host header may carry;
	// empty allows any. A server on a loopback address allows only
	// loopback names, so that a web site cannot reach it by pointing its
	// own name at 127.0.0.1 (DNS rebinding); one on another address the
	// names it is told and the machine's own addresses (AllowedHosts).
	Hosts []string
	// Token, when set, must come with every request: in the URL
	// (?token=...), which also sets a cookie, or in that cookie (the
	// page's own files and its WebSocket). Compared in constant time.
	Token string
	// MaxSessions bounds the open tabs (DefaultMaxSessions when 0).
	MaxSessions int
	// Version is shown on the page.
	Version string
	// Log receives the server's events (nothing by default).
	Log zerolog.Logger
	// Tablebases, when set, give the exact result of the positions they
	// hold in the analysis panel (see stateMsg.Tablebase).
	Tablebases *tb.Tables
}

// Server serves the board page and one session per WebSocket.
type Server struct {
	cfg      Config
	guard    guard
	mu       sync.Mutex
	sessions map[*session]int // open sessions and their engine's pid (0 = none)
	wg       sync.WaitGroup
}

// New returns a server for cfg.
func New(cfg Config) (*Server, error) {
	if len(cfg.Engines) == 0 {
		return nil, errors.New("no engine")
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	return &Server{cfg: cfg, guard: guard{hosts: cfg.Hosts, token: cfg.Token, command: "ucci serve"}, sessions: map[*session]int{}}, nil
}

// LoopbackHosts returns the host names a server bound to addr accepts:
// for a loopback address, localhost and the loopback addresses; nil (any)
// otherwise.
func LoopbackHosts(addr string) []string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil
	}
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil
	}
	return []string{"localhost", "127.0.0.1", "::1", host}
}

// AllowedHosts returns the host names a server bound to addr accepts: the
// loopback names (LoopbackHosts) and extra (names given by the user); for
// an address beyond loopback (a wildcard such as 0.0.0.0 included), also
// every address of the machine's network interfaces. The Host check thus
// stays on whatever the address.
func AllowedHosts(addr string, extra []string) []string {
	hosts := LoopbackHosts(addr)
	if hosts == nil {
		hosts = []string{"localhost", "127.0.0.1", "::1"}
		if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
			hosts = append(hosts, host)
		}
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					hosts = append(hosts, n.IP.String())
				}
			}
		}
	}
	for _, h := range extra {
		if h = strings.Trim(strings.TrimSpace(h), "[]"); h != "" {
			hosts = append(hosts, h)
		}
	}
	return hosts
}

// ServeHTTP serves the page's files and, at /ws, the WebSocket.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.guard.admit(w, r) {
		return
	}
	if r.URL.Path == "/ws" {
		s.serveSocket(w, r)
		return
	}
	files, _ := fs.Sub(static, "static")
	http.FileServerFS(files).ServeHTTP(w, r)
}

// serveSocket upgrades to a WebSocket (the library refuses an Origin other
// than the page's own host) and runs a session on it.
func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	full := len(s.sessions) >= s.cfg.MaxSessions
	s.mu.Unlock()
	if full {
		http.Error(w, "too many open boards", http.StatusServiceUnavailable)
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.cfg.Log.Info().Err(err).Str("origin", r.Header.Get("Origin")).Msg("websocket refused")
		return
	}
	conn.SetReadLimit(maxMessage)
	sess := newSession(s, conn)
	s.mu.Lock()
	if len(s.sessions) >= s.cfg.MaxSessions {
		s.mu.Unlock()
		conn.Close(websocket.StatusTryAgainLater, "too many open boards")
		return
	}
	s.sessions[sess] = 0
	s.wg.Add(1)
	s.mu.Unlock()
	s.cfg.Log.Info().Str("remote", r.RemoteAddr).Msg("session opened")
	defer func() {
		s.mu.Lock()
		delete(s.sessions, sess)
		s.mu.Unlock()
		s.wg.Done()
		conn.CloseNow()
		s.cfg.Log.Info().Str("remote", r.RemoteAddr).Msg("session closed")
	}()
	sess.run()
}

// track records the engine process of a session (0 for none).
func (s *Server) track(sess *session, pid int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[sess]; ok {
		s.sessions[sess] = pid
	}
}

// Sessions returns the number of open sessions.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// enginePids returns the process ids of the sessions' engines.
func (s *Server) enginePids() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for _, pid := range s.sessions {
		if pid != 0 {
			pids = append(pids, pid)
		}
	}
	return pids
}

// Close ends every session and its engine.
func (s *Server) Close() {
	s.mu.Lock()
	for sess := range s.sessions {
		sess.cancel()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// engineNames returns the names of the engines a page may choose.
func (s *Server) engineNames() []string {
	names := make([]string, len(s.cfg.Engines))
	for i, e := range s.cfg.Engines {
		names[i] = e.DisplayName()
	}
	return names
}

// openEngine starts engine idx for a session; it is killed when ctx ends.
func (s *Server) openEngine(ctx context.Context, idx int) (*engineproc.Engine, error) {
	if idx < 0 || idx >= len(s.cfg.Engines) {
		return nil, errors.New("no such engine")
	}
	return engineproc.OpenEngine(ctx, s.cfg.Engines[idx], handshakeTimeout)
}
