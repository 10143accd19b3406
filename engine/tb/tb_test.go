package tb

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/goxq/ucci/engine"
)

// smallSet are the tables the tests build (a few seconds on one core).
var smallSet = []string{"KRK", "KNK", "KCK", "KPK", "KRKA", "KNKA", "KCKA", "KPKA", "KRKB", "KNKB", "KCKB", "KPKB", "KRKAA"}

var (
	testOnce   sync.Once
	testTables *Tables
	testDir    string
	testErr    error
)

// buildTestTables builds smallSet once for the package's tests.
func buildTestTables(t *testing.T) *Tables {
	t.Helper()
	testOnce.Do(func() {
		testDir, testErr = os.MkdirTemp("", "tablebases-test-*")
		if testErr != nil {
			return
		}
		b := &Builder{Tables: NewTables()}
		for _, s := range smallSet {
			m, err := ParseMaterial(s)
			if err != nil {
				testErr = err
				return
			}
			if err := b.Build(testDir, m, func(Report) {}); err != nil {
				testErr = err
				return
			}
		}
		testTables = b.Tables
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
		n, problems := ts.Verify(m, 5)
		for _, p := range problems {
			t.Errorf("%s: %s", m, p)
		}
		if n == 0 {
			t.Errorf("%s: no position checked", m)
		}
	}
}

func probeFEN(t *testing.T, ts *Tables, fen string) Value {
	t.Helper()
	p, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := ts.Probe(p)
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
	m, _ := ParseMaterial("KRK")
	orig := ts.byKey[m.key()]
	data := append([]byte(nil), orig.data...)
	bad := &Table{Material: m, lay: orig.lay, data: data}
	// Turn the first win into a draw.
	for i := range bad.lay.size {
		if bad.at(i).IsWin() {
			data[2*i], data[2*i+1] = 0, 0
			break
		}
	}
	set := NewTables()
	set.Add(bad)
	if _, problems := set.Verify(m, 1); len(problems) == 0 {
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
	ts := Load(dir, func(s string) { warnings = append(warnings, s) })
	if ts.Len() != 0 || len(warnings) != 2 {
		t.Errorf("loaded %d tables, warnings %q", ts.Len(), warnings)
	}
	p, err := engine.NewPosition("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ts.Probe(p); ok {
		t.Error("probe found a value in a damaged table")
	}
}

func TestProbeDoesNotAllocate(t *testing.T) {
	ts := buildTestTables(t)
	p, err := engine.NewPosition("3ak4/9/9/9/9/9/9/9/9/3K4N w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := testing.AllocsPerRun(100, func() { ts.Probe(p) }); got != 0 {
		t.Errorf("Probe allocates %v times", got)
	}
}

func TestMaterialNames(t *testing.T) {
	for in, want := range map[string]string{"KRK": "KRK", "kcpkaabb": "KCPKAABB", "KPCKBBAA": "KCPKAABB", "KNKA": "KNKA"} {
		m, err := ParseMaterial(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMaterial(%q) = %s, %v; want %s", in, m, err, want)
		}
	}
	for _, in := range []string{"", "KK", "KAK", "KRKR", "KRRRK", "KR", "KXK"} {
		if _, err := ParseMaterial(in); err == nil {
			t.Errorf("ParseMaterial(%q) accepted", in)
		}
	}
}
