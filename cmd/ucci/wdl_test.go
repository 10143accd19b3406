package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine/wdl"
	"github.com/goxq/ucci/internal/enginetest"
)

// Transcript tests of the WDL output (issue 15): UCI_ShowWDL (UCI) and
// showwdl (UCCI) put "wdl W D L" right after the score of every info line
// that has one, per mille from the side to move's view, from the fitted
// model at the root's material; mates are certain.

// infoWDL matches the score and the wdl triple of an info line.
var infoWDL = regexp.MustCompile(` score (cp |mate )?(-?\d+) wdl (\d+) (\d+) (\d+)( |$)`)

// checkWDL checks every info line with a score: it carries the wdl triple
// right after the score, the triple adds up to 1000 and is the model's at
// material (1000 0 0 or 0 0 1000 for mates). It returns the number of
// lines checked.
func checkWDL(t *testing.T, name string, lines []string, material int, uci bool) int {
	t.Helper()
	n := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "info ") || !strings.Contains(l, " score ") {
			continue
		}
		m := infoWDL.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("%s: no wdl right after the score: %q", name, l)
			continue
		}
		n++
		score, _ := strconv.Atoi(m[2])
		var got [3]int
		for i := range got {
			got[i], _ = strconv.Atoi(m[3+i])
		}
		var want [3]int
		switch {
		case m[1] == "mate " && score > 0:
			want = [3]int{1000, 0, 0}
		case m[1] == "mate ":
			want = [3]int{0, 0, 1000}
		default:
			if !uci && (score >= 9000 || score <= -9000) {
				want = map[bool][3]int{true: {1000, 0, 0}, false: {0, 0, 1000}}[score > 0]
				break
			}
			want[0], want[1], want[2] = wdl.Fitted.PerMille(score, material)
		}
		if got != want || got[0]+got[1]+got[2] != 1000 {
			t.Errorf("%s: %q: wdl %v, want %v", name, l, got, want)
		}
	}
	return n
}

// noWDL fails on any wdl field.
func noWDL(t *testing.T, name string, lines []string) {
	t.Helper()
	for _, l := range lines {
		if strings.Contains(l, " wdl ") {
			t.Errorf("%s: wdl shown while the option is off: %q", name, l)
		}
	}
}

// mated is lost for Black: the only move Kd9-e9 is answered by Rb7-b9 mate.
const mated = "3k5/R8/1R7/9/9/9/9/9/9/5K3 b - - 0 1"

// TestUCIShowWDLMated: being mated is 0 0 1000. (A fresh engine: after
// other searches the history tables can make depth 4 miss this mate in
// one, a search weakness outside the output tested here.)
func TestUCIShowWDLMated(t *testing.T) {
	e := enginetest.Start(t)
	greet(e, "uci")
	e.Send("setoption name UCI_ShowWDL value true")
	_, lines := search(e, "position fen "+mated, "go depth 4")
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "score mate -1 wdl 0 0 1000 ") }) {
		t.Errorf("mated in one: %q", lines)
	}
	checkWDL(t, "mated", lines, wdl.Material(positionAfter(t, mated)), true)
}

func TestUCIShowWDL(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("uci")
	if _, lines := e.Expect(`^uciok$`, wait); !slices.Contains(lines, "option name UCI_ShowWDL type check default false") {
		t.Errorf("UCI_ShowWDL not declared: %q", lines)
	}
	best, lines := search(e, "position startpos moves h2e2 h9g7", "go depth 5")
	noWDL(t, "default", append(lines, best))

	e.Send("setoption name UCI_ShowWDL value true", "setoption name MultiPV value 2")
	_, lines = search(e, "position startpos moves h2e2 h9g7", "go depth 6")
	if checkWDL(t, "multipv", lines, wdl.StartMaterial, true) < 6 {
		t.Errorf("too few lines checked: %q", lines)
	}
	e.Send("setoption name MultiPV value 1")
	const endgame = "3k5/9/9/9/9/4p4/9/9/4A4/R3K4 w - - 0 1"
	_, lines = search(e, "position fen "+endgame, "go depth 6")
	checkWDL(t, "endgame", lines, wdl.Material(positionAfter(t, endgame)), true)
	_, lines = search(e, "position fen "+mateInOne, "go depth 3")
	if last := lines[len(lines)-1]; !strings.Contains(last, "score mate 1 wdl 1000 0 0 ") {
		t.Errorf("mate in one: %q", last)
	}
	e.Send("setoption name UCI_ShowWDL value false")
	_, lines = search(e, "position startpos moves h2e2", "go depth 3")
	noWDL(t, "switched off", lines)
}

func TestUCCIShowWDL(t *testing.T) {
	e := enginetest.Start(t)
	e.Send("ucci")
	if _, lines := e.Expect(`^ucciok$`, wait); !slices.Contains(lines, "option showwdl type check default false") {
		t.Errorf("showwdl not declared: %q", lines)
	}
	e.Send("setoption showwdl true")
	// A book move: each book line with a score carries the model's wdl.
	best, lines := search(e, "position startpos", "go time 60000")
	if checkWDL(t, "book", append(lines, best), wdl.StartMaterial, false) == 0 {
		t.Errorf("no book line with a score: %q", lines)
	}
	e.Send("setoption usebook false")
	_, lines = search(e, "position startpos moves h2e2 h9g7", "go depth 6")
	if checkWDL(t, "search", lines, wdl.StartMaterial, false) < 6 {
		t.Errorf("too few lines checked: %q", lines)
	}
	_, lines = search(e, "position fen "+mateInOne, "go depth 3")
	if last := lines[len(lines)-1]; !strings.Contains(last, " score 9999 wdl 1000 0 0 ") {
		t.Errorf("mate in one: %q", last)
	}
	e.Send("position fen "+mated, "go depth 0")
	line, _ := e.Expect(`^info depth 0 `, wait)
	checkWDL(t, "depth 0", []string{line}, wdl.Material(positionAfter(t, mated)), false)
	e.Expect(`^nobestmove$`, wait)
}
