package tbgen

import (
	"slices"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// TestPredecessorsMatchMoves checks the unmoves against the move generator
// over every position of tables with each kind of piece, like pieces
// numbered as a set (KPPK) and the attacker's own advisor or
// elephant (KCAK, KNBK): the legal positions predecessors lists for an
// index are exactly those with a legal move that captures nothing and
// reaches that index.
func TestPredecessorsMatchMoves(t *testing.T) {
	for _, name := range []string{"KNKA", "KPKB", "KCKB", "KRKA", "KNKB", "KPPK", "KCAK", "KNBK"} {
		m, err := tb.ParseMaterial(name)
		if err != nil {
			t.Fatal(err)
		}
		lay := tb.NewLayout(m)
		legal := make([]bool, lay.Size())
		want := make([][]int64, lay.Size())
		pos := new(engine.Position)
		var list engine.MoveList
		for q := range lay.Size() {
			if !setIndex(pos, lay, q) {
				continue
			}
			legal[q] = true
			list.Count = 0
			pos.GenerateLegalMoves(&list)
			for _, mv := range list.Slice() {
				if mv.IsCapture() {
					continue
				}
				p, err := childIndex(lay, pos, mv)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(want[p], q) {
					want[p] = append(want[p], q)
				}
			}
		}
		var got []int64
		edges, bad := 0, 0
		for p := range lay.Size() {
			if !legal[p] {
				continue
			}
			got = got[:0]
			for _, q := range predecessors(lay, p, nil) {
				if legal[q] {
					got = append(got, q)
				}
			}
			slices.Sort(want[p])
			edges += len(want[p])
			if !slices.Equal(got, want[p]) {
				bad++
				if bad <= 3 {
					setIndex(pos, lay, p)
					t.Errorf("%s %s: predecessors %v, moves from %v", name, pos.FEN(), got, want[p])
				}
			}
		}
		if edges == 0 || bad > 0 {
			t.Errorf("%s: %d edges, %d positions wrong", name, edges, bad)
		}
	}
}

// TestMirroredKingMoves checks the one case where two moves reach one
// index: the attacking general steps sideways from the e-file of a
// symmetric position.
func TestMirroredKingMoves(t *testing.T) {
	for _, c := range []struct {
		material, fen string
		want          int
	}{
		{"KRKA", "4k4/4a4/9/9/9/4R4/9/9/9/4K4 w", 1},
		{"KRKA", "3k5/4a4/9/9/9/4R4/9/9/9/4K4 w", 0},
		{"KRKA", "4k4/4a4/9/9/9/4R4/9/9/9/4K4 b", 0},
		{"KRKA", "4k4/4a4/9/9/9/4R4/9/9/9/3K5 w", 0},
	} {
		m, err := tb.ParseMaterial(c.material)
		if err != nil {
			t.Fatal(err)
		}
		pos := new(engine.Position)
		if err := pos.SetFEN(c.fen); err != nil {
			t.Fatal(err)
		}
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		got, err := mirroredKingMoves(tb.NewLayout(m), pos, &list)
		if err != nil || got != c.want {
			t.Errorf("%s: got %d, %v; want %d", c.fen, got, err, c.want)
		}
	}
}
