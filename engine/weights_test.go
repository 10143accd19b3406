package engine

import (
	"strings"
	"testing"
)

// TestWeightTableTilesTheWeights: the groups of the weight table follow one
// another without gap or overlap from 0 to NumEvalParams, with unique
// names, so that every offset, name and params.go row follows from it.
func TestWeightTableTilesTheWeights(t *testing.T) {
	next := 0
	names := map[string]bool{}
	for _, g := range WeightGroups() {
		if g.Start != next || g.Size < 1 {
			t.Errorf("group %q at %d, size %d: the previous group ends at %d", g.Name, g.Start, g.Size, next)
		}
		if names[g.Name] || g.Name == "" || g.Kind == "" {
			t.Errorf("group %q (kind %q): duplicate or empty name", g.Name, g.Kind)
		}
		names[g.Name] = true
		next = g.Start + g.Size
	}
	if next != NumEvalParams {
		t.Errorf("the groups end at %d, the weights at %d", next, NumEvalParams)
	}
	tempo, ok := weightGroup("tempo")
	if !ok || tempo.Start != paramTempo || tempo.Size != 1 {
		t.Errorf("tempo group %+v", tempo)
	}
	for pt := NoPieceType; pt < NumPieceTypes; pt++ {
		g := WeightGroups()[1+int(pt)]
		if g.Kind != KindPieceSquare || g.Start != paramPST+int(pt)*pstHalf || g.Size != pstHalf {
			t.Errorf("piece-square table of type %d: %+v", pt, g)
		}
	}
}

// TestParamsRowsNameEveryGroup: params.go gives every group of the table
// its values, and the weights in use are those rows.
func TestParamsRowsNameEveryGroup(t *testing.T) {
	if len(defaultWeightRows) != len(weightTable) {
		t.Errorf("params.go has %d rows, the table %d groups", len(defaultWeightRows), len(weightTable))
	}
	w := DefaultWeights()
	for _, r := range defaultWeightRows {
		g, _ := weightGroup(r.name)
		for i, v := range r.values {
			if got := w[g.Start+i]; got.MG != int(v.mg) || got.EG != int(v.eg) {
				t.Fatalf("%s[%d]: weight %+v, params.go %+v", r.name, i, got, v)
			}
		}
	}
}

func TestWeightsFromRows(t *testing.T) {
	w, err := weightsFromRows([]weightRow{{"tempo", []S{{7, 3}}}, {"material", make([]S, NumPieceTypes)}})
	if err != nil || w[paramTempo] != (S{7, 3}) || w[paramRookMobility] != (S{}) {
		t.Errorf("tempo %+v, rook mobility %+v (no row: zero), %v", w[paramTempo], w[paramRookMobility], err)
	}
	for _, c := range []struct {
		rows []weightRow
		want string
	}{
		{[]weightRow{{"queen", []S{{1, 1}}}}, `no weight group "queen"`},
		{[]weightRow{{"tempo", []S{{1, 1}, {2, 2}}}}, `"tempo" has 2 values, want 1`},
		{[]weightRow{{"tempo", []S{{1, 1}}}, {"tempo", []S{{1, 1}}}}, `"tempo" given twice`},
	} {
		if _, err := weightsFromRows(c.rows); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.rows, err, c.want)
		}
	}
}
