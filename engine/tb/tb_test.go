package tb

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

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

// A table above checkedAtLoad opens with a damaged value (its header and
// size are right) and CheckSum finds it; below, OpenTable refuses it.
func TestLargeTableChecksumOnDemand(t *testing.T) {
	m, err := ParseMaterial("KRK")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	vals := make([]Value, NewLayout(m).size)
	vals[7] = Win(3)
	if _, err := WriteTable(dir, m, vals); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, FileName(m))
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img[len(img)-1] ^= 1
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenTable(dir, m); !errors.Is(err, ErrDamaged) {
		t.Fatalf("small damaged table opened: %v", err)
	}
	defer func(old int64) { checkedAtLoad = old }(checkedAtLoad)
	checkedAtLoad = 0
	tab, err := OpenTable(dir, m)
	if err != nil {
		t.Fatalf("large table with a good header refused at load: %v", err)
	}
	defer tab.Close()
	if err := tab.CheckSum(); !errors.Is(err, ErrDamaged) {
		t.Errorf("CheckSum of a damaged table: %v", err)
	}
	if tab.At(7) != Win(3) {
		t.Errorf("value 7: %s", tab.At(7))
	}
}
