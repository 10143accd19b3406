package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestAllowedHostsBeyondLoopback: a server on a wildcard or another
// address keeps the Host check: the loopback names, the machine's own
// addresses and the names given, nothing else.
func TestAllowedHostsBeyondLoopback(t *testing.T) {
	addrs, err := net.InterfaceAddrs()
	if err != nil || len(addrs) == 0 {
		t.Fatalf("interface addresses: %v, %v", addrs, err)
	}
	own := addrs[len(addrs)-1].(*net.IPNet).IP.String()
	for _, addr := range []string{"0.0.0.0:8080", "[::]:80", "192.0.2.7:8080"} {
		hosts := AllowedHosts(addr, []string{"board.example", " [fd00::1] "})
		for _, want := range []string{"localhost", "127.0.0.1", "::1", own, "board.example", "fd00::1"} {
			if !slices.Contains(hosts, want) {
				t.Errorf("AllowedHosts(%s) = %v: lacks %s", addr, hosts, want)
			}
		}
	}
	if hosts := AllowedHosts("127.0.0.1:8080", nil); slices.Contains(hosts, own) && own != "127.0.0.1" && own != "::1" {
		t.Errorf("a loopback server accepts the machine's address %s: %v", own, hosts)
	}
	_, hs := startServer(t, Config{Hosts: AllowedHosts("0.0.0.0:8080", []string{"board.example"})})
	for host, want := range map[string]int{"evil.example": http.StatusMisdirectedRequest, "board.example:8080": 200, own: 200} {
		req, _ := http.NewRequest("GET", hs.URL+"/", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}

// TestTokenRequired: with a token, a request without it (or with another)
// is refused; the URL with it opens the page and sets the cookie that the
// page's files and its WebSocket then carry.
func TestTokenRequired(t *testing.T) {
	const token = "s3cret-token-0123456789"
	_, hs := startServer(t, Config{Token: token})
	get := func(path string, cookies ...*http.Cookie) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", hs.URL+path, nil)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for _, path := range []string{"/", "/main.js", "/?token=wrong-token-0123456789", "/ws"} {
		if resp := get(path); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %d, want 401", path, resp.StatusCode)
		}
	}
	if resp := get("/main.js", &http.Cookie{Name: tokenCookie, Value: "wrong"}); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong cookie: %d, want 401", resp.StatusCode)
	}
	resp := get("/?token=" + token)
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == tokenCookie {
			cookie = c
		}
	}
	if resp.StatusCode != 200 || cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("GET /?token=: %d, cookie %v", resp.StatusCode, cookie)
	}
	if resp := get("/main.js", cookie); resp.StatusCode != 200 {
		t.Errorf("GET /main.js with the cookie: %d", resp.StatusCode)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	if _, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("WebSocket without the cookie: %v, %v; want 401", err, resp)
	}
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie.String()}}})
	if err != nil {
		t.Fatalf("WebSocket with the cookie: %v", err)
	}
	defer conn.CloseNow()
	c := &client{t: t, conn: conn}
	c.next("hello")
}

// TestIdleSessionsClose: a tab that sends nothing for the idle timeout is
// closed (its engine too), so idle tabs cannot hold every place: with two
// places taken by idle tabs a third is refused, and accepted once they
// time out; a tab that keeps sending stays open.
func TestIdleSessionsClose(t *testing.T) {
	saved := idleTimeout
	idleTimeout = 700 * time.Millisecond
	defer func() { idleTimeout = saved }()
	srv, hs := startServer(t, Config{MaxSessions: 2})
	idle, _, _ := dial(t, hs)
	busy, _, _ := dial(t, hs)
	busy.sendJSON(map[string]any{"t": "multipv", "n": 2})
	busy.state(5*time.Second, nil)
	pids := srv.enginePids()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	if _, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a third tab with two open: %v %v, want 503", err, resp)
	}
	// The busy tab sends a message more often than the timeout.
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
				data := []byte(`{"t":"multipv","n":2}`)
				wctx, wcancel := context.WithTimeout(context.Background(), time.Second)
				busy.conn.Write(wctx, websocket.MessageText, data)
				wcancel()
			}
		}
	}()
	rctx, rcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer rcancel()
	var err error
	for err == nil {
		_, _, err = idle.conn.Read(rctx)
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || !strings.Contains(ce.Reason, "no message for 700ms") {
		t.Errorf("the idle tab ended with %v, want a close 1001 saying why", err)
	}
	for deadline := time.Now().Add(5 * time.Second); srv.Sessions() > 1 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	third, _, _ := dial(t, hs)
	pids = append(pids, srv.enginePids()...)
	go func() { // reads, so as to answer the close
		for {
			if _, _, err := third.conn.Read(context.Background()); err != nil {
				return
			}
		}
	}()
	time.Sleep(2 * idleTimeout) // the busy tab goes on sending, the third tab is idle
	close(stop)
	<-done
	if n := srv.Sessions(); n != 1 {
		t.Errorf("%d sessions open, want the busy tab only", n)
	}
	busy.sendJSON(map[string]any{"t": "multipv", "n": 3})
	busy.state(5*time.Second, func(st stateMsg) bool { return st.MultiPV == 3 })
	third.conn.CloseNow()
	busy.conn.CloseNow()
	waitGone(t, srv, pids)
}
