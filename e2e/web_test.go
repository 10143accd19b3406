//go:build e2eweb

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// TestWebBoard drives the board of `ucci serve` in Debian's Chromium,
// headless, through the DevTools protocol (chromedp), as a person would:
// it plays a whole game against the engine by clicking the points of the
// board, checks that an illegal move is refused, that analysis shows three
// lines, that a Chinese-notation PGN in GBK imports and replays, that a
// perpetual check is announced, that a move at an earlier ply starts a
// variation (kept, promoted, deleted), that the board and the settings
// survive a reload and a browser restart, the coordinates in each
// notation, the list of a file of several games with the headers of the
// one picked, a link that opens a position, and the notices; it saves
// screenshots of the play, analysis and variation views.
//
// Built only with -tags e2eweb (make e2e-web, which installs chromium and
// a CJK font with e2e/web.sh). Environment:
//
//	GOXQ_E2E_ENGINE=path     the ucci binary (default: built from ../cmd/ucci)
//	GOXQ_E2E_WEB_SHOTS=dir   where web-play.png, web-analyse.png and web-variations.png go (default: none saved)
//	GOXQ_E2E_WEB_CHROMIUM=p  the browser (default: chromium)
func TestWebBoard(t *testing.T) {
	url := startServe(t, webEngine(t))
	browser := webBrowser()
	bctx := startBrowser(t, browser, 1100, 900)
	shots := os.Getenv("GOXQ_E2E_WEB_SHOTS")
	// Each tab has a browser context of its own, so that the board one
	// keeps in its local storage never reaches another.
	tab := func(t *testing.T) context.Context {
		ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		ctx, cancel2 := context.WithTimeout(ctx, 5*time.Minute)
		t.Cleanup(cancel2)
		run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)),
			waitTrue(`document.getElementById('fen').textContent.length > 20`))
		return ctx
	}
	t.Run("IllegalMoveRefused", func(t *testing.T) {
		ctx := tab(t)
		before := text(t, ctx, "#fen")
		click(t, ctx, "a0")
		click(t, ctx, "a5") // the chariot is blocked by its own soldier
		run(t, ctx, waitTrue(`document.getElementById('error').textContent.includes('Illegal move a0a5')`))
		if after := text(t, ctx, "#fen"); after != before {
			t.Fatalf("the position changed: %s", after)
		}
		click(t, ctx, "h2")
		click(t, ctx, "e2")
		run(t, ctx, waitTrue(`document.getElementById('fen').textContent.startsWith('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b')`))
	})
	t.Run("DragAndSetUp", func(t *testing.T) {
		ctx := tab(t)
		run(t, ctx, chromedp.DragAndDrop(chromedp.CSS(`#board [data-square="b2"]`), chromedp.CSS(`#board [data-square="e2"]`)),
			waitTrue(`document.getElementById('fen').textContent === 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1'`))
		run(t, ctx, chromedp.Click(chromedp.CSS(`#tabs button[data-tab="setup"]`)), chromedp.Click(chromedp.CSS(`#setup-clear`)))
		for _, put := range [][2]string{{"K", "e0"}, {"k", "d9"}, {"R", "a5"}} {
			run(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#palette [data-piece="%s"]`, put[0]))))
			click(t, ctx, put[1])
		}
		// The editor took Black to move from the position shown; Red it is.
		run(t, ctx, chromedp.SetValue(chromedp.CSS(`#setup-turn`), "w"),
			chromedp.Evaluate[chromedp.Void](`void document.getElementById('setup-turn').dispatchEvent(new Event('change'))`))
		const want = "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1"
		if got := text(t, ctx, "#fen"); got != want {
			t.Fatalf("set up %q, want %q", got, want)
		}
		run(t, ctx, chromedp.Click(chromedp.CSS(`#setup-use`)),
			waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q && document.querySelector('#board [data-square="a5"] .piece.red') !== null`, want)))
	})
	t.Run("PlayWholeGame", func(t *testing.T) { playGame(t, tab(t), shots) })
	t.Run("BoardSurvivesBrowserRestart", func(t *testing.T) { browserRestart(t, browser, url) })
	t.Run("AnalysisThreeLines", func(t *testing.T) {
		ctx := tab(t)
		click(t, ctx, "h2")
		click(t, ctx, "e2")
		run(t, ctx,
			chromedp.Click(chromedp.CSS(`#tabs button[data-tab="analyse"]`)),
			chromedp.SetValue(chromedp.CSS(`#multipv`), "3"),
			chromedp.Evaluate[chromedp.Void](`void document.getElementById('multipv').dispatchEvent(new Event('change'))`),
			chromedp.Click(chromedp.CSS(`#analyse-on`)),
			waitTrue(`document.querySelectorAll('#lines .line').length === 3 && [...document.querySelectorAll('#lines .line .depth')].every(d => Number(d.textContent.slice(1)) >= 6)`),
			waitTrue(`document.querySelectorAll('#board .arrows line.arrow').length === 3`))
		lines := text(t, ctx, "#lines")
		if !strings.Contains(lines, "d") || !strings.ContainsAny(lines, "马炮车兵卒象士相仕") {
			t.Fatalf("analysis lines without depth or Chinese moves: %q", lines)
		}
		if rows := evalInt(t, ctx, `document.querySelectorAll('#book tbody tr').length`); rows == 0 {
			t.Fatal("no book moves after 炮二平五")
		}
		screenshot(t, ctx, shots, "web-analyse.png")
	})
	t.Run("ChinesePGNImportReplay", func(t *testing.T) { importReplay(t, tab(t)) })
	t.Run("VariationKeptAndReload", func(t *testing.T) { variations(t, tab(t), shots) })
	t.Run("CoordinatesAndEmptyGraph", func(t *testing.T) { coordinates(t, tab(t)) })
	t.Run("GameListHeadersAndLink", func(t *testing.T) { gameList(t, tab(t), url) })
	t.Run("DrawNoticeGoneAfterResign", func(t *testing.T) {
		ctx := tab(t)
		run(t, ctx, chromedp.SetValue(chromedp.CSS(`#level`), "skill:0"), chromedp.Click(chromedp.CSS(`#new-game`)),
			waitTrue(`document.getElementById('game-info').textContent.includes('Your move')`))
		if info := text(t, ctx, "#game-info"); !strings.Contains(info, "Skill level 0") {
			t.Fatalf("the strength is not in words: %q", info)
		}
		run(t, ctx, chromedp.Click(chromedp.CSS(`#draw`)),
			waitTrue(`document.getElementById('notice').textContent.includes('Draw offered')`),
			chromedp.Click(chromedp.CSS(`#resign`)),
			waitTrue(`document.getElementById('verdict').textContent !== ''`))
		if n := text(t, ctx, "#notice"); n != "" {
			t.Fatalf("notice after the resignation: %q", n)
		}
	})
	t.Run("PerpetualCheckAnnounced", func(t *testing.T) {
		ctx := tab(t)
		run(t, ctx, chromedp.SetValue(chromedp.CSS(`#fen-input`), "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"),
			chromedp.Click(chromedp.CSS(`#fen-load`)),
			waitTrue(`document.getElementById('fen').textContent === '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1'`))
		for i, m := range strings.Fields("a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9") {
			click(t, ctx, m[:2])
			click(t, ctx, m[2:])
			run(t, ctx, waitTrue(fmt.Sprintf(`document.querySelectorAll('#moves .mv[data-ply]').length === %d`, i+1)))
		}
		if w := text(t, ctx, "#warning"); !strings.Contains(w, "Red must change") {
			t.Fatalf("no warning before the third repetition: %q", w)
		}
		click(t, ctx, "a8")
		click(t, ctx, "a9")
		run(t, ctx, waitTrue(`document.getElementById('verdict').textContent.length > 0`))
		if v := text(t, ctx, "#verdict"); v != "Perpetual check by Red: Red must change and loses by the rules — Black wins" {
			t.Fatalf("verdict %q", v)
		}
	})
}

