package timeman

import "testing"

// FuzzParse checks that Parse never panics and that whatever it accepts
// prints in a canonical form that parses back to the same control.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"10+0.1", "1500", "30/300", "40/5400:10/900", "40/5400+30:1800+30",
		"@150", "900@60", "1500,1800", "CXA-6.1", "swiss-25/30", "CXA-6.5=900",
		"0.5+0.005", "1.000000001", "", "40/", "300:40/300", "1/1:1/1:1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		text := c.String()
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its String %q fails: %v", s, text, err)
		}
		if !back.Equal(c) {
			t.Fatalf("Parse(%q) = %+v, String %q parses to %+v", s, c, text, back)
		}
		if back.String() != text {
			t.Fatalf("String not canonical: %q then %q", text, back.String())
		}
		for _, sch := range []Schedule{c.Red, c.Black} {
			clk := NewClock(sch, 0)
			for range 3 {
				clk.Punch(clk.Deadline() / 2)
				_ = clk.Report()
			}
		}
	})
}
