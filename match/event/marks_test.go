package event

import "testing"

// TestRowMarks: a player's and a team's row marks, playoff first.
func TestRowMarks(t *testing.T) {
	cases := []struct{ got, want string }{
		{flags(Standing{Playoff: "lot", Withdrawn: true}), "  (place by lot)"},
		{flags(Standing{Playoff: "1.5-0.5"}), "  (playoff 1.5-0.5)"},
		{flags(Standing{Cancelled: true, Withdrawn: true}), "  (withdrawn, results cancelled: 20.3)"},
		{flags(Standing{Withdrawn: true}), "  (withdrawn)"},
		{flags(Standing{}), ""},
		{teamFlags(TeamStanding{Cancelled: true, Withdrawn: true}), "  (withdrew, results cancelled: 20.3)"},
		{teamFlags(TeamStanding{Withdrawn: true}), "  (withdrew)"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %q, want %q", i, c.got, c.want)
		}
	}
}
