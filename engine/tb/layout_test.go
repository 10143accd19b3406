package tb

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayoutRoundTrip: every index (of a large table, a sample) that
// decodes to a placement (no two pieces on a point) gives that index back,
// whatever the order the placement lists like pieces in and whichever
// colour attacks; the pieces of a kind take as many indexes as they have
// sets of points.
func TestLayoutRoundTrip(t *testing.T) {
	for _, name := range []string{"KRKAA", "KPPKB", "KCAKA", "KNAABKBB"} {
		m, err := ParseMaterial(name)
		if err != nil {
			t.Fatal(err)
		}
		lay := NewLayout(m)
		want := int64(2)
		for _, g := range lay.groups {
			n := int64(len(g.points.squares))
			switch g.count {
			case 1:
				want *= n
			case 2:
				want *= n * (n - 1) / 2
			}
		}
		if lay.Size() != want {
			t.Errorf("%s: %d entries, want %d", name, lay.Size(), want)
		}
		var board [NumSquares]uint8
		decoded := 0
		// Every index of a small table, a random sample of a large one.
		rng := rand.New(rand.NewPCG(51, uint64(lay.Size())))
		n := min(lay.Size(), 200000)
		for k := range n {
			i := k
			if n < lay.Size() {
				i = rng.Int64N(lay.Size())
			}
			side, ok := lay.Decode(i, &board)
			if !ok {
				continue
			}
			decoded++
			for _, flip := range []bool{false, true} {
				var pl Placement
				for s := NumSquares - 1; s >= 0; s-- { // like pieces listed from the top
					pc := board[s]
					if pc == 0 {
						continue
					}
					sq := uint8(s)
					if flip {
						pc ^= 8
						sq = flipSquare(sq)
					}
					pl.Square[pc][pl.Count[pc]] = sq
					pl.Count[pc]++
				}
				strong := Red
				pl.Side = side
				if flip {
					strong, pl.Side = Black, side^1
				}
				got, ok := lay.Index(&pl, strong)
				if !ok || got != i {
					t.Fatalf("%s: index %d decodes to a placement indexed %d, %v (flipped %v)", name, i, got, ok, flip)
				}
			}
		}
		if decoded == 0 {
			t.Errorf("%s: nothing decoded", name)
		}
	}
}

// TestIndexRefusesOtherMaterial: a placement with a piece more or less
// than the table's has no index.
func TestIndexRefusesOtherMaterial(t *testing.T) {
	m, _ := ParseMaterial("KRKA")
	lay := NewLayout(m)
	var pl Placement
	put := func(pc uint8, s uint8) { pl.Square[pc][pl.Count[pc]] = s; pl.Count[pc]++ }
	put(King, 4)
	put(Rook, 40)
	put(King|8, 85)
	if _, ok := lay.Index(&pl, Red); ok {
		t.Error("KRK indexed in KRKA's table")
	}
	put(Advisor|8, 76)
	if _, ok := lay.Index(&pl, Red); !ok {
		t.Error("KRKA not indexed")
	}
	put(Advisor, 13)
	if _, ok := lay.Index(&pl, Red); ok {
		t.Error("KRAKA indexed in KRKA's table")
	}
}

// TestOldFormatRefused: a table of another format version is refused
// with a message that says so.
func TestOldFormatRefused(t *testing.T) {
	m, _ := ParseMaterial("KRK")
	dir := t.TempDir()
	if _, err := WriteTable(dir, m, make([]Value, NewLayout(m).size)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, FileName(m))
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img[7] = 1
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenTable(dir, m)
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("old table: %v", err)
	}
}

func TestOwnSetHasTheAttackersDefenders(t *testing.T) {
	own, err := Set("own")
	if err != nil {
		t.Fatal(err)
	}
	all, err := Set("all")
	if err != nil {
		t.Fatal(err)
	}
	if len(own) != 324 || len(all) != 414 {
		t.Errorf("own %d tables, all %d", len(own), len(all))
	}
	seen := map[Material]bool{}
	for _, m := range own {
		seen[m] = true
	}
	for _, name := range []string{"KCAKA", "KRAABBKAABB", "KPKAABB", "KNBK"} {
		m, _ := ParseMaterial(name)
		if !seen[m] {
			t.Errorf("own lacks %s", name)
		}
	}
	// Each table comes after the tables one capture away.
	at := map[Material]int{}
	for i, m := range all {
		at[m] = i
	}
	for i, m := range all {
		for _, s := range m.Subsets() {
			if j, ok := at[s]; !ok || j >= i {
				t.Errorf("%s before %s (%v)", m, s, ok)
			}
		}
	}
}
