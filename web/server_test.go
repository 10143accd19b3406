package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/goxq/ucci/cmd/ucci/protocol"
	"github.com/goxq/ucci/engineproc"
)

// engineArg makes the test binary run the engine instead of the tests, so
// that the sessions start real engine processes of this build.
const engineArg = "goxq-test-engine"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == engineArg {
		s := protocol.NewSession(os.Stdout, protocol.Config{Name: "GoXQ", Version: "test", OwnsProcess: true})
		os.Exit(s.Run(os.Stdin))
	}
	os.Exit(m.Run())
}

// testEngine is the spec of the engine the tests run.
func testEngine() engineproc.EngineSpec {
	return engineproc.EngineSpec{Name: "GoXQ", Cmd: os.Args[0], Args: []string{engineArg}, Proto: engineproc.ProtoUCCI,
		Options: []engineproc.Option{{Name: "hashsize", Value: "8"}}}
}

// startServer starts a test server with the test engine.
func startServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if len(cfg.Engines) == 0 {
		cfg.Engines = []engineproc.EngineSpec{testEngine()}
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return srv, hs
}

// client is a test page: a WebSocket and the messages read from it.
type client struct {
	t    *testing.T
	conn *websocket.Conn
}

// dial opens a session and reads its hello and first state.
func dial(t *testing.T, hs *httptest.Server) (*client, helloMsg, stateMsg) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(8 << 20)
	c := &client{t: t, conn: conn}
	t.Cleanup(func() { conn.CloseNow() })
	var hello helloMsg
	c.decode(c.next("hello"), &hello)
	var st stateMsg
	c.decode(c.next("state"), &st)
	return c, hello, st
}

// sendJSON sends a message.
func (c *client) sendJSON(v any) {
	c.t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(websocket.MessageText, data)
}

// sendRaw sends a message as it is.
func (c *client) sendRaw(typ websocket.MessageType, data []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, typ, data); err != nil {
		c.t.Fatal(err)
	}
}