// playGame plays Red against the engine (skill level 0, 10 minutes + 1 s)
// by clicking: each turn a random piece among those with moves, preferring
// captures, until the referee ends the game.
func playGame(t *testing.T, ctx context.Context, shots string) {
	run(t, ctx,
		chromedp.SetValue(chromedp.CSS(`#tc`), "600+1"),
		chromedp.SetValue(chromedp.CSS(`#level`), "skill:0"),
		chromedp.Click(chromedp.CSS(`#new-game`)),
		waitTrue(`document.getElementById('game-info').textContent.includes('Your move')`))
	rng := rand.New(rand.NewPCG(21, 1))
	for ply := 0; ; ply += 2 {
		if ply > 600 {
			t.Fatal("no end after 600 plies")
		}
		run(t, ctx, waitTrue(`document.getElementById('verdict').textContent !== '' || document.getElementById('game-info').textContent.includes('Your move')`))
		if text(t, ctx, "#verdict") != "" {
			break
		}
		if ply == 16 {
			screenshot(t, ctx, shots, "web-play.png")
		}
		before := evalInt(t, ctx, `document.querySelectorAll('#moves .mv[data-ply]').length`)
		reds := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .point')].filter(p => p.querySelector('.piece.red')).map(p => p.dataset.square)`)
		rng.Shuffle(len(reds), func(i, j int) { reds[i], reds[j] = reds[j], reds[i] })
		moved := false
		for _, from := range reds {
			click(t, ctx, from)
			targets := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .point.target')].map(p => p.dataset.square)`)
			captures := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .point.target')].filter(p => p.querySelector('.piece.black')).map(p => p.dataset.square)`)
			if len(targets) == 0 {
				continue
			}
			to := targets[rng.IntN(len(targets))]
			if len(captures) > 0 {
				to = captures[0]
			}
			click(t, ctx, to)
			moved = true
			break
		}
		if !moved {
			t.Fatalf("no piece with a move at ply %d, yet no verdict", ply)
		}
		run(t, ctx, waitTrue(fmt.Sprintf(`document.querySelectorAll('#moves .mv[data-ply]').length > %d || document.getElementById('verdict').textContent !== ''`, before)))
	}
	verdict := text(t, ctx, "#verdict")
	moves := evalInt(t, ctx, `document.querySelectorAll('#moves .mv[data-ply]').length`)
	t.Logf("game over after %d plies: %s", moves, verdict)
	if moves < 2 || strings.Contains(verdict, "engine") || strings.Contains(verdict, "on time") {
		t.Fatalf("the game did not end by the rules: %q after %d plies", verdict, moves)
	}
}

