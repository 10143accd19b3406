package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/enginetest"
)

// Transcript tests of the debug commands d, eval and flip (issue 15) in
// both dialects: UCCI prints them as info message lines, UCI as info
// string lines.

// dialects are the hello commands and the prefix of their text lines.
var dialects = []struct{ hello, prefix string }{
	{"ucci", "info message "},
	{"uci", "info string "},
}

// greet sends the hello command and reads up to its ok, then an isready
// and its readyok (the first isready also says which evaluation is used).
func greet(e *enginetest.Proc, hello string) {
	e.Send(hello)
	e.Expect(`^(ucci|uci)ok$`, wait)
	e.Send("isready")
	e.Expect(`^readyok$`, wait)
}

// textLines sends cmds, then isready, and returns the text of the lines
// before readyok, each of which must carry the dialect's prefix.
func textLines(t *testing.T, e *enginetest.Proc, prefix string, cmds ...string) []string {
	t.Helper()
	e.Send(append(cmds, "isready")...)
	_, lines := e.Expect(`^readyok$`, wait)
	var out []string
	for _, l := range lines {
		text, ok := strings.CutPrefix(l, prefix)
		if !ok {
			t.Errorf("%v: line %q lacks the prefix %q", cmds, l, prefix)
			continue
		}
		out = append(out, text)
	}
	return out
}

// display is what d printed.
type display struct {
	board              [engine.NumRanks]string // pieces and dots of each rank, rank 0 first
	fen, key, checkers string
	legal              int
	rankLabels         []string // top to bottom
}

var (
	diagramRow = regexp.MustCompile(`^\s*(\d+)  ((?:[KABNRCPkabnrcp.] ){8}[KABNRCPkabnrcp.])$`)
	diagramTop = regexp.MustCompile(`^\s+a b c d e f g h i$`)
)

// parseDisplay reads the output of d.
func parseDisplay(t *testing.T, lines []string) display {
	t.Helper()
	var d display
	if len(lines) != 15 || !diagramTop.MatchString(lines[0]) {
		t.Fatalf("d printed %d lines: %q", len(lines), lines)
	}
	for i, l := range lines[1:11] {
		m := diagramRow.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("diagram row %q", l)
		}
		d.rankLabels = append(d.rankLabels, m[1])
		d.board[engine.NumRanks-1-i] = strings.ReplaceAll(m[2], " ", "")
	}
	var ok [4]bool
	d.fen, ok[0] = strings.CutPrefix(lines[11], "Fen: ")
	d.key, ok[1] = strings.CutPrefix(lines[12], "Key: ")
	d.checkers, ok[2] = strings.CutPrefix(lines[13], "Checkers: ")
	var legal string
	legal, ok[3] = strings.CutPrefix(lines[14], "Legal moves: ")
	if ok != [4]bool{true, true, true, true} {
		t.Fatalf("d lines %q", lines[11:])
	}
	d.legal, _ = strconv.Atoi(legal)
	return d
}

// boardOf writes a position's board like the diagram, rank 0 first.
func boardOf(p *engine.Position) [engine.NumRanks]string {
	var b [engine.NumRanks]string
	for r := range engine.NumRanks {
		for f := range engine.NumFiles {
			if pc := p.Board(engine.MakeSquare(f, r)); pc != engine.NoPiece {
				b[r] += string(pc.Letter())
			} else {
				b[r] += "."
			}
		}
	}
	return b
}

// positionAfter returns fen after the ICCS moves.
func positionAfter(t *testing.T, fen string, moves ...string) *engine.Position {
	t.Helper()
	p, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.PlayGameMove(m)
	}
	return p
}

// checkDisplay compares what d printed with the position.
func checkDisplay(t *testing.T, name string, d display, p *engine.Position, checkers string, fromOne bool) {
	t.Helper()
	if d.board != boardOf(p) {
		t.Errorf("%s: diagram %q, position %q", name, d.board, boardOf(p))
	}
	for i, l := range d.rankLabels {
		want := engine.NumRanks - 1 - i
		if fromOne {
			want++
		}
		if l != strconv.Itoa(want) {
			t.Errorf("%s: rank labels %v", name, d.rankLabels)
			break
		}
	}
	if d.fen != p.FEN() {
		t.Errorf("%s: Fen %q, want %q", name, d.fen, p.FEN())
	}
	if want := fmt.Sprintf("%016X", p.Key()); d.key != want {
		t.Errorf("%s: Key %s, want %s", name, d.key, want)
	}
	got := strings.Fields(d.checkers)
	slices.Sort(got)
	if strings.Join(got, " ") != checkers {
		t.Errorf("%s: Checkers %q, want %q", name, d.checkers, checkers)
	}
	var list engine.MoveList
	p.GenerateLegalMoves(&list)
	if d.legal != list.Count {
		t.Errorf("%s: Legal moves %d, want %d", name, d.legal, list.Count)
	}
}

