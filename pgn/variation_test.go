package pgn

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

// moves parses ICCS moves played in turn from fen.
func moves(t *testing.T, fen string, text string) []engine.Move {
	t.Helper()
	pos, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Move
	for _, s := range strings.Fields(text) {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pos.PlayGameMove(m)
		out = append(out, m)
	}
	return out
}

// TestVariationsRoundTrip: a game with variations, one nested and two at
// the same move, is written with parentheses in every notation and reads
// back the same, comments of the main line kept.
func TestVariationsRoundTrip(t *testing.T) {
	s := engine.StartFEN
	main := moves(t, s, "h2e2 h9g7 h0g2 i9h9")
	afterH2E2 := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
	g := &Game{
		Moves:    main,
		Comments: []string{"", "the usual reply"},
		Variations: [][]Line{
			nil,
			{
				{Moves: moves(t, afterH2E2, "b9c7 b0c2"),
					Variations: [][]Line{nil, {{Moves: moves(t, "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", "h0g2")}}}},
				{Moves: moves(t, afterH2E2, "b7e7")},
			},
		},
		Result: "*",
	}
	for _, n := range []Notation{ICCS, WXF, Chinese} {
		var b bytes.Buffer
		if err := (WriteOptions{Notation: n}).Write(&b, g); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if strings.Count(text, "(") != 3 || strings.Count(text, ")") != 3 {
			t.Fatalf("%v: not three variations:\n%s", n, text)
		}
		if n == ICCS && !strings.Contains(strings.Join(strings.Fields(text), " "), "1. H2-E2 H9-G7 {the usual reply} ( 1... B9-C7 2. B0-C2 ( 2. H0-G2 ) ) ( 1... B7-E7 ) 2. H0-G2 I9-H9") {
			t.Fatalf("ICCS movetext:\n%s", text)
		}
		back, err := NewReader(strings.NewReader(text), "x").Next()
		if err != nil {
			t.Fatalf("%v: %v\n%s", n, err, text)
		}
		if !reflect.DeepEqual(back.Moves, g.Moves) || !reflect.DeepEqual(back.Variations, g.Variations) || back.Comments[1] != "the usual reply" {
			t.Fatalf("%v: read back %v %v %q\nfrom\n%s", n, back.Moves, back.Variations, back.Comments, text)
		}
	}
}

// TestVariationsHostile: a variation with an illegal move keeps its legal
// start (or is dropped when it has none), a result inside a variation ends
// nothing, a variation before any move is skipped, and the game is read.
func TestVariationsHostile(t *testing.T) {
	text := "[Event \"x\"]\n( 1. a0a1 ) 1. h2e2 ( 1. b2e2 h9g7 h0h9 b9c7 ) ( 1. zz ) ( 1. c3c4 1-0 ) h9g7 2. h0g2 ) *\n"
	g, err := NewReader(strings.NewReader(text), "x").Next()
	if err != nil {
		t.Fatal(err)
	}
	if want := moves(t, engine.StartFEN, "h2e2 h9g7 h0g2"); !reflect.DeepEqual(g.Moves, want) {
		t.Fatalf("main line %v", g.Moves)
	}
	if len(g.Variations) != 1 || len(g.Variations[0]) != 2 {
		t.Fatalf("variations %v", g.Variations)
	}
	if got := g.Variations[0][0].Moves; !reflect.DeepEqual(got, moves(t, engine.StartFEN, "b2e2 h9g7")) {
		t.Fatalf("illegal variation kept %v", got)
	}
	if got := g.Variations[0][1].Moves; !reflect.DeepEqual(got, moves(t, engine.StartFEN, "c3c4")) || g.Result != "*" {
		t.Fatalf("variation with a result: %v, result %s", got, g.Result)
	}
}

// TestVariationsNestedTooDeep: variations nested deeper than
// maxVariationDepth are skipped, the shallower ones and the game kept.
func TestVariationsNestedTooDeep(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"x\"]\n1. h2e2 h9g7")
	for range maxVariationDepth + 10 {
		b.WriteString(" ( h9g7")
	}
	for range maxVariationDepth + 10 {
		b.WriteString(" )")
	}
	b.WriteString(" 2. h0g2 *\n")
	g, err := NewReader(strings.NewReader(b.String()), "x").Next()
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for vars := g.Variations; len(vars) > 1 || len(vars) == 1 && len(vars[0]) > 0; depth++ {
		l := vars[len(vars)-1][0]
		vars = l.Variations
	}
	if len(g.Moves) != 3 || depth != maxVariationDepth {
		t.Fatalf("%d moves, variations %d deep, want 3 and %d", len(g.Moves), depth, maxVariationDepth)
	}
}
