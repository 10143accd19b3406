package book

import (
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine"
)

// fixed is a Source with the same entries (ICCS move, weight) everywhere;
// moves that are not legal in the probed position are left out.
type fixed []struct {
	move   string
	weight int
}

func (f fixed) Probe(pos *engine.Position, dst []Entry) []Entry {
	start := len(dst)
	for _, e := range f {
		from, _ := engine.ParseSquare(e.move[:2])
		to, _ := engine.ParseSquare(e.move[2:])
		if m := legalMove(pos, from, to); m != engine.NoMove {
			dst = append(dst, Entry{Move: m, Weight: e.weight})
		}
	}
	sortByWeight(dst[start:])
	return dst
}

var threeMoves = fixed{{"c3c4", 10}, {"h2e2", 100}, {"b0c2", 0}}

func TestSelectDeterministic(t *testing.T) {
	pos := engine.StartPosition()
	rng := rand.New(rand.NewPCG(1, 2))
	m, cands := Select(threeMoves, pos, Options{}, rng, nil)
	if m.String() != "h2e2" || len(cands) != 2 {
		t.Errorf("none: %s, %d candidates", m, len(cands))
	}
	if m, _ := Select(threeMoves, pos, Options{Randomness: RandomHuge}, nil, nil); m.String() != "h2e2" {
		t.Errorf("nil rng: %s", m)
	}
	noCentral := func(m engine.Move) bool { return m.String() != "h2e2" }
	m, cands = Select(threeMoves, pos, Options{Filter: noCentral}, rng, nil)
	if m.String() != "c3c4" || len(cands) != 1 {
		t.Errorf("filtered: %s, %v", m, cands)
	}
	none := func(engine.Move) bool { return false }
	if m, cands := Select(threeMoves, pos, Options{Filter: none}, rng, nil); m != engine.NoMove || len(cands) != 0 {
		t.Errorf("all filtered: %s, %v", m, cands)
	}
	if m, _ := Select(nil, pos, Options{}, rng, nil); m != engine.NoMove {
		t.Errorf("nil source: %s", m)
	}
	// The candidates are appended after what dst holds.
	prefix := []Entry{{Weight: -1}}
	if _, cands := Select(threeMoves, pos, Options{}, rng, prefix); len(cands) != 3 || cands[0].Weight != -1 {
		t.Errorf("append: %v", cands)
	}
}

func TestSelectMaxPly(t *testing.T) {
	pos := engine.StartPosition()
	if m, _ := Select(threeMoves, pos, Options{MaxPly: 1}, nil, nil); m == engine.NoMove {
		t.Error("ply 0 with MaxPly 1: no move")
	}
	black := positionAfter(t, "h2e2")
	if Ply(black) != 1 || Ply(positionAfter(t, "h2e2 h9g7")) != 2 {
		t.Errorf("Ply = %d", Ply(black))
	}
	if m, _ := Select(fixed{{"h9g7", 5}}, black, Options{MaxPly: 1}, nil, nil); m != engine.NoMove {
		t.Errorf("ply 1 with MaxPly 1: %s", m)
	}
	if m, _ := Select(fixed{{"h9g7", 5}}, black, Options{MaxPly: 2}, nil, nil); m.String() != "h9g7" {
		t.Errorf("ply 1 with MaxPly 2: %s", m)
	}
}

// With weights 100 and 10 the lighter move is picked with probability
// 10^e / (100^e + 10^e): about 0.01% (tiny), 1% (small), 9% (medium), 24%
// (large), 36% (huge).
func TestSelectRandomness(t *testing.T) {
	pos := engine.StartPosition()
	rng := rand.New(rand.NewPCG(7, 7))
	const draws = 4000
	want := map[Randomness][2]float64{
		RandomTiny:   {0, 0.005},
		RandomSmall:  {0.002, 0.03},
		RandomMedium: {0.06, 0.12},
		RandomLarge:  {0.19, 0.29},
		RandomHuge:   {0.31, 0.41},
	}
	for level := RandomTiny; level <= RandomHuge; level++ {
		light := 0
		for range draws {
			if m, _ := Select(threeMoves, pos, Options{Randomness: level}, rng, nil); m.String() == "c3c4" {
				light++
			}
		}
		f := float64(light) / draws
		if w := want[level]; f < w[0] || f > w[1] {
			t.Errorf("%s: lighter move %.3f of the time, want %.3f-%.3f", level, f, w[0], w[1])
		}
	}
}

func TestRandomnessNames(t *testing.T) {
	for r := RandomNone; r <= RandomHuge; r++ {
		got, err := ParseRandomness(r.String())
		if err != nil || got != r {
			t.Errorf("%s: %v %v", r, got, err)
		}
	}
	if _, err := ParseRandomness("wild"); err == nil {
		t.Error("unknown level accepted")
	}
	if s := Randomness(9).String(); s != "Randomness(9)" {
		t.Errorf("out of range: %s", s)
	}
}
