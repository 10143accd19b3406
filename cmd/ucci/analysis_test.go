package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/enginetest"
)

// Transcript tests of the analysis output (issue 15): MultiPV, book and
// analysis, go mate, currmove and the fields of info lines.

// infoLine is one parsed "info depth ... score ... pv ..." line.
type infoLine struct {
	depth, multipv, score int
	pv                    []string
	text                  string
}

var (
	infoDepth   = regexp.MustCompile(`^info depth (\d+) `)
	infoMultiPV = regexp.MustCompile(` multipv (\d+) `)
	infoScore   = regexp.MustCompile(` score (?:cp |mate )?(-?\d+)`)
)

// pvLines parses the info lines that carry a score and a PV.
func pvLines(t *testing.T, lines []string) []infoLine {
	t.Helper()
	var out []infoLine
	for _, l := range lines {
		d := infoDepth.FindStringSubmatch(l)
		s := infoScore.FindStringSubmatch(l)
		_, pv, ok := strings.Cut(l, " pv ")
		if d == nil || s == nil || !ok || strings.Contains(l, "bound") {
			continue
		}
		il := infoLine{text: l, multipv: 1, pv: strings.Fields(pv)}
		il.depth, _ = strconv.Atoi(d[1])
		il.score, _ = strconv.Atoi(s[1])
		if mp := infoMultiPV.FindStringSubmatch(l); mp != nil {
			il.multipv, _ = strconv.Atoi(mp[1])
		}
		out = append(out, il)
	}
	return out
}

// checkMultiPV checks the MultiPV output of one search: after each
// iteration all k lines come together (multipv 1..k, one depth), sorted by
// score with distinct first moves, and bestmove is the first move of the
// last multipv 1 line.
func checkMultiPV(t *testing.T, name string, lines []string, best string, k int) {
	t.Helper()
	pvs := pvLines(t, lines)
	if len(pvs) < k {
		t.Fatalf("%s: only %d lines", name, len(pvs))
	}
	lastFirst := ""
	for i := 0; i < len(pvs); {
		if pvs[i].multipv != 1 {
			t.Fatalf("%s: a group starts with %q", name, pvs[i].text)
		}
		group := pvs[i:min(i+k, len(pvs))]
		if len(group) < k {
			t.Fatalf("%s: %d lines in the last group, want %d", name, len(group), k)
		}
		seen := map[string]bool{}
		for j, l := range group {
			if l.multipv != j+1 || l.depth != group[0].depth {
				t.Fatalf("%s: line %q out of its group (depth %d)", name, l.text, group[0].depth)
			}
			if j > 0 && l.score > group[j-1].score {
				t.Errorf("%s: depth %d: line %d scores %d above line %d (%d)", name, l.depth, j+1, l.score, j, group[j-1].score)
			}
			if seen[l.pv[0]] {
				t.Errorf("%s: depth %d: first move %s twice", name, l.depth, l.pv[0])
			}
			seen[l.pv[0]] = true
		}
		lastFirst = group[0].pv[0]
		i += k
	}
	if f := strings.Fields(best); len(f) < 2 || f[1] != lastFirst {
		t.Errorf("%s: %q, but the last multipv 1 line starts with %s", name, best, lastFirst)
	}
}

func TestMultiPVBothDialects(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup []string
	}{
		{"ucci", []string{"ucci", "setoption multipv 3", "setoption usebook false"}},
		{"uci", []string{"uci", "setoption name MultiPV value 3", "setoption name OwnBook value false"}},
		{"uci 2 threads", []string{"uci", "setoption name MultiPV value 3", "setoption name Threads value 2"}},
	} {
		e := enginetest.Start(t)
		e.Send(c.setup...)
		e.Send("position startpos moves h2e2 h9g7", "go depth 7")
		best, lines := e.Expect(`^bestmove `, wait)
		legalIn(t, best, engine.StartFEN, "h2e2", "h9g7")
		checkMultiPV(t, c.name, lines, best, 3)
		// A search stopped at any moment keeps the rule too.
		e.Send("position startpos moves h2e2 h9g7 h0g2", "go infinite")
		time.Sleep(300 * time.Millisecond)
		e.Send("stop")
		best, lines = e.Expect(`^bestmove `, wait)
		pvs := pvLines(t, lines)
		last := ""
		for _, l := range pvs {
			if l.multipv == 1 {
				last = l.pv[0]
			}
		}
		if f := strings.Fields(best); f[1] != last {
			t.Errorf("%s: stopped search played %s, the last multipv 1 line starts with %s", c.name, f[1], last)
		}
	}
}

// TestMultiPVAgreesWithOneLine: at a fixed depth with one thread, the best
// line of a MultiPV search is the line a single-PV search finds, in
// positions with a clear best move.
func TestMultiPVAgreesWithOneLine(t *testing.T) {
	positions := []string{
		"3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1",                                   // mate in one
		"1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/r8/RNBAKABNR w - - 0 1", // a chariot to take
		"rnbakabnr/9/1cR4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR b - - 0 1", // a chariot to take
	}
	for _, fen := range positions {
		var best [2]string
		for i, k := range []string{"1", "4"} {
			e := enginetest.Start(t)
			e.Send("uci", "setoption name OwnBook value false", "setoption name MultiPV value "+k, "position fen "+fen, "go depth 6")
			line, _ := e.Expect(`^bestmove `, wait)
			best[i] = strings.Fields(line)[1]
		}
		if best[0] != best[1] {
			t.Errorf("%s: MultiPV 1 plays %s, MultiPV 4 %s", fen, best[0], best[1])
		}
	}
}