// importReplay uploads a GBK PGN in Chinese notation and steps through it.
func importReplay(t *testing.T, ctx context.Context) {
	line := strings.Fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5 b2a2 b7b3")
	pos := engine.StartPosition()
	var moves []engine.Move
	var fens []string
	for _, s := range line {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		pos.PlayGameMove(m)
		fens = append(fens, pos.FEN())
	}
	var b bytes.Buffer
	g := &pgn.Game{Moves: moves, Result: "*", Tags: []pgn.Tag{{Name: "Event", Value: "中炮对屏风马"}}}
	if err := (pgn.WriteOptions{Notation: pgn.Chinese, GBK: true}).Write(&b, g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte{0xC5, 0xDA}) { // 炮 in GBK
		t.Fatalf("not a GBK record: %q", b.Bytes())
	}
	file := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#pgn-file`), []string{file}),
		waitTrue(`document.querySelectorAll('#moves .mv[data-ply]').length === 10`))
	if first := text(t, ctx, `#moves .mv[data-ply="1"]`); first != "炮二平五" {
		t.Fatalf("first move shown as %q", first)
	}
	for i := range line {
		run(t, ctx, chromedp.Click(chromedp.CSS(`#nav-next`)),
			waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q`, fens[i])))
	}
	// Going to any move: click the fourth one.
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .mv[data-ply="4"]`)),
		waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q`, fens[3])))
}

// variations plays a line, goes back and plays another move: the main
// line stays and the new move shows as a variation, which survives a
// reload with the notation and the number of analysis lines; it is then
// promoted and deleted.
func variations(t *testing.T, ctx context.Context, shots string) {
	for i, m := range strings.Fields("h2e2 h9g7 h0g2") {
		click(t, ctx, m[:2])
		click(t, ctx, m[2:])
		// The next side's pieces move once the server's answer is in.
		run(t, ctx, waitTrue(fmt.Sprintf(`document.querySelectorAll('#moves .mv[data-ply]').length === %d`, i+1)))
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .mv[data-ply="1"]`)),
		waitTrue(`document.querySelector('#moves .mv[data-ply="1"]').classList.contains('current')`))
	click(t, ctx, "b9")
	click(t, ctx, "c7")
	run(t, ctx, waitTrue(`document.querySelectorAll('#moves .var').length === 1`))
	if main := eval[[]string](t, ctx, `[...document.querySelectorAll('#moves .row .mv[data-node]')].map(e => e.textContent)`); strings.Join(main, " ") != "炮二平五 马８进７ 马二进三" {
		t.Fatalf("main line %q", main)
	}
	if v := text(t, ctx, "#moves .var"); !strings.Contains(v, "马２进３") || !strings.Contains(v, "(") {
		t.Fatalf("variation %q", v)
	}
	screenshot(t, ctx, shots, "web-variations.png")
	fen := text(t, ctx, "#fen")
	// Settings and board survive a reload.
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#notation`), "iccs"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById('notation').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.CSS(`#tabs button[data-tab="analyse"]`)),
		chromedp.SetValue(chromedp.CSS(`#multipv`), "2"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById('multipv').dispatchEvent(new Event('change'))`),
		waitTrue(`JSON.parse(localStorage.getItem('goxq.board.settings') || '{}').multipv === 2`),
		chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)),
		waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q`, fen)),
		waitTrue(`document.querySelectorAll('#moves .var').length === 1 && document.querySelectorAll('#moves .row .mv[data-node]').length === 3`))
	if n, mpv := eval[string](t, ctx, `document.getElementById('notation').value`), eval[string](t, ctx, `document.getElementById('multipv').value`); n != "iccs" || mpv != "2" {
		t.Fatalf("after a reload: notation %q, lines %q", n, mpv)
	}
	if v := text(t, ctx, "#moves .var"); !strings.Contains(v, "b9c7") {
		t.Fatalf("variation after the reload %q", v)
	}
	// Promote: the variation's move becomes the main line's.
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .var .promote`)),
		waitTrue(`[...document.querySelectorAll('#moves .row .mv[data-node]')].map(e => e.textContent).join(' ') === 'h2e2 b9c7'`))
	if v := text(t, ctx, "#moves .var"); !strings.Contains(v, "h9g7") || !strings.Contains(v, "h0g2") {
		t.Fatalf("the old main line as a variation: %q", v)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .var .delete`)),
		waitTrue(`document.querySelectorAll('#moves .var').length === 0 && document.querySelectorAll('#moves .row .mv[data-node]').length === 2`))
}

