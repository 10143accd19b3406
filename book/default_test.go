package book

import (
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine"
)

func mustDefault(t testing.TB) *Book {
	t.Helper()
	bk, err := Default()
	if err != nil {
		t.Fatalf("built-in book: %v", err)
	}
	return bk
}

func TestDefaultBook(t *testing.T) {
	bk := mustDefault(t)
	if bk.Positions() < 10000 || bk.Games() < 20000 || bk.Size() > 5<<20 {
		t.Errorf("%d positions from %d games, %d bytes", bk.Positions(), bk.Games(), bk.Size())
	}
	m, cands := Select(bk, engine.StartPosition(), Options{}, nil, nil)
	if s := m.String(); s != "h2e2" && s != "b2e2" || len(cands) < 8 {
		t.Errorf("start position: %s of %d", m, len(cands))
	}
	for _, e := range cands {
		if e.Games() == 0 || e.Score() < 0.3 || e.Weight != 2*e.Wins+e.Draws {
			t.Errorf("entry %+v", e)
		}
	}
}

// TestDefaultBookSelfPlay plays 100 games with book moves for both sides
// until the book runs out: they must spread over at least 20 positions
// after 8 plies.
func TestDefaultBookSelfPlay(t *testing.T) {
	bk := mustDefault(t)
	rng := rand.New(rand.NewPCG(2026, 6))
	seen := map[uint64]bool{}
	reached := 0
	buf := make([]Entry, 0, 64)
	for range 100 {
		pos := engine.StartPosition()
		for ply := 0; ply < 8; ply++ {
			m, _ := Select(bk, pos, Options{Randomness: RandomMedium}, rng, buf[:0])
			if m == engine.NoMove {
				break
			}
			pos.PlayGameMove(m)
		}
		if Ply(pos) == 8 {
			reached++
			seen[pos.Key()] = true
		}
	}
	if len(seen) < 20 {
		t.Errorf("%d games reached ply 8 in %d distinct positions, want at least 20", reached, len(seen))
	}
	t.Logf("%d of 100 games reached ply 8, %d distinct positions", reached, len(seen))
}

// deepLine is a main line of the built-in book, 14 plies deep.
const deepLine = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8 b0c2 d9e8"

func TestProbeDoesNotAllocate(t *testing.T) {
	bk := mustDefault(t)
	sources := map[string]Source{"Book": bk}
	if ee, err := Open(eleeyeBookPath); err == nil {
		sources["EleEye"] = ee
	}
	positions := []*engine.Position{engine.StartPosition(), positionAfter(t, "h2e2"), positionAfter(t, deepLine)}
	buf := make([]Entry, 0, engine.MaxMoves)
	rng := rand.New(rand.NewPCG(1, 1))
	quiet := func(m engine.Move) bool { return m.Captured() == engine.NoPiece }
	for _, pos := range positions {
		if len(bk.Probe(pos, buf[:0])) == 0 {
			t.Fatalf("no book move in %s", pos.FEN())
		}
		for name, src := range sources {
			if n := testing.AllocsPerRun(100, func() { src.Probe(pos, buf[:0]) }); n != 0 {
				t.Errorf("%s.Probe allocates %.1f times in %s", name, n, pos.FEN())
			}
		}
		if n := testing.AllocsPerRun(100, func() {
			Select(bk, pos, Options{Randomness: RandomMedium, Filter: quiet}, rng, buf[:0])
		}); n != 0 {
			t.Errorf("Select allocates %.1f times in %s", n, pos.FEN())
		}
	}
}
