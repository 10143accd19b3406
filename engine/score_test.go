package engine

import "testing"

// TestTTScoreRoundTrip stores decisive and ordinary scores at one ply and
// reads them back at another: distances are kept relative to the node, and
// a result farther away than the plies left before the natural limit is no
// longer a result.
func TestTTScoreRoundTrip(t *testing.T) {
	const far = 1 << 20
	cases := []struct {
		name                string
		score, store, probe int
		left                int
		want                int
	}{
		{"ordinary", 123, 5, 9, far, 123},
		{"mate for us", ScoreMate - 11, 5, 9, far, ScoreMate - 15},
		{"mated", -ScoreMate + 12, 4, 2, far, -ScoreMate + 10},
		{"rule win", ScoreRuleWin - 20, 6, 10, far, ScoreRuleWin - 24},
		{"rule loss", -ScoreRuleWin + 7, 3, 3, far, -ScoreRuleWin + 7},
		// The mate is 6 plies from the storing node: fine with 6 plies
		// left, not with 5.
		{"mate just in time", ScoreMate - 11, 5, 9, 6, ScoreMate - 15},
		{"mate beyond the limit", ScoreMate - 11, 5, 9, 5, ScoreDecisive - 1},
		{"mated beyond the limit", -ScoreMate + 12, 4, 2, 7, -ScoreDecisive + 1},
		{"rule win beyond the limit", ScoreRuleWin - 20, 6, 10, 13, ScoreDecisive - 1},
		{"rule win within the limit", ScoreRuleWin - 20, 6, 10, 14, ScoreRuleWin - 24},
	}
	for _, c := range cases {
		stored := scoreToTT(c.score, c.store)
		if got := scoreFromTT(stored, c.probe, c.left); got != c.want {
			t.Errorf("%s: %d stored at ply %d, read at ply %d with %d plies left: %d, want %d",
				c.name, c.score, c.store, c.probe, c.left, got, c.want)
		}
	}
}

// TestMateDistance: mate scores read as moves to mate (negative when being
// mated), the mate band starts at ScoreMateBound, and others are no mates.
func TestMateDistance(t *testing.T) {
	for score, want := range map[int]int{ScoreMate - 1: 1, ScoreMate - 5: 3, -ScoreMate + 2: -1, -ScoreMate + 4: -2, ScoreMateBound: (MaxPly + 1) / 2} {
		if !IsMateScore(score) || MateDistance(score) != want {
			t.Errorf("score %d: mate %v in %d, want %d", score, IsMateScore(score), MateDistance(score), want)
		}
	}
	for _, score := range []int{300, -300, ScoreMateBound - 1, -ScoreMateBound + 1} {
		if IsMateScore(score) {
			t.Errorf("%d read as a mate", score)
		}
	}
}
