package web

import (
	"context"
	"embed"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

//go:embed live
var liveFiles embed.FS

// MaxViewers is how many pages may watch a match at once.
const MaxViewers = 64

// LiveConfig sets up a live match server.
type LiveConfig struct {
	// Feed is the match the page shows.
	Feed *Feed
	// Hosts and Token guard the requests as the board's do (Config).
	Hosts []string
	Token string
}

// LiveServer serves the live match page (web/live, with the board's
// drawing and style) and, at /ws, the feed of the match to each page.
// It serves until it is closed, the match over or not: the page of a
// finished match stays readable.
type LiveServer struct {
	feed  *Feed
	guard guard
	files http.Handler

	mu      sync.Mutex
	viewers int
	closing chan struct{}
	wg      sync.WaitGroup
}

// NewLive returns a live match server for cfg.
func NewLive(cfg LiveConfig) *LiveServer {
	live, _ := fs.Sub(liveFiles, "live")
	return &LiveServer{feed: cfg.Feed, guard: guard{hosts: cfg.Hosts, token: cfg.Token, command: "ucci match"},
		files: http.FileServerFS(live), closing: make(chan struct{})}
}

// ServeHTTP serves the page's files and the feed.
func (s *LiveServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.guard.admit(w, r) {
		return
	}
	switch r.URL.Path {
	case "/ws":
		s.serveFeed(w, r)
	case "/board.js", "/style.css": // the board's, shared
		http.ServeFileFS(w, r, static, "static"+r.URL.Path)
	default:
		s.files.ServeHTTP(w, r)
	}
}

// serveFeed upgrades to a WebSocket (the library refuses an Origin other
// than the page's own host) and sends the feed on it: a snapshot, then
// every change. The page sends nothing; a page that cannot keep up is
// dropped and reconnects.
func (s *LiveServer) serveFeed(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	full := s.viewers >= MaxViewers
	if !full {
		s.viewers++
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if full {
		http.Error(w, "too many pages watch this match", http.StatusServiceUnavailable)
		return
	}
	defer func() {
		s.mu.Lock()
		s.viewers--
		s.mu.Unlock()
		s.wg.Done()
	}()
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx := conn.CloseRead(r.Context())
	ch := s.feed.subscribe()
	defer s.feed.unsubscribe(ch)
	for {
		select {
		case data, ok := <-ch:
			if !ok {
				conn.Close(websocket.StatusTryAgainLater, "too far behind")
				return
			}
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Write(wctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-s.closing:
			conn.Close(websocket.StatusGoingAway, "the match server stops")
			return
		}
	}
}

// Close ends every page's feed and waits for them.
func (s *LiveServer) Close() {
	s.mu.Lock()
	select {
	case <-s.closing:
	default:
		close(s.closing)
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * writeTimeout):
	}
}