// coordinates checks the names round the board in each notation and the
// empty evaluation graph.
func coordinates(t *testing.T, ctx context.Context) {
	files := func(side string) string {
		return strings.Join(eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#board .coord.file.%s')].sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left).map(e => e.textContent)`, side)), "")
	}
	if r, b := files("red"), files("black"); r != "九八七六五四三二一" || b != "123456789" {
		t.Fatalf("Chinese coordinates: red %q black %q", r, b)
	}
	if below := evalInt(t, ctx, `document.querySelector('#board .coord.red').getBoundingClientRect().top > document.querySelector('#board [data-square="a0"]').getBoundingClientRect().bottom ? 1 : 0`); below != 1 {
		t.Fatal("Red's file names are not below Red's side")
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS(`#notation`), "iccs"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById('notation').dispatchEvent(new Event('change'))`),
		waitTrue(`document.querySelectorAll('#board .coord.rank').length === 10`))
	if r, b := files("red"), files("black"); r != "abcdefghi" || b != "abcdefghi" {
		t.Fatalf("ICCS coordinates: red %q black %q", r, b)
	}
	ranks := strings.Join(eval[[]string](t, ctx, `[...document.querySelectorAll('#board .coord.rank')].sort((a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().top).map(e => e.textContent)`), "")
	if ranks != "0123456789" {
		t.Fatalf("ICCS ranks from the bottom: %q", ranks)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#flip`)),
		waitTrue(`document.querySelector('#board .coord.red').classList.contains('top')`))
	if r := files("red"); r != "ihgfedcba" {
		t.Fatalf("flipped: red %q", r)
	}
	if e := evalInt(t, ctx, `document.querySelectorAll('#graph.empty .empty-text').length + document.querySelectorAll('#graph .red-half').length * 10`); e != 1 {
		t.Fatalf("the empty graph: %d", e)
	}
}

