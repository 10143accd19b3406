package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/enginetest"
)

// Transcript tests of the two UCI rank conventions (issue 15): ranks 0-9
// by default (Pikafish-style GUIs, UCI-Cyclone, UCCI); ranks 1-10 in both
// directions once a UCI GUI sets UCI_Variant (Fairy-Stockfish's generic
// UCI), until the next uci.

// mateInOne has one mate, the chariot to b9 (b0b9, b1b10 with ranks from 1).
const mateInOne = "3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1"

var (
	moveFrom0 = regexp.MustCompile(`^[a-i][0-9][a-i][0-9]$`)
	moveFrom1 = regexp.MustCompile(`^([a-i])(10|[1-9])([a-i])(10|[1-9])$`)
)

// iccs converts a move written in the given convention to ICCS, failing
// when it is not written that way.
func iccs(t *testing.T, move string, fromOne bool) string {
	t.Helper()
	if !fromOne {
		if !moveFrom0.MatchString(move) {
			t.Fatalf("%q is not a move with ranks 0-9", move)
		}
		return move
	}
	m := moveFrom1.FindStringSubmatch(move)
	if m == nil {
		t.Fatalf("%q is not a move with ranks 1-10", move)
	}
	from, _ := strconv.Atoi(m[2])
	to, _ := strconv.Atoi(m[4])
	return m[1] + strconv.Itoa(from-1) + m[3] + strconv.Itoa(to-1)
}

// checkConvention checks that every PV and the bestmove and ponder move of
// a search's output are written in the convention and are legal lines of
// the position fen + moves (ICCS); it returns the bestmove as written.
func checkConvention(t *testing.T, name string, lines []string, best string, fromOne bool, fen string, moves ...string) string {
	t.Helper()
	pvs := pvLines(t, lines)
	if len(pvs) == 0 {
		t.Fatalf("%s: no PV lines: %q", name, lines)
	}
	for _, l := range pvs {
		p := positionAfter(t, fen, moves...)
		for _, mv := range l.pv {
			m, err := p.ParseMove(iccs(t, mv, fromOne))
			if err != nil {
				t.Fatalf("%s: %q: %s is not legal: %v", name, l.text, mv, err)
			}
			p.PlayGameMove(m)
		}
	}
	f := strings.Fields(best)
	line := []string{"bestmove", iccs(t, f[1], fromOne)}
	if len(f) >= 4 && f[2] == "ponder" {
		line = append(line, "ponder", iccs(t, f[3], fromOne))
	}
	legalIn(t, strings.Join(line, " "), fen, moves...)
	return f[1]
}

// search sends the position and go commands and returns the output and
// the bestmove line.
func search(e *enginetest.Proc, position, goCmd string) (string, []string) {
	e.Send(position, goCmd)
	return e.Expect(`^bestmove `, wait)
}

// TestUCIRanksFrom0ByDefault: a UCI GUI that does not set UCI_Variant
// (Pikafish-style) reads and writes ranks 0-9.
func TestUCIRanksFrom0ByDefault(t *testing.T) {
	e := enginetest.Start(t)
	greet(e, "uci")
	e.Send("setoption name OwnBook value false")
	best, lines := search(e, "position startpos moves h2e2 h9g7", "go depth 4")
	checkConvention(t, "uci", lines, best, false, engine.StartFEN, "h2e2", "h9g7")
	best, lines = search(e, "position fen "+mateInOne, "go depth 3")
	if mv := checkConvention(t, "uci mate", lines, best, false, mateInOne); mv != "b0b9" {
		t.Errorf("uci: mate in one played as %q, want b0b9", best)
	}
	e.Send("position startpos moves h3e3")
	if l, _ := e.Expect(`^info string position: `, wait); !strings.Contains(l, "move 1 (h3e3)") {
		t.Errorf("ranks 1-10 accepted without UCI_Variant: %q", l)
	}
}

