package texel

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestEngineLayout(t *testing.T) {
	l := EngineLayout()
	if len(l.Names) != engine.NumEvalParams {
		t.Fatalf("%d names for %d weights", len(l.Names), engine.NumEvalParams)
	}
	material, tables, ok := l.PieceTables()
	if !ok || material.Start != 0 || material.Size != engine.NumPieceTypes || len(tables) != engine.NumPieceTypes {
		t.Fatalf("material %+v, %d tables, ok %v", material, len(tables), ok)
	}
	for i, g := range tables {
		if g.Size != engine.NumRanks*5 {
			t.Errorf("table %d (%s) has %d weights", i, g.Title, g.Size)
		}
		if i > 0 && g.Start != tables[i-1].Start+tables[i-1].Size {
			t.Errorf("table %s does not follow %s", g.Title, tables[i-1].Title)
		}
	}
	if tables[engine.Horse].Title != "Horse" || tables[engine.Pawn].Title != "Pawn" {
		t.Errorf("tables out of piece-type order: %s, %s", tables[engine.Horse].Title, tables[engine.Pawn].Title)
	}
	tempo, ok := l.Group("TEMPO")
	if !ok || tempo.Size != 1 || l.Names[tempo.Start] != "tempo" || tempo.Start != engine.NumEvalParams-1 {
		t.Errorf("tempo group %+v, %v", tempo, ok)
	}
	if l.Names[1] != "material[1]" || l.Names[material.Size+engine.NumRanks*5+3] != "King[3]" {
		t.Errorf("names %q, %q", l.Names[1], l.Names[material.Size+engine.NumRanks*5+3])
	}
	seen := map[string]bool{}
	for _, n := range l.Names {
		if seen[n] {
			t.Errorf("name %q twice", n)
		}
		seen[n] = true
	}
}

func TestLayoutMask(t *testing.T) {
	l := EngineLayout()
	count := func(m []bool) int {
		n := 0
		for _, b := range m {
			if b {
				n++
			}
		}
		return n
	}
	m, err := l.Mask([]string{"material", " tempo", ""})
	if err != nil {
		t.Fatal(err)
	}
	if count(m) != engine.NumPieceTypes+1 || !m[0] || !m[len(m)-1] {
		t.Errorf("mask marks %d weights", count(m))
	}
	// A kind selects every group of that kind.
	m, err = l.Mask([]string{"piece-square", "Mobility"})
	if err != nil {
		t.Fatal(err)
	}
	if want := engine.NumPieceTypes*engine.NumRanks*5 + 4; count(m) != want || m[0] {
		t.Errorf("piece-square and mobility mark %d weights, want %d", count(m), want)
	}
	if _, err := l.Mask([]string{"queen"}); err == nil || !strings.Contains(err.Error(), "queen") ||
		!strings.Contains(err.Error(), "king safety") {
		t.Errorf("unknown group: %v", err)
	}
}

func TestParamsConversions(t *testing.T) {
	w := engine.DefaultWeights()
	x := FromWeights(&w)
	if len(x) != 2*len(w) || x[2*engine.Rook] != float64(w[engine.Rook].MG) || x[2*engine.Rook+1] != float64(w[engine.Rook].EG) {
		t.Fatal("FromWeights misplaces values")
	}
	x[0] = 1.6
	x[1] = -2.5
	q, ok := x.Weights()
	if !ok || q[0].MG != 2 || q[0].EG != -3 || q[5] != w[5] {
		t.Errorf("rounding gave %+v, %+v", q[0], q[5])
	}
	if r := x.Rounded(); r[0] != 2 || r[1] != -3 || len(r) != len(x) {
		t.Errorf("Rounded gave %v, %v", r[0], r[1])
	}
	if _, ok := x[:10].Weights(); ok {
		t.Error("Weights accepted too few values")
	}
	c := x.Clone()
	c[0] = 99
	if x[0] == 99 {
		t.Error("Clone shares storage")
	}
}