// TestDisplay: d shows the diagram (Black at the top), the FEN, the key,
// the checking pieces and the number of legal moves, in both dialects and
// in UCI's ranks-from-1 convention after UCI_Variant.
func TestDisplay(t *testing.T) {
	for _, dl := range dialects {
		e := enginetest.Start(t)
		greet(e, dl.hello)
		d := parseDisplay(t, textLines(t, e, dl.prefix, "position startpos moves h2e2 h9g7", "d"))
		checkDisplay(t, dl.hello+" startpos", d, positionAfter(t, engine.StartFEN, "h2e2", "h9g7"), "none", false)
		d = parseDisplay(t, textLines(t, e, dl.prefix, "position fen "+checkOne, "d"))
		checkDisplay(t, dl.hello+" check", d, positionAfter(t, checkOne), "d0", false)
		d = parseDisplay(t, textLines(t, e, dl.prefix, "position fen "+checkTwo, "d"))
		checkDisplay(t, dl.hello+" two checkers", d, positionAfter(t, checkTwo), "d7 e2", false)
		if l := textLines(t, e, dl.prefix, "position fen xyz", "d"); len(l) != 2 || !strings.Contains(l[1], "no usable position") {
			t.Errorf("%s: d without a position: %q", dl.hello, l)
		}
	}
	e := enginetest.Start(t)
	greet(e, "uci")
	e.Send("setoption name UCI_Variant value xiangqi")
	d := parseDisplay(t, textLines(t, e, "info string ", "position fen "+checkTwo, "d"))
	checkDisplay(t, "ranks 1-10", d, positionAfter(t, checkTwo), "d8 e3", true)
}

// Positions in check: Black's general by the chariot on d0; by the horse
// on d7 and the cannon on e2 (screened by the soldier on e5).
const (
	checkOne = "3k5/9/9/9/9/9/9/2n6/9/3RK4 b - - 0 1"
	checkTwo = "4k4/9/3N5/9/4P4/9/9/4C4/9/4K4 b - - 0 1"
)

// evalReport is what eval printed.
type evalReport struct {
	terms       map[string]int // value of each term, Red's view
	sum         int
	phase       int
	red, toMove int
	names       []string
	// hasNet tells whether a network is in use; netRed and netToMove are
	// then its evaluation.
	hasNet            bool
	netRed, netToMove int
	// searchRed and searchToMove are the evaluation the search uses,
	// source where it comes from.
	searchRed, searchToMove int
	source                  string
}

// searched returns the side-to-move evaluation the search uses.
func (r evalReport) searched() int { return r.searchToMove }

var (
	evalTerm  = regexp.MustCompile(`^(\S.*?)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)$`)
	evalPhase = regexp.MustCompile(`^phase (\d+) of 48 `)
	evalTotal = regexp.MustCompile(`^Total evaluation: (-?\d+) \(Red's view\), (-?\d+) \(side to move\)$`)
	evalNet   = regexp.MustCompile(`^Network evaluation: (-?\d+) \(Red's view\), (-?\d+) \(side to move\)$`)
	evalUsed  = regexp.MustCompile(`^Used by the search: (-?\d+) \(Red's view\), (-?\d+) \(side to move\) \((.+)\)$`)
)

