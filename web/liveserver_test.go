package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match"
)

// startLive serves a feed of a match between a and b as ucci match -serve
// does, on loopback.
func startLive(t *testing.T, token string) (*Feed, *httptest.Server) {
	t.Helper()
	feed := NewFeed("test event", []string{"a", "b"})
	srv := NewLive(LiveConfig{Feed: feed, Hosts: LoopbackHosts("127.0.0.1:0"), Token: token})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.Close(); hs.Close() })
	return feed, hs
}

// watch opens the feed as the page does and returns its messages.
func watch(t *testing.T, hs *httptest.Server) <-chan map[string]any {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	out := make(chan map[string]any, 100)
	go func() {
		defer close(out)
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(data, &m) == nil {
				out <- m
			}
		}
	}()
	return out
}

// next returns the next message, which must be of type typ.
func next(t *testing.T, msgs <-chan map[string]any, typ string) map[string]any {
	t.Helper()
	select {
	case m, ok := <-msgs:
		if !ok {
			t.Fatalf("the feed closed before a %s message", typ)
		}
		if m["t"] != typ {
			t.Fatalf("message %v, want a %s", m, typ)
		}
		return m
	case <-time.After(5 * time.Second):
		t.Fatalf("no %s message", typ)
	}
	return nil
}

// TestLiveFeed plays a game into a feed, a page watching from the start
// and another joining in the middle: the first sees each start, move and
// search line as it comes, the second a snapshot with the game so far;
// both see the end with the table, and the match's end; a page that opens
// after the end still reads the finished game and the table.
func TestLiveFeed(t *testing.T) {
	feed, hs := startLive(t, "")
	first := watch(t, hs)
	snap := next(t, first, "snapshot")
	if snap["event"] != "test event" || len(snap["live"].([]any)) != 0 || snap["over"] != false {
		t.Fatalf("first snapshot %v", snap)
	}
	feed.GameStarted(match.LiveStart{Number: 1, Red: 0, Black: 1, StartFEN: engine.StartFEN, Moves: []string{"h2e2"},
		Clocks: [2]time.Duration{5 * time.Second, 5 * time.Second}})
	start := next(t, first, "start")["game"].(map[string]any)
	if start["red"] != "a" || start["black"] != "b" || !slices.Equal(start["moves"].([]any), []any{"h2e2"}) {
		t.Fatalf("start %v", start)
	}
	feed.Searching(match.LiveInfo{Number: 1, Side: engine.Black, Ply: 1, Depth: 7, Score: -35, HasScore: true, PV: []string{"h9g7", "h0g2"}})
	if in := next(t, first, "info"); in["depth"] != 7.0 || in["score"] != "-0.35" || in["side"] != 1.0 || len(in["pv"].([]any)) != 2 {
		t.Fatalf("info %v", in)
	}
	feed.Moved(match.LiveMove{Number: 1, Ply: 1, Side: engine.Black, Move: "h9g7",
		Note: match.MoveNote{Score: -35, Depth: 7, HasScore: true, Time: 1200 * time.Millisecond}, Clocks: [2]time.Duration{5 * time.Second, 3800 * time.Millisecond}})
	if mv := next(t, first, "move"); mv["move"] != "h9g7" || mv["note"] != "-0.35/7 1.2s" || mv["clocks"].([]any)[1] != 3800.0 {
		t.Fatalf("move %v", mv)
	}
	// A move out of order (not the next ply) is not shown.
	feed.Moved(match.LiveMove{Number: 1, Ply: 5, Move: "a0a1"})

	second := watch(t, hs)
	snap = next(t, second, "snapshot")
	live := snap["live"].([]any)
	if len(live) != 1 {
		t.Fatalf("snapshot in the middle: %v", snap)
	}
	g := live[0].(map[string]any)
	if !slices.Equal(g["moves"].([]any), []any{"h2e2", "h9g7"}) || g["search"].([]any)[1].(map[string]any)["depth"] != 7.0 {
		t.Fatalf("the game in the snapshot: %v", g)
	}

	ref, _ := engine.NewGame(engine.StartFEN, engine.RulesCXA)
	for _, m := range []string{"h2e2", "h9g7"} {
		if _, err := ref.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	mv0, mv1 := ref.Moves()[0], ref.Moves()[1]
	gr := match.GameResult{Number: 1, Red: 0, Black: 1, StartFEN: engine.StartFEN, Moves: []engine.Move{mv0, mv1},
		Notes:       []match.MoveNote{{Book: true}, {Score: -35, Depth: 7, HasScore: true, Time: time.Second}},
		Termination: engine.Loss(engine.Black, engine.Resignation, "resigned")}
	res := &match.Result{Names: []string{"a", "b"}, Planned: 2, Games: []match.GameResult{gr}}
	feed.GameEnded(gr, res)
	for _, msgs := range []<-chan map[string]any{first, second} {
		end := next(t, msgs, "end")
		d := end["game"].(map[string]any)
		table := end["table"].(map[string]any)
		rows := table["standings"].([]any)
		top := rows[0].(map[string]any)
		cross := table["cross"].([]any)
		if d["result"] != "1-0" || d["termination"] != "resignation: black resigned" || len(d["moves"].([]any)) != 2 ||
			top["name"] != "a" || top["points"] != 1.0 || table["played"] != 1.0 || table["planned"] != 2.0 ||
			cross[0].([]any)[1] != "1/1" || cross[1].([]any)[0] != "0/1" || cross[0].([]any)[0] != "" {
			t.Fatalf("end %v", end)
		}
	}
	feed.MatchEnded(res)
	next(t, first, "over")
	next(t, second, "over")

	late := watch(t, hs)
	snap = next(t, late, "snapshot")
	if snap["over"] != true || len(snap["live"].([]any)) != 0 || len(snap["done"].([]any)) != 1 ||
		snap["table"].(map[string]any)["played"] != 1.0 {
		t.Fatalf("snapshot after the end: %v", snap)
	}
}

// TestLiveGuard: the live page is guarded as the board is: an unknown
// Host, a method other than GET or HEAD, a missing token and a foreign
// Origin on the WebSocket are refused; the token in the URL sets the
// cookie the page's files and its feed then carry.
func TestLiveGuard(t *testing.T) {
	const token = "s3cret-token-0123456789"
	_, hs := startLive(t, token)
	do := func(method, path, host string, cookies ...*http.Cookie) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, hs.URL+path, nil)
		if host != "" {
			req.Host = host
		}
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
	if r := do("GET", "/?token="+token, "evil.example"); r.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host evil.example: %d", r.StatusCode)
	}
	if r := do("POST", "/?token="+token, ""); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.StatusCode)
	}
	if r := do("GET", "/live.js", ""); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %d", r.StatusCode)
	}
	r := do("GET", "/?token="+token, "")
	var cookie *http.Cookie
	for _, c := range r.Cookies() {
		if c.Name == tokenCookie {
			cookie = c
		}
	}
	if r.StatusCode != 200 || cookie == nil || r.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("with the token: %d, cookie %v, headers %v", r.StatusCode, cookie, r.Header)
	}
	for _, path := range []string{"/live.js", "/live.css", "/board.js", "/style.css"} {
		if r := do("GET", path, "", cookie); r.StatusCode != 200 {
			t.Errorf("%s with the cookie: %d", path, r.StatusCode)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	header := http.Header{"Cookie": {cookie.String()}}
	header.Set("Origin", "http://evil.example")
	if _, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header}); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a foreign Origin was not refused with 403: %v %v", err, resp)
	}
	header.Set("Origin", hs.URL)
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		t.Fatalf("the page's own origin with the cookie refused: %v", err)
	}
	conn.CloseNow()
}