func TestBookDoesNotAnswerAnalysis(t *testing.T) {
	for _, hello := range []string{"ucci", "uci"} {
		for _, g := range []string{"go depth 3", "go nodes 5000", "go mate 2 depth 3", "go infinite"} {
			e := enginetest.Start(t)
			e.Send(hello, "position startpos", g)
			if g == "go infinite" {
				time.Sleep(200 * time.Millisecond)
				e.Send("stop")
			}
			best, lines := e.Expect(`^bestmove `, wait)
			legalIn(t, best, engine.StartFEN)
			if len(pvLines(t, lines)) == 0 {
				t.Errorf("%s %q: no search lines before %q: %q", hello, g, best, lines)
			}
			for _, l := range lines {
				if strings.HasPrefix(l, "info depth 0") || strings.Contains(l, "book move") {
					t.Errorf("%s %q: book output %q", hello, g, l)
				}
			}
		}
	}
	// Several lines asked for: a search, even with a clock.
	e := enginetest.Start(t)
	e.Send("uci", "setoption name MultiPV value 2", "position startpos", "go wtime 60000 btime 60000 movetime 300")
	_, lines := e.Expect(`^bestmove `, wait)
	if len(pvLines(t, lines)) == 0 {
		t.Errorf("MultiPV 2 answered from the book: %q", lines)
	}
}

// TestBookMoveAnnouncement: a game move from the book is announced in UCCI
// with a centipawn score (never a weight that reads as a mate).
func TestBookMoveAnnouncement(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci", "position startpos", "go time 60000")
	best, lines := e.Expect(`^bestmove `, wait)
	legalIn(t, best, engine.StartFEN)
	n := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "info depth 0") {
			continue
		}
		n++
		s := infoScore.FindStringSubmatch(l)
		if s == nil {
			continue // a book without results has no score
		}
		if v, _ := strconv.Atoi(s[1]); v < -1000 || v > 1000 {
			t.Errorf("book line score %d out of the centipawn range: %q", v, l)
		}
	}
	if n == 0 {
		t.Fatalf("no book lines before %q", best)
	}
}

func TestGoMate(t *testing.T) {
	// A mate in four: the search stops by itself once it is proven.
	const mate4 = "3ak4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
	e := enginetest.Start(t)
	e.Send("uci", "position fen "+mate4, "go mate 4")
	best, lines := e.Expect(`^bestmove `, wait)
	legalIn(t, best, mate4)
	pvs := pvLines(t, lines)
	if len(pvs) == 0 || !strings.Contains(pvs[len(pvs)-1].text, "score mate ") {
		t.Fatalf("no mate announced before %q: %q", best, lines)
	}
	// No mate in one here: the search goes on to the depth asked for.
	e.Send("position startpos", "go mate 1 depth 5")
	_, lines = e.Expect(`^bestmove `, wait)
	pvs = pvLines(t, lines)
	if len(pvs) == 0 || pvs[len(pvs)-1].depth != 5 {
		t.Errorf("go mate 1 depth 5 stopped early: %q", lines)
	}
}

// TestInfoFields: every PV line has seldepth, nps and hashfull; currmove
// lines come only after the first second, with legal moves.
func TestInfoFields(t *testing.T) {
	for _, hello := range []string{"ucci", "uci"} {
		e := enginetest.Start(t)
		e.Send(hello, "position startpos moves h2e2", "go depth 4")
		_, lines := e.Expect(`^bestmove `, wait)
		for _, l := range lines {
			if strings.Contains(l, "currmove") {
				t.Errorf("%s: currmove in a short search: %q", hello, l)
			}
		}
		for _, l := range pvLines(t, lines) {
			for _, f := range []string{" seldepth ", " nps ", " hashfull ", " nodes ", " time "} {
				if !strings.Contains(l.text, f) {
					t.Errorf("%s: no%sin %q", hello, f, l.text)
				}
			}
		}
		// The first currmove line comes after the first second (however
		// long a loaded machine takes to reach it); then stop.
		start := time.Now()
		e.Send("go infinite")
		first, _ := e.Expect(` currmove `, wait)
		if d := time.Since(start); d < time.Second {
			t.Errorf("%s: currmove %v after go: %q", hello, d, first)
		}
		e.Send("stop")
		_, lines = e.Expect(`^bestmove `, wait)
		for _, l := range append(lines, first) {
			_, rest, ok := strings.Cut(l, " currmove ")
			if !ok {
				continue
			}
			f := strings.Fields(rest)
			if len(f) != 3 || f[1] != "currmovenumber" {
				t.Fatalf("%s: currmove line %q", hello, l)
			}
			legalIn(t, "bestmove "+f[0], engine.StartFEN, "h2e2")
		}
	}
}
