package match

import "testing"

// TestFormatNames: every format reads back from its name, and an event
// format is the event system of the same name (the two enumerations stay
// in step).
func TestFormatNames(t *testing.T) {
	want := []string{"gauntlet", "roundrobin", "berger", "swiss", "knockout", "double", "groups"}
	for f := Gauntlet; f <= Groups; f++ {
		if f.String() != want[f] {
			t.Errorf("format %d is %q, want %q", f, f, want[f])
		}
		if got, err := ParseFormat(f.String()); err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f, got, err)
		}
		if f.IsEvent() && f.system().String() != f.String() {
			t.Errorf("format %s has the event system %s", f, f.system())
		}
	}
}
