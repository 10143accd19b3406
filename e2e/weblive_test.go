//go:build e2eweb

package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// seenScript runs in the page before its own scripts: it records every
// move that appears in the move list of a game in progress, and every
// search line shown with a depth and a score, by game.
const seenScript = `
window.__moves = {};
window.__searches = {};
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      const items = n.matches('.game li[data-ply]') ? [n] : [...n.querySelectorAll('li[data-ply]')].filter((li) => li.closest('.game'));
      for (const li of items) {
        const g = li.closest('.game').dataset.game;
        (window.__moves[g] = window.__moves[g] || {})[li.dataset.ply] = li.textContent;
      }
    }
    const box = r.target.nodeType === 1 && r.target.closest && r.target.closest('.search');
    if (box && box.dataset.depth > 0 && box.querySelector('.score')) {
      const g = box.closest('.game').dataset.game;
      window.__searches[g] = (window.__searches[g] || 0) + 1;
    }
  }
}).observe(document, { childList: true, subtree: true });
`

// TestWebLiveMatch watches `ucci match -serve` in headless Chromium: a
// 4-game match of two engines (short games: a 10 s clock, drawn at 60
// plies) followed from its start to its end. Every move of every game
// must have been shown in its game's move list, each game must have shown
// its engines' search lines (depth and score), the standings and the
// crosstable must agree with the PGN the match wrote, a finished game
// must replay to its last position, and the page must stay readable after
// the match until ucci match is stopped with Ctrl-C (SIGINT). It saves
// live-match.png, the games in progress, in GOXQ_E2E_WEB_SHOTS.
func TestWebLiveMatch(t *testing.T) {
	bin := webEngine(t)
	bctx := startBrowser(t, webBrowser(), 1280, 900)
	ctx, cancel := context.WithTimeout(bctx, 5*time.Minute)
	defer cancel()
	run(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: seenScript})
		return err
	}))

	// The engines run niced, so that the browser keeps up on one core.
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "live.pgn")
	cmd := exec.Command(bin, "match",
		"-engine", "cmd=nice name=Alpha arg=-n arg=10 arg="+bin, "-engine", "cmd=nice name=Beta arg=-n arg=10 arg="+bin+" option.randomness=small",
		"-games", "4", "-concurrency", "2", "-tc", "10+0.1", "-maxplies", "60",
		"-pgn", pgnPath, "-event", "Live test", "-serve", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			cmd.Process.Kill()
			<-exited
		}
	})
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	first := <-lines
	i := strings.Index(first, "http://")
	if !strings.HasPrefix(first, "live match at ") || i < 0 {
		t.Fatalf("ucci match printed %q first, not the live page's URL", first)
	}
	url := strings.TrimSpace(first[i:])
	run(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)))
	if ev := text(t, ctx, "#event"); ev != "Live test" {
		t.Errorf("event %q", ev)
	}

	// The games in progress (the second round's, with the first's in the
	// tables): boards, clocks, the engines' search lines.
	run(t, ctx, waitTrue(`document.querySelectorAll('#finished tbody tr').length === 2 && document.querySelectorAll('.game').length === 2 && [...document.querySelectorAll('.game')].every((g) => Number(g.dataset.plies) >= 16 && g.querySelector('.search[data-depth] .score'))`))
	clocks := eval[[]string](t, ctx, `[...document.querySelectorAll('.game .clock')].map((c) => c.textContent)`)
	running := evalInt(t, ctx, `document.querySelectorAll('.game .clock.running').length`)
	for _, c := range clocks {
		if !regexp.MustCompile(`^0:[01]\d$`).MatchString(c) || len(clocks) != 4 || running != 2 {
			t.Errorf("clocks %q (%d running), want four within 0:00-0:19 (10 s and the increments), one running a game", clocks, running)
			break
		}
	}
	if shots := os.Getenv("GOXQ_E2E_WEB_SHOTS"); shots != "" {
		screenshot(t, ctx, shots, "live-match.png")
	}

	run(t, ctx, waitTrue(`document.getElementById('conn').textContent === 'match over'`))
	if n := evalInt(t, ctx, `document.querySelectorAll('.game').length`); n != 0 {
		t.Errorf("%d games still shown in progress after the match", n)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("the match's PGN: %d games, bad %v, %v\n%s", len(games), bad, err, stderr.String())
	}
	points := map[string]float64{}
	for _, g := range games {
		n := g.Tag("Round")
		var shown []string
		for ply := range g.Moves {
			shown = append(shown, eval[string](t, ctx, fmt.Sprintf(`(window.__moves[%q] || {})[%d] || ''`, n, ply)))
		}
		if got, want := strings.Join(shown, " "), iccsMoves(g.Moves); got != want {
			t.Errorf("game %s: shown\n%s\nplayed\n%s", n, got, want)
		}
		if s := evalInt(t, ctx, fmt.Sprintf(`window.__searches[%q] || 0`, n)); s == 0 {
			t.Errorf("game %s: no search line with a depth and a score shown", n)
		}
		red, black := g.Tag("Red"), g.Tag("Black")
		switch g.Result {
		case "1-0":
			points[red]++
		case "0-1":
			points[black]++
		default:
			points[red] += 0.5
			points[black] += 0.5
		}
		if row := eval[string](t, ctx, fmt.Sprintf(`[...document.querySelector('#finished tr[data-game="%s"]').cells].slice(1, 4).map((c) => c.textContent).join('|')`, n)); row != red+"|"+black+"|"+g.Result {
			t.Errorf("game %s in the list: %q, PGN %s %s %s", n, row, red, black, g.Result)
		}
	}
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll('#standings tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent).join('|'))`)
	if len(rows) != 2 {
		t.Fatalf("standings %v", rows)
	}
	for _, row := range rows {
		f := strings.Split(row, "|")
		p, _ := strconv.ParseFloat(f[6], 64)
		if f[2] != "4" || p != points[f[1]] {
			t.Errorf("standings row %q: the PGN gives %s %g points in 4 games", row, f[1], points[f[1]])
		}
	}
	cross := eval[[]string](t, ctx, `[...document.querySelectorAll('#cross tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent).join('|'))`)
	for _, row := range cross {
		f := strings.Split(row, "|")
		name := f[0][strings.Index(f[0], " ")+1:]
		want := strconv.FormatFloat(points[name], 'f', -1, 64) + "/4"
		if len(f) != 3 || !strings.Contains(f[1]+f[2], want) || !strings.Contains(f[1]+f[2], "×") {
			t.Errorf("crosstable row %q, want %s against the other", row, want)
		}
	}
	if got := text(t, ctx, "#progress"); got != "4 of 4 games played" {
		t.Errorf("progress %q", got)
	}

	// A finished game replays to its last position, and back.
	var g *pgn.Game
	for _, x := range games {
		if x.Tag("Round") == "3" {
			g = x
		}
	}
	if g == nil {
		t.Fatal("no game 3 in the PGN")
	}
	ref, err := engine.NewGame(g.StartFEN(), engine.RulesCXA)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.Moves {
		if _, err := ref.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	pos := ref.Position()
	want := strings.Join(strings.Fields(pos.FEN())[:2], " ")
	run(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#finished tr[data-game="%s"] button`, g.Tag("Round")))),
		waitTrue(fmt.Sprintf(`document.getElementById('replay').dataset.fen === %q`, want)),
		chromedp.Click(chromedp.CSS(`#replay-first`)),
		waitTrue(fmt.Sprintf(`document.getElementById('replay').dataset.ply === '0' && document.getElementById('replay').dataset.fen === %q`, strings.Join(strings.Fields(g.StartFEN())[:2], " "))))

	// The page stays after the match; a reload reads it again.
	run(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#conn.ok`)),
		waitTrue(`document.querySelectorAll('#finished tbody tr').length === 4 && document.getElementById('conn').textContent === 'match over'`))
	select {
	case err := <-exited:
		t.Fatalf("ucci match exited after the match (%v): the page should stay", err)
	default:
	}
	cmd.Process.Signal(os.Interrupt)
	stopped = true
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("ucci match after Ctrl-C: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("ucci match did not exit on SIGINT")
	}
	if !strings.Contains(stderr.String(), "the live page stays at "+url+" until Ctrl-C") {
		t.Errorf("stderr does not say how the page stops:\n%s", stderr.String())
	}
}

// iccsMoves writes moves in ICCS, space-separated.
func iccsMoves(moves []engine.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}