// gameList imports a file of two games, picks the second, checks its
// headers, and opens a position from a copied link.
func gameList(t *testing.T, ctx context.Context, url string) {
	file := filepath.Join(t.TempDir(), "two.pgn")
	games := "[Event \"Cup\"]\n[Red \"Hu\"]\n[Black \"Xu\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n\n" +
		"[Event \"Cup\"]\n[Date \"1990.05.06\"]\n[Red \"Lü Qin\"]\n[Black \"Zhao Guorong\"]\n[Result \"0-1\"]\n1. b2e2 b9c7 2. b0c2 0-1\n"
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.SetUploadFiles(chromedp.CSS(`#pgn-file`), []string{file}),
		waitTrue(`!document.getElementById('games').classList.contains('hidden') && document.querySelectorAll('#games tbody tr').length === 2`))
	if row := text(t, ctx, `#games tbody tr[data-game="1"]`); !strings.Contains(row, "Lü Qin") || !strings.Contains(row, "0-1") {
		t.Fatalf("second row %q", row)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#games tbody tr[data-game="1"]`)),
		waitTrue(`document.querySelectorAll('#moves .mv[data-ply]').length === 3`))
	h := text(t, ctx, "#headers")
	for _, want := range []string{"Lü Qin", "Zhao Guorong", "Cup", "1990.05.06", "0-1"} {
		if !strings.Contains(h, want) {
			t.Fatalf("headers %q without %q", h, want)
		}
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#nav-last`)), waitTrue(`document.querySelector('#moves .mv[data-ply="3"]').classList.contains('current')`))
	fen := text(t, ctx, "#fen")
	link := eval[string](t, ctx, `document.getElementById('link').value`)
	if !strings.HasPrefix(link, url) || !strings.Contains(link, "?fen=") {
		t.Fatalf("link %q", link)
	}
	other := tabAt(t, ctx, link)
	run(t, other, waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q`, fen)))
	if q := eval[string](t, other, `location.search`); q != "" {
		t.Fatalf("the link's query stays: %q", q)
	}
}

// tabAt opens url in a new tab of the browser context of ctx.
func tabAt(t *testing.T, ctx context.Context, url string) context.Context {
	other, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	run(t, other, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)))
	return other
}

// browserRestart plays a move and a variation in a browser with a profile
// directory, ends the browser, starts another on the same profile and
// finds the board as it was.
func browserRestart(t *testing.T, browser, url string) {
	profile := t.TempDir()
	start := func() (context.Context, context.CancelFunc) {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), browserOptions(browser, 1100, 900, chromedp.UserDataDir(profile))...)
		ctx, cancelB := chromedp.NewContext(actx)
		ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
		run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)))
		return ctx, func() { cancelT(); cancelB(); cancelA() }
	}
	ctx, stop := start()
	click(t, ctx, "h2")
	click(t, ctx, "e2")
	run(t, ctx, waitTrue(`document.querySelectorAll('#moves .mv[data-ply]').length === 1`),
		chromedp.Click(chromedp.CSS(`#flip`)),
		waitTrue(`JSON.parse(localStorage.getItem('goxq.board.settings') || '{}').flipped === true`))
	fen := text(t, ctx, "#fen")
	if err := chromedp.Cancel(ctx); err != nil {
		t.Fatal(err)
	}
	stop()
	ctx, stop = start()
	defer stop()
	run(t, ctx, waitTrue(fmt.Sprintf(`document.getElementById('fen').textContent === %q`, fen)),
		waitTrue(`document.querySelector('#board .coord.red').classList.contains('top')`))
}

// startServe runs `ucci serve` on a free loopback port and returns its URL.
func startServe(t *testing.T, bin string) string {
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Error("ucci serve did not exit on SIGINT")
		}
	})
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatal("ucci serve printed nothing")
	}
	first := sc.Text()
	i := strings.Index(first, "http://")
	if i < 0 {
		t.Fatalf("no URL in %q", first)
	}
	return strings.TrimSpace(first[i:])
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// click clicks the board point of an ICCS square.
func click(t *testing.T, ctx context.Context, square string) {
	t.Helper()
	run(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board [data-square="%s"]`, square))))
}

// waitTrue waits up to a minute for a JavaScript expression to be true.
func waitTrue(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(time.Minute), chromedp.WithPollingInterval(50*time.Millisecond))
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

func evalInt(t *testing.T, ctx context.Context, expr string) int {
	t.Helper()
	return eval[int](t, ctx, expr)
}

// screenshot saves the page as dir/name (PNG) when dir is set.
func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	if dir == "" {
		return
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`void window.scrollTo(0, 0)`))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
