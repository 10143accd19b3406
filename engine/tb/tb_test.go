package tb

import "testing"

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
