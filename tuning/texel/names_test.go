package texel

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestEngineLayout(t *testing.T) {
	l, err := EngineLayout()
	if err != nil {
		t.Fatal(err)
	}
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
	if !ok || tempo.Size != 1 || l.Names[tempo.Start] != "tempo" {
		t.Errorf("tempo group %+v, %v", tempo, ok)
	}
	if l.Names[1] != "material[1]" {
		t.Errorf("second name %q", l.Names[1])
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
	l, err := EngineLayout()
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Mask([]string{"material", " tempo", ""})
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for _, b := range m {
		if b {
			count++
		}
	}
	if count != engine.NumPieceTypes+1 || !m[0] || !m[len(m)-1] {
		t.Errorf("mask marks %d weights", count)
	}
	if _, err := l.Mask([]string{"queen"}); err == nil || !strings.Contains(err.Error(), "queen") {
		t.Errorf("unknown group: %v", err)
	}
}

func TestParseLayoutErrors(t *testing.T) {
	src, err := engine.FormatParams(engine.EvalParams())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parseLayout(src, engine.NumEvalParams+1); err == nil {
		t.Error("wrong weight count accepted")
	}
	if _, err := parseLayout([]byte("// BEGIN PARAMS\n{1, 2},\n// END PARAMS\n"), 1); err == nil {
		t.Error("weights before a title accepted")
	}
}

func TestParamsRoundTrip(t *testing.T) {
	p := engine.EvalParams()
	x := FromEngine(p)
	if len(x) != 2*len(p) || x[2*engine.Rook] != float64(p[engine.Rook].MG) || x[2*engine.Rook+1] != float64(p[engine.Rook].EG) {
		t.Fatal("FromEngine misplaces values")
	}
	x[0] = 1.6
	x[1] = -2.5
	q := x.Engine()
	if q[0].MG != 2 || q[0].EG != -3 {
		t.Errorf("rounding gave %+v", q[0])
	}
	c := x.Clone()
	c[0] = 99
	if x[0] == 99 {
		t.Error("Clone shares storage")
	}
}