// parseEval reads the output of eval.
func parseEval(t *testing.T, lines []string) evalReport {
	t.Helper()
	r := evalReport{terms: map[string]int{}}
	if len(lines) < 4 || !strings.HasPrefix(lines[0], "term (Red's view)") {
		t.Fatalf("eval printed %q", lines)
	}
	used := evalUsed.FindStringSubmatch(lines[len(lines)-1])
	if used == nil {
		t.Fatalf("eval does not end with the search's evaluation: %q", lines[len(lines)-1])
	}
	r.searchRed, _ = strconv.Atoi(used[1])
	r.searchToMove, _ = strconv.Atoi(used[2])
	r.source = used[3]
	lines = lines[:len(lines)-1]
	if m := evalNet.FindStringSubmatch(lines[len(lines)-1]); m != nil {
		r.hasNet = true
		r.netRed, _ = strconv.Atoi(m[1])
		r.netToMove, _ = strconv.Atoi(m[2])
		lines = lines[:len(lines)-1]
	}
	for _, l := range lines[1 : len(lines)-2] {
		m := evalTerm.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("eval term line %q", l)
		}
		v, _ := strconv.Atoi(m[4])
		r.terms[m[1]] = v
		r.names = append(r.names, m[1])
		r.sum += v
	}
	p := evalPhase.FindStringSubmatch(lines[len(lines)-2])
	tot := evalTotal.FindStringSubmatch(lines[len(lines)-1])
	if p == nil || tot == nil {
		t.Fatalf("eval ends with %q", lines[len(lines)-2:])
	}
	r.phase, _ = strconv.Atoi(p[1])
	r.red, _ = strconv.Atoi(tot[1])
	r.toMove, _ = strconv.Atoi(tot[2])
	return r
}

// evalPositions are positions with every side to move and material
// imbalances.
var evalPositions = []string{
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
	"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R w - - 4 4",
	"2bak4/4a4/4b4/9/2n6/9/9/4C4/4A4/3AK1B2 b - - 0 40",
	"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
}

// TestEval: eval lists each term from Red's side; the terms add up to the
// total (up to the rounding of each term's blend of middle and end game);
// the side-to-move total is the evaluation the engine searches with: the
// static score of UCCI's go depth 0 and the engine's own; a position with
// only Red material is better for Red.
func TestEval(t *testing.T) {
	for _, dl := range dialects {
		e := enginetest.Start(t)
		greet(e, dl.hello)
		for _, fen := range evalPositions {
			r := parseEval(t, textLines(t, e, dl.prefix, "position fen "+fen, "eval"))
			if len(r.names) < 10 || r.names[0] != "material" || r.names[1] != "piece-square" || r.names[len(r.names)-1] != "tempo" {
				t.Errorf("%s %s: terms %v", dl.hello, fen, r.names)
			}
			if d := r.sum - r.red; d < -len(r.names) || d > len(r.names) {
				t.Errorf("%s %s: terms add up to %d, total %d", dl.hello, fen, r.sum, r.red)
			}
			p := positionAfter(t, fen)
			if v := p.Evaluate(); r.toMove != v {
				t.Errorf("%s %s: side to move %d, engine evaluation %d", dl.hello, fen, r.toMove, v)
			}
			if want := map[engine.Color]int{engine.Red: r.red, engine.Black: -r.red}[p.SideToMove()]; r.toMove != want {
				t.Errorf("%s %s: Red's view %d, side to move %d", dl.hello, fen, r.red, r.toMove)
			}
			if want := map[engine.Color]int{engine.Red: r.netRed, engine.Black: -r.netRed}[p.SideToMove()]; r.netToMove != want {
				t.Errorf("%s %s: network: Red's view %d, side to move %d", dl.hello, fen, r.netRed, r.netToMove)
			}
			if dl.hello == "ucci" {
				e.Send("go depth 0")
				line, _ := e.Expect(`^info depth 0 score `, wait)
				if line != "info depth 0 score "+strconv.Itoa(r.searched()) {
					t.Errorf("%s: eval says %d, go depth 0 %q", fen, r.searched(), line)
				}
				e.Expect(`^nobestmove$`, wait)
			}
		}
		r := parseEval(t, textLines(t, e, dl.prefix, "position fen "+evalPositions[3], "eval"))
		if r.terms["material"] < 300 || r.red < 300 || r.hasNet && r.netRed < 100 {
			t.Errorf("%s: a chariot up: material %d, total %d, network %d", dl.hello, r.terms["material"], r.red, r.netRed)
		}
		if l := textLines(t, e, dl.prefix, "position fen xyz", "eval"); len(l) != 2 || !strings.Contains(l[1], "no usable position") {
			t.Errorf("%s: eval without a position: %q", dl.hello, l)
		}
	}
}