// TestUCIVariantRanksFrom1: after setoption UCI_Variant, moves are read and
// written with ranks 1-10 — position, bestmove, ponder, pv, banmoves,
// searchmoves — until the next uci, which brings 0-9 back.
func TestUCIVariantRanksFrom1(t *testing.T) {
	e := enginetest.Start(t)
	greet(e, "uci")
	e.Send("setoption name OwnBook value false", "setoption name UCI_Variant value xiangqi")
	d := parseDisplay(t, textLines(t, e, "info string ", "position startpos moves h3e3 h10g8", "d"))
	checkDisplay(t, "h3e3 h10g8", d, positionAfter(t, engine.StartFEN, "h2e2", "h9g7"), "none", true)
	best, lines := search(e, "position startpos moves h3e3 h10g8", "go depth 4")
	checkConvention(t, "UCI_Variant", lines, best, true, engine.StartFEN, "h2e2", "h9g7")

	best, lines = search(e, "position fen "+mateInOne, "go depth 3")
	if mv := checkConvention(t, "UCI_Variant mate", lines, best, true, mateInOne); mv != "b1b10" {
		t.Errorf("UCI_Variant: mate in one played as %q, want b1b10", best)
	}
	e.Send("position fen "+mateInOne, "banmoves b1b10", "go depth 3")
	if best, _ := e.Expect(`^bestmove `, wait); strings.Fields(best)[1] == "b1b10" {
		t.Errorf("banmoves b1b10 ignored: %q", best)
	}
	best, _ = search(e, "position fen "+mateInOne, "go depth 2 searchmoves a9a10")
	if strings.Fields(best)[1] != "a9a10" {
		t.Errorf("searchmoves a9a10: %q", best)
	}
	// Ranks 0-9 are read as ranks 1-10: h2e2 is h1e1 in ICCS, illegal.
	e.Send("position startpos moves h2e2")
	if l, _ := e.Expect(`^info string position: `, wait); !strings.Contains(l, "move 1 (h2e2)") {
		t.Errorf("ranks 0-9 accepted after UCI_Variant: %q", l)
	}

	greet(e, "uci")
	best, lines = search(e, "position fen "+mateInOne, "go depth 3")
	if mv := checkConvention(t, "uci again", lines, best, false, mateInOne); mv != "b0b9" {
		t.Errorf("after the next uci: mate in one played as %q, want b0b9", best)
	}
	best, lines = search(e, "position startpos moves h2e2 h9g7", "go depth 3")
	checkConvention(t, "uci again", lines, best, false, engine.StartFEN, "h2e2", "h9g7")
}

// TestUCICycloneRanksFrom0: UCI-Cyclone (first command ucicyclone, or a
// bare position line) numbers ranks 0-9, as Fairy-Stockfish does, also
// when the GUI sets UCI_Variant; UCCI is never affected.
func TestUCICycloneRanksFrom0(t *testing.T) {
	for _, c := range []struct {
		name  string
		hello []string
	}{
		{"ucicyclone", []string{"ucicyclone"}},
		{"bare fen", []string{"fen " + engine.StartFEN}},
		{"ucci", []string{"ucci"}},
	} {
		e := enginetest.Start(t)
		e.Send(c.hello...)
		if c.hello[0] != "fen "+engine.StartFEN {
			e.Expect(`^(ucci|uci)ok$`, wait)
		}
		e.Send("setoption name UCI_Variant value xiangqi", "setoption UCI_Variant xiangqi")
		best, lines := search(e, "position fen "+mateInOne, "go depth 3")
		if mv := checkConvention(t, c.name, lines, best, false, mateInOne); mv != "b0b9" {
			t.Errorf("%s: mate in one played as %q, want b0b9", c.name, best)
		}
		best, lines = search(e, "position startpos moves h2e2 h9g7", "go depth 3")
		checkConvention(t, c.name, lines, best, false, engine.StartFEN, "h2e2", "h9g7")
	}
}
