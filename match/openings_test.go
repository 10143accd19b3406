package match

import (
	"bytes"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestParseOpeningsLines(t *testing.T) {
	text := `; a comment line

startpos moves h2e2 h9g7 ; central cannon
` + mateFEN + `
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ; short FEN, no moves
`
	ops, err := ParseOpenings(strings.NewReader(text), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 3 {
		t.Fatalf("%d openings", len(ops))
	}
	if ops[0].FEN != engine.StartFEN || len(ops[0].Moves) != 2 || ops[0].Comment != "central cannon" {
		t.Errorf("first: %+v", ops[0])
	}
	if ops[1].FEN != mateFEN || len(ops[1].Moves) != 0 {
		t.Errorf("second: %+v", ops[1])
	}
	if ops[2].FEN != engine.StartFEN {
		t.Errorf("third: %q", ops[2].FEN)
	}
	if end := ops[0].End(); !strings.HasPrefix(end, "rnbakab1r/9/1c4nc1/") || !strings.Contains(end, " w ") {
		t.Errorf("end of the first opening: %q", end)
	}
	for _, bad := range []string{"", "; only a comment\n", "startpos moves h2h8\n", "9/9/9 w\n", "startpos\nnot a fen\n"} {
		if _, err := ParseOpenings(strings.NewReader(bad), "bad.txt"); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	_, err = ParseOpenings(strings.NewReader("startpos\nstartpos moves x\n"), "bad.txt")
	if err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("error should name the line: %v", err)
	}
}

func TestParseOpeningsPGN(t *testing.T) {
	text := `[Event "one"]
[Result "*"]

1. h2e2 h9g7 2. h0g2 *

[Event "two"]
[FEN "` + mateFEN + `"]

*
`
	ops, err := ParseOpenings(strings.NewReader(text), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || len(ops[0].Moves) != 3 || ops[0].FEN != engine.StartFEN || ops[1].FEN != mateFEN || ops[1].Comment != "two" {
		t.Errorf("openings %+v", ops)
	}
	if _, err := ParseOpenings(strings.NewReader("1. h2h8 *\n"), "bad.pgn"); err == nil {
		t.Error("an illegal PGN move was accepted")
	}
}

func TestDefaultOpenings(t *testing.T) {
	ops, err := DefaultOpenings()
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 100 || len(ops) > 300 {
		t.Errorf("%d built-in openings", len(ops))
	}
	seen := map[uint64]bool{}
	cfg := Config{}
	for i, o := range ops {
		p, _ := engine.NewPosition(o.FEN)
		key := min(p.Key(), p.MirroredKey())
		if seen[key] {
			t.Errorf("opening %d repeats an earlier one (or its mirror)", i+1)
		}
		seen[key] = true
		if err := cfg.checkOpening(o); err != nil {
			t.Errorf("opening %d: %v", i+1, err)
		}
		if n := p.Fullmove(); n < 4 || n > 6 {
			t.Errorf("opening %d: move number %d, want 6-10 plies in", i+1, n)
		}
	}
	if !bytes.Contains(defaultOpenings, []byte("CC BY 4.0")) {
		t.Error("the openings file lacks the CCPD attribution")
	}
}

func TestShuffleOpenings(t *testing.T) {
	ops, _ := DefaultOpenings()
	same := ShuffleOpenings(ops, 0)
	a, b := ShuffleOpenings(ops, 7), ShuffleOpenings(ops, 7)
	c := ShuffleOpenings(ops, 8)
	moved := 0
	for i := range ops {
		if same[i].FEN != ops[i].FEN || a[i].FEN != b[i].FEN {
			t.Fatal("seed 0 must keep the order and a seed must be reproducible")
		}
		if a[i].FEN != c[i].FEN {
			moved++
		}
	}
	if moved == 0 {
		t.Error("different seeds gave the same order")
	}
}

func TestGenerateOpenings(t *testing.T) {
	// Line A is played 3 times (1-0, 0-1, 1/2) and reaches the same
	// positions; line B twice, both won by Red; its mirror image once.
	lineA := "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"
	lineB := "c3c4 b7c7 b0c2 b9a7 a0b0 a9b9"
	mirrorB := "g3g4 h7g7 h0g2 h9i7 i0h0 i9h9"
	var b strings.Builder
	for _, g := range []struct{ moves, result string }{
		{lineA, "1-0"}, {lineA, "0-1"}, {lineA, "1/2-1/2"}, {lineB, "1-0"}, {lineB, "1-0"}, {mirrorB, "1-0"}, {lineA, "*"},
	} {
		b.WriteString("[Result \"" + g.result + "\"]\n\n" + g.moves + " " + g.result + "\n\n")
	}
	ps, rep, err := GenerateOpenings(strings.NewReader(b.String()), "g.pgn", GenOptions{MinPly: 5, MaxPly: 6, MinGames: 3, MaxDeviation: 0.3, MaxDrawRate: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 6 || rep.Skipped != 1 {
		t.Errorf("report %+v", rep)
	}
	// Red scored 4.5/6 overall. Line A (0.5, a third drawn) has too many
	// draws; line B with its mirror (3 games, 1.0) is within 0.3 of 0.75.
	if len(ps) != 2 || rep.Candidates != 4 {
		t.Fatalf("%d positions, report %+v: %+v", len(ps), rep, ps)
	}
	for _, p := range ps {
		if p.Record != (Record{Wins: 3}) || !strings.HasPrefix(strings.Join(p.Line, " "), "c3c4 b7c7") {
			t.Errorf("position %+v", p)
		}
	}
	var out bytes.Buffer
	if err := WriteOpenings(&out, "header", ps); err != nil {
		t.Fatal(err)
	}
	back, err := ParseOpenings(&out, "out")
	if err != nil || len(back) != 2 || back[0].FEN != ps[0].FEN {
		t.Errorf("re-read %d openings: %v", len(back), err)
	}
	ps, _, _ = GenerateOpenings(strings.NewReader(b.String()), "g.pgn", GenOptions{MinPly: 5, MaxPly: 6, MinGames: 3, MaxDeviation: 0.3, MaxDrawRate: 0.3, PerFamily: 1})
	if len(ps) != 1 || !strings.HasPrefix(strings.Join(ps[0].Line, " "), "c3c4 b7c7") {
		t.Errorf("one per family: %+v", ps)
	}
}
