package tbgen

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// smallSet are the tables the tests build (a few seconds on one core).
var smallSet = []string{"KRK", "KNK", "KCK", "KPK", "KRKA", "KNKA", "KCKA", "KPKA", "KRKB", "KNKB", "KCKB", "KPKB", "KRKAA", "KCAKA"}

var (
	testOnce   sync.Once
	testTables *tb.Tables
	testDir    string
	testErr    error
)

// buildTestTables builds smallSet once for the package's tests.
func buildTestTables(t *testing.T) *tb.Tables {
	t.Helper()
	testOnce.Do(func() {
		testDir, testErr = os.MkdirTemp("", "tablebases-test-*")
		if testErr != nil {
			return
		}
		testTables, testErr = BuildNamed(testDir, smallSet, 0)
	})
	if testErr != nil {
		t.Fatal(testErr)
	}
	return testTables
}

func TestMain(m *testing.M) {
	code := m.Run()
	if testDir != "" {
		os.RemoveAll(testDir)
	}
	os.Exit(code)
}

func TestVerifySmallTables(t *testing.T) {
	ts := buildTestTables(t)
	for _, m := range ts.Materials() {
		n, problems := Verify(ts, m, 5)
		for _, p := range problems {
			t.Errorf("%s: %s", m, p)
		}
		if n == 0 {
			t.Errorf("%s: no position checked", m)
		}
	}
}

func probeFEN(t *testing.T, ts *tb.Tables, fen string) tb.Value {
	t.Helper()
	p, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := p.ProbeTB(ts)
	if !ok {
		t.Fatalf("%s: no table", fen)
	}
	return v
}

func TestProbeKnownPositions(t *testing.T) {
	ts := buildTestTables(t)
	v := probeFEN(t, ts, "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")
	if !v.IsWin() {
		t.Errorf("KRK red to move: %s", v)
	}
	w := probeFEN(t, ts, "4k3r/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
	if !w.IsWin() {
		t.Errorf("KRK black attacking: %s", w)
	}
}

func TestVerifyFindsACorruptValue(t *testing.T) {
	ts := buildTestTables(t)
	m, _ := tb.ParseMaterial("KRK")
	orig := ts.Table(m)
	vals := make([]tb.Value, orig.Size())
	for i := range vals {
		vals[i] = orig.At(int64(i))
	}
	// Turn the first win into a draw.
	for i, v := range vals {
		if v.IsWin() {
			vals[i] = tb.Draw
			break
		}
	}
	dir := t.TempDir()
	if _, err := tb.WriteTable(dir, m, vals); err != nil {
		t.Fatal(err)
	}
	bad, err := tb.OpenTable(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	set := tb.NewTables()
	set.Add(bad)
	defer set.Close()
	if _, problems := Verify(set, m, 1); len(problems) == 0 {
		t.Error("Verify accepted a win turned into a draw")
	}
}

func TestDamagedFileSkippedWithOneWarning(t *testing.T) {
	buildTestTables(t)
	dir := t.TempDir()
	img, err := os.ReadFile(filepath.Join(testDir, "KRK.xqtb"))
	if err != nil {
		t.Fatal(err)
	}
	img[len(img)-1] ^= 1
	if err := os.WriteFile(filepath.Join(dir, "KRK.xqtb"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KNK.xqtb"), img[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	ts := tb.Load(dir, func(s string) { warnings = append(warnings, s) })
	if ts.Len() != 0 || len(warnings) != 2 {
		t.Errorf("loaded %d tables, warnings %q", ts.Len(), warnings)
	}
	p, err := engine.NewPosition("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.ProbeTB(ts); ok {
		t.Error("probe found a value in a damaged table")
	}
}

func TestProbeDoesNotAllocate(t *testing.T) {
	ts := buildTestTables(t)
	p, err := engine.NewPosition("3ak4/9/9/9/9/9/9/9/9/3K4N w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var pl tb.Placement
	if got := testing.AllocsPerRun(100, func() { p.TBPlacement(&pl); ts.Probe(&pl) }); got != 0 {
		t.Errorf("Probe allocates %v times", got)
	}
}

// TestNumberingMatchesEngine: package tb numbers pieces and points as
// package engine does, so that the engine's piece lists need no
// translation.
func TestNumberingMatchesEngine(t *testing.T) {
	pairs := [][2]int{{tb.King, int(engine.King)}, {tb.Advisor, int(engine.Advisor)}, {tb.Elephant, int(engine.Elephant)},
		{tb.Horse, int(engine.Horse)}, {tb.Rook, int(engine.Rook)}, {tb.Cannon, int(engine.Cannon)}, {tb.Pawn, int(engine.Pawn)},
		{tb.NumPieces, engine.NumPieces}, {tb.NumSquares, engine.NumSquares}, {tb.NumPieceTypes, engine.NumPieceTypes},
		{int(tb.Black)<<3 | tb.Rook, int(engine.BlackRook)}, {int(tb.Black), int(engine.Black)}}
	for _, p := range pairs {
		if p[0] != p[1] {
			t.Errorf("tb numbers %d where engine numbers %d", p[0], p[1])
		}
	}
	if engine.MakeSquare(2, 7) != 7*9+2 {
		t.Error("engine squares are not rank*9+file")
	}
}

// TestSearchAgreesWithTables: the engine's search without tables never
// proves a result a table denies and never plays a move that changes the
// table's result, on random positions of a few small tables.
func TestSearchAgreesWithTables(t *testing.T) {
	ts := buildTestTables(t)
	rng := rand.New(rand.NewPCG(34, 7))
	for _, name := range []string{"KRKA", "KNKA", "KPKA"} {
		m, _ := tb.ParseMaterial(name)
		cc, err := CrossCheckSearch(ts, m, 12, 6, rng)
		if err != nil {
			t.Fatal(err)
		}
		if cc.Contradictions > 0 || cc.OffBest > 0 || cc.Searched == 0 {
			t.Errorf("%s: %d searched, %d contradictions, %d off the best: %v", name, cc.Searched, cc.Contradictions, cc.OffBest, cc.Examples)
		}
	}
}
