package timeman

import (
	"strings"
	"testing"
	"time"
)

func TestParseSyntax(t *testing.T) {
	sec := time.Second
	ms := time.Millisecond
	tests := []struct {
		in    string
		red   Schedule
		black *Schedule // nil = same as red
		canon string
	}{
		{"10+0.1", Schedule{Periods: []Period{{Base: 10 * sec, Inc: 100 * ms}}}, nil, "10+0.1"},
		{"1500", Schedule{Periods: []Period{{Base: 1500 * sec}}}, nil, "1500"},
		{"30/300", Schedule{Periods: []Period{{Moves: 30, Base: 300 * sec}}}, nil, "30/300"},
		{"40/5400:10/900", Schedule{Periods: []Period{{Moves: 40, Base: 5400 * sec}, {Moves: 10, Base: 900 * sec}}}, nil, "40/5400:10/900"},
		{" 40/5400+30:1800+30 ", Schedule{Periods: []Period{{Moves: 40, Base: 5400 * sec, Inc: 30 * sec}, {Base: 1800 * sec, Inc: 30 * sec}}}, nil, "40/5400+30:1800+30"},
		{"0.5+0.005", Schedule{Periods: []Period{{Base: 500 * ms, Inc: 5 * ms}}}, nil, "0.5+0.005"},
		{"60+0", Schedule{Periods: []Period{{Base: 60 * sec}}}, nil, "60"},
		{"1.000000001", Schedule{Periods: []Period{{Base: sec + 1}}}, nil, "1.000000001"},
		{"300.50", Schedule{Periods: []Period{{Base: 300*sec + 500*ms}}}, nil, "300.5"},
		{"@150", Schedule{MoveCap: 150 * sec}, nil, "@150"},
		{"900@60", Schedule{Periods: []Period{{Base: 900 * sec}}, MoveCap: 60 * sec}, nil, "900@60"},
		{"1500,1800", Schedule{Periods: []Period{{Base: 1500 * sec}}}, &Schedule{Periods: []Period{{Base: 1800 * sec}}}, "1500,1800"},
		{"1500,1500", Schedule{Periods: []Period{{Base: 1500 * sec}}}, nil, "1500"},
		{"nat-25,NAT-30", Schedule{Periods: []Period{{Base: 1500 * sec}}}, &Schedule{Periods: []Period{{Base: 1800 * sec}}}, "1500,1800"},
		{"cxa-6.5=900", Schedule{Periods: []Period{{Base: 900 * sec}}}, nil, "900"},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		black := tt.red
		if tt.black != nil {
			black = *tt.black
		}
		if !c.Red.Equal(tt.red) || !c.Black.Equal(black) {
			t.Errorf("Parse(%q) = %+v, want red %+v black %+v", tt.in, c, tt.red, black)
		}
		if got := c.String(); got != tt.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.canon)
		}
		back, err := Parse(c.String())
		if err != nil || !back.Equal(c) {
			t.Errorf("round trip of %q: %v, %v", tt.in, back, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "empty"},
		{"   ", "empty"},
		{"abc", "not a decimal"},
		{"40/", "missing number of seconds"},
		{"/300", "missing move count"},
		{"0/300", "must be positive"},
		{"x/300", "not a whole number"},
		{"1001/300", "above 1000"},
		{"300+", "missing number of seconds"},
		{"300+x", "increment"},
		{"1.", "not a decimal"},
		{".5", "not a decimal"},
		{"1.0000000001", "nine decimals"},
		{"-5", "not a decimal"},
		{"1e3", "not a decimal"},
		{"1000001", "more than 1000000"},
		{"1000000.5", "more than 1000000"},
		{"0", "positive base"},
		{"0+1", "positive base"},
		{"300:40/300", "only the last period"},
		{"40/300::300", "period 2"},
		{"300@0", "must be positive"},
		{"300@", "move cap"},
		{"300,", "black: empty"},
		{"300,abc", "black"},
		{"SWISS-25/30,300", "asymmetric"},
		{"CXA-6.5", "CXA-6.5=SECONDS"},
		{"cxa-6.5=0", "positive length"},
		{"CXA-6.5=abc", "not a decimal"},
		{strings.Repeat("1/1:", 16) + "1", "more than 16 periods"},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tt.in, c, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %q, want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestNamedControls(t *testing.T) {
	sec := time.Second
	want := map[string]string{
		"CXA-6.1":     "40/5400:10/900",
		"CXA-6.2":     "30/3600:10/600",
		"CXA-6.3":     "40/600:30/300",
		"CXA-6.4":     "30/300",
		"NAT-15":      "900",
		"NAT-25":      "1500",
		"NAT-30":      "1800",
		"NAT-45":      "2700",
		"LEAGUE-SLOW": "1800+10",
		"LEAGUE-FAST": "600+3",
		"MOVE-150":    "@150",
		"SWISS-25/30": "1500,1800",
	}
	for name, canon := range want {
		for _, spelling := range []string{name, strings.ToLower(name)} {
			c, err := Parse(spelling)
			if err != nil {
				t.Errorf("Parse(%q): %v", spelling, err)
				continue
			}
			if c.String() != canon {
				t.Errorf("Parse(%q) = %q, want %q", spelling, c, canon)
			}
		}
	}
	if len(Names()) != len(want)+1 {
		t.Errorf("Names() has %d entries, want %d", len(Names()), len(want)+1)
	}
	for _, line := range Names() {
		id, _, _ := strings.Cut(line, "  ")
		if id == "CXA-6.5=SECONDS" {
			id = "CXA-6.5=60"
		}
		if _, err := Parse(id); err != nil {
			t.Errorf("Names() lists %q, which does not parse: %v", id, err)
		}
	}
	c, _ := Parse("SWISS-25/30")
	if c.Symmetric() || c.Side(true).Periods[0].Base != 1500*sec || c.Side(false).Periods[0].Base != 1800*sec {
		t.Errorf("SWISS-25/30 = %v, want red 1500 s, black 1800 s", c)
	}
}

func TestParseSeconds(t *testing.T) {
	d, err := ParseSeconds(" 150 ")
	if err != nil || d != 150*time.Second {
		t.Errorf("ParseSeconds(150) = %v, %v", d, err)
	}
	d, err = ParseSeconds("0")
	if err != nil || d != 0 {
		t.Errorf("ParseSeconds(0) = %v, %v", d, err)
	}
	if _, err := ParseSeconds("-1"); err == nil {
		t.Error("ParseSeconds(-1) did not fail")
	}
}

func TestLocate(t *testing.T) {
	c, _ := Parse("CXA-6.1")
	s := c.Red
	tests := []struct{ played, idx, mtg int }{
		{0, 0, 40}, {39, 0, 1}, {40, 1, 10}, {49, 1, 1}, {50, 1, 10}, {1000, 1, 10}, {1005, 1, 5}, {-3, 0, 40},
	}
	for _, tt := range tests {
		idx, mtg := s.locate(tt.played)
		if idx != tt.idx || mtg != tt.mtg {
			t.Errorf("locate(%d) = %d, %d, want %d, %d", tt.played, idx, mtg, tt.idx, tt.mtg)
		}
	}
	sd, _ := Parse("40/600:300")
	if idx, mtg := sd.Red.locate(77); idx != 1 || mtg != 0 {
		t.Errorf("locate in sudden-death tail = %d, %d", idx, mtg)
	}
}