// TestEvalShowsTheSearchValue: eval ends with the value the search uses,
// which go depth 0 reports too: a net whose output (+101,600 with a full
// board) is beyond the search's bound shows the network's value and the
// bounded one; at knowledge none the search counts material only.
func TestEvalShowsTheSearchValue(t *testing.T) {
	n := nnue.NewNet(nnue.ArchPlain)
	for i := range n.FeatureBias {
		n.FeatureBias[i] = nnue.QA
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = 127
		}
	}
	path := filepath.Join(t.TempDir(), "extreme.nnue")
	var buf bytes.Buffer
	n.WriteTo(&buf)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	e := enginetest.Start(t)
	greet(e, "ucci")
	textLines(t, e, "info message ", "setoption evalfile "+path)
	r := parseEval(t, textLines(t, e, "info message ", "position startpos", "eval"))
	if !r.hasNet || r.netToMove != 101600 || r.searchToMove != engine.MaxEval || r.source != "network, bounded by +-8000" {
		t.Errorf("eval with the extreme net: network %d, search %d (%s); want 101600, %d (network, bounded)",
			r.netToMove, r.searchToMove, r.source, engine.MaxEval)
	}
	e.Send("go depth 0")
	if line, _ := e.Expect(`^info depth 0 score `, wait); line != fmt.Sprintf("info depth 0 score %d", engine.MaxEval) {
		t.Errorf("go depth 0 with the extreme net: %q", line)
	}
	e.Expect(`^nobestmove$`, wait)
	r = parseEval(t, textLines(t, e, "info message ", "setoption knowledge none", "position fen "+evalPositions[3], "eval"))
	if r.source != "material only, knowledge none" || r.searchToMove == r.netToMove || r.searchToMove < 300 || r.searchToMove > 2000 {
		t.Errorf("eval at knowledge none, a chariot up: search %d (%s), network %d", r.searchToMove, r.source, r.netToMove)
	}
	e.Send("go depth 0")
	if line, _ := e.Expect(`^info depth 0 score `, wait); line != fmt.Sprintf("info depth 0 score %d", r.searchToMove) {
		t.Errorf("go depth 0 at knowledge none: %q, eval says %d", line, r.searchToMove)
	}
	e.Expect(`^nobestmove$`, wait)
}

// flipFEN turns a FEN's board upside down and swaps the colours and the
// side to move, independently of the engine.
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	rows := strings.Split(f[0], "/")
	slices.Reverse(rows)
	swapped := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, strings.Join(rows, "/"))
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	return swapped + " " + side + " " + strings.Join(f[2:], " ")
}

// TestFlip: flip swaps the colours (the board upside down, the other side
// to move); the following d and eval show the flipped position, whose
// evaluation for the side to move is the same; flipping twice gives the
// position back; a search after flip plays a legal move of the flipped
// position.
func TestFlip(t *testing.T) {
	for _, dl := range dialects {
		e := enginetest.Start(t)
		greet(e, dl.hello)
		for _, fen := range evalPositions {
			before := parseEval(t, textLines(t, e, dl.prefix, "position fen "+fen, "eval"))
			if out := textLines(t, e, dl.prefix, "flip"); len(out) != 0 {
				t.Errorf("%s: flip printed %q", dl.hello, out)
			}
			want := positionAfter(t, flipFEN(fen))
			d := parseDisplay(t, textLines(t, e, dl.prefix, "d"))
			checkDisplay(t, dl.hello+" flipped "+fen, d, want, checkersOf(want), false)
			after := parseEval(t, textLines(t, e, dl.prefix, "eval"))
			if after.toMove != before.toMove || after.terms["material"] != -before.terms["material"] || after.netToMove != before.netToMove {
				t.Errorf("%s %s: flipped eval %d (material %d), before %d (material %d)", dl.hello, fen,
					after.toMove, after.terms["material"], before.toMove, before.terms["material"])
			}
			d = parseDisplay(t, textLines(t, e, dl.prefix, "flip", "d"))
			if d.fen != positionAfter(t, fen).FEN() {
				t.Errorf("%s: flipped twice %q, want %q", dl.hello, d.fen, fen)
			}
		}
		e.Send("position startpos moves h2e2", "flip", "go depth 3")
		line, _ := e.Expect(`^bestmove `, wait)
		legalIn(t, line, flipFEN(positionAfter(t, engine.StartFEN, "h2e2").FEN()))
		if l := textLines(t, e, dl.prefix, "position fen xyz", "flip"); len(l) != 2 || !strings.Contains(l[1], "no usable position") {
			t.Errorf("%s: flip without a position: %q", dl.hello, l)
		}
	}
}

// checkersOf lists the squares of the pieces that check the side to move.
func checkersOf(p *engine.Position) string {
	var names []string
	for _, sq := range p.Checkers() {
		names = append(names, sq.String())
	}
	if len(names) == 0 {
		return "none"
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}