// read returns the next message and its type field.
func (c *client) read(timeout time.Duration) (string, []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err != nil {
		c.t.Fatalf("reading: %v", err)
	}
	var head struct {
		T string `json:"t"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		c.t.Fatalf("message %q: %v", data, err)
	}
	return head.T, data
}

// next returns the next message, which must be of type typ.
func (c *client) next(typ string) []byte {
	c.t.Helper()
	got, data := c.read(10 * time.Second)
	if got != typ {
		c.t.Fatalf("got %s, want %s: %s", got, typ, data)
	}
	return data
}

// skipTo reads until a message of type typ that satisfies ok (nil: any).
func (c *client) skipTo(typ string, timeout time.Duration, ok func([]byte) bool) []byte {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		got, data := c.read(time.Until(deadline))
		if got == typ && (ok == nil || ok(data)) {
			return data
		}
		if got == "error" {
			c.t.Logf("skipped: %s", data)
		}
	}
	c.t.Fatalf("no %s message within %v", typ, timeout)
	return nil
}

// state reads up to the next state message.
func (c *client) state(timeout time.Duration, ok func(stateMsg) bool) stateMsg {
	c.t.Helper()
	var st stateMsg
	c.skipTo("state", timeout, func(data []byte) bool {
		st = stateMsg{}
		c.decode(data, &st)
		return ok == nil || ok(st)
	})
	return st
}

func (c *client) decode(data []byte, v any) {
	c.t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		c.t.Fatalf("decoding %s: %v", data, err)
	}
}

// alive tells whether process pid runs.
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// waitGone waits until no session is open and the processes have ended.
func waitGone(t *testing.T, srv *Server, pids []int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		left := 0
		for _, pid := range pids {
			if alive(pid) {
				left++
			}
		}
		if left == 0 && srv.Sessions() == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%d sessions open, engines %v not all ended", srv.Sessions(), pids)
}

func TestPageAndHeaders(t *testing.T) {
	_, hs := startServer(t, Config{Hosts: LoopbackHosts("127.0.0.1:0")})
	resp, err := http.Get(hs.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Fatalf("GET /: %d %v", resp.StatusCode, resp.Header)
	}
	if !bytes.Contains(page, []byte(`id="fen"`)) || bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) {
		t.Fatalf("the page lacks the fen element or loads from elsewhere:\n%s", page)
	}
	for _, f := range []string{"main.js", "board.js", "analysis.js", "setup.js", "style.css"} {
		resp, err := http.Get(hs.URL + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) == 0 || bytes.Contains(body, []byte("https://")) {
			t.Fatalf("GET /%s: %d, %d bytes", f, resp.StatusCode, len(body))
		}
	}
	resp, err = http.Post(hs.URL+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("POST /: %d, want 405", resp.StatusCode)
	}
	req, _ := http.NewRequest("GET", hs.URL+"/", nil)
	req.Host = "evil.example:80"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("Host evil.example: %d, want 421", resp.StatusCode)
	}
}

func TestLoopbackHosts(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "[::1]:80": true, "localhost:1": true, "0.0.0.0:8080": false, "192.0.2.1:80": false} {
		if got := LoopbackHosts(addr) != nil; got != want {
			t.Errorf("LoopbackHosts(%s) restricts: %v, want %v", addr, got, want)
		}
	}
}

func TestOriginChecked(t *testing.T) {
	srv, hs := startServer(t, Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a foreign Origin was not refused with 403: %v %v", err, resp)
	}
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {hs.URL}}})
	if err != nil {
		t.Fatalf("the page's own origin refused: %v", err)
	}
	conn.CloseNow()
	waitGone(t, srv, nil)
}

func TestHelloAndStartState(t *testing.T) {
	_, hs := startServer(t, Config{Version: "v-test"})
	_, hello, st := dial(t, hs)
	if hello.Version != "v-test" || len(hello.Engines) != 1 || hello.Engines[0] != "GoXQ" || len(hello.Controls) < 10 {
		t.Fatalf("hello %+v", hello)
	}
	if st.FEN != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" || len(st.Legal) != 44 ||
		st.Turn != "red" || st.Mode != "analyse" || st.Result != "*" || len(st.Book) == 0 {
		t.Fatalf("start state %+v", st)
	}
}

func TestBadMessagesGetAnErrorOnly(t *testing.T) {
	srv, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	c.sendJSON(map[string]any{"t": "move", "move": "h2e2"})
	before := c.state(5*time.Second, nil)
	bad := []string{
		`not json`,
		`{"t":"fly"}`,
		`{"t":"move","move":"h2e2","extra":1}`,
		`{"t":"move","move":"a0a5"}`,
		`{"t":"move","move":"zz"}`,
		`{"t":"move","move":"` + strings.Repeat("x", 300) + `"}`,
		`{"t":"fen","fen":"rnbakabnr/9/9 w"}`,
		`{"t":"multipv","n":99}`,
		`{"t":"goto","ply":7}`,
		`{"t":"engine","engine":5}`,
		`{"t":"new","tc":"banana"}`,
		`{"t":"new","level":"skill:99"}`,
		`{"t":"new","side":"green"}`,
		`{"t":"new","engine":-1}`,
		`{"t":"import","data":"aGVsbG8="}`,
		`{"t":"export","notation":"morse"}`,
		`{"t":"undo"}`,
		`{"t":"draw"}`,
		`{"t":"resign"}`,
		`{"t":"move"} {"t":"move"}`,
		`[1,2]`,
	}
	for _, msg := range bad {
		c.sendRaw(websocket.MessageText, []byte(msg))
		var e errorMsg
		c.decode(c.next("error"), &e)
		if e.Msg == "" {
			t.Errorf("%s: empty error", msg)
		}
	}
	c.sendRaw(websocket.MessageBinary, []byte{1, 2, 3})
	c.next("error")
	// Nothing else was sent and nothing changed: the next answer is the
	// state of a valid message, the same position.
	c.sendJSON(map[string]any{"t": "goto", "ply": 1})
	after := c.state(5*time.Second, nil)
	if after.FEN != before.FEN || len(after.Moves) != 1 || after.Mode != "analyse" {
		t.Fatalf("state changed by bad messages: %+v, before %+v", after, before)
	}
	if pids := srv.enginePids(); len(pids) != 0 {
		t.Fatalf("an engine started: %v", pids)
	}
	// A message over the size limit closes the connection.
	c.sendRaw(websocket.MessageText, []byte(`{"t":"import","data":"`+strings.Repeat("A", maxMessage)+`"}`))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, _, err := c.conn.Read(ctx); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("oversized message: %v, want close status 1009", err)
	}
}

func TestManySessionsEachWithItsEngine(t *testing.T) {
	const n = 6
	srv, hs := startServer(t, Config{})
	clients := make([]*client, n)
	for i := range clients {
		clients[i], _, _ = dial(t, hs)
		clients[i].sendJSON(map[string]any{"t": "multipv", "n": 2})
		clients[i].sendJSON(map[string]any{"t": "analyse", "on": true})
	}
	for i, c := range clients {
		data := c.skipTo("analysis", 20*time.Second, nil)
		var a analysisMsg
		c.decode(data, &a)
		if len(a.Lines) == 0 || len(a.Lines[0].PV) == 0 || a.Engine != "GoXQ" {
			t.Fatalf("session %d: analysis %s", i, data)
		}
	}
	pids := srv.enginePids()
	seen := map[int]bool{}
	for _, pid := range pids {
		seen[pid] = true
		if !alive(pid) {
			t.Fatalf("engine %d not running", pid)
		}
	}
	if len(seen) != n || srv.Sessions() != n {
		t.Fatalf("%d sessions with %d distinct engines, want %d", srv.Sessions(), len(seen), n)
	}
	// Closing a socket ends its engine and only its engine.
	clients[0].conn.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(10 * time.Second)
	for srv.Sessions() != n-1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := len(srv.enginePids()); got != n-1 || srv.Sessions() != n-1 {
		t.Fatalf("after one close: %d engines, %d sessions", got, srv.Sessions())
	}
	for _, c := range clients[1:] {
		c.conn.CloseNow()
	}
	waitGone(t, srv, pids)
}

func TestClosedSocketEndsThinkingEngine(t *testing.T) {
	srv, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	c.sendJSON(map[string]any{"t": "new", "side": "black", "tc": "600", "level": "full"})
	st := c.state(10*time.Second, func(st stateMsg) bool { return st.Game != nil && st.Game.Thinking })
	if st.Game.Player != "black" || st.Game.Running != "red" {
		t.Fatalf("game %+v", st.Game)
	}
	pids := srv.enginePids()
	if len(pids) != 1 || !alive(pids[0]) {
		t.Fatalf("engine pids %v", pids)
	}
	c.conn.CloseNow()
	waitGone(t, srv, pids)
}
