package protocol

import "testing"

func TestEloLevel(t *testing.T) {
	for _, c := range []struct {
		elo, level float64
	}{
		{minElo, 0}, {932, 0}, {1003, 4}, {1365, 10}, {1600, 12}, {2164, 16}, {2482, 18}, {maxElo, maxSkill},
	} {
		if got := eloLevel(c.elo); got < c.level-0.01 || got > c.level+0.01 {
			t.Errorf("eloLevel(%v) = %.2f, want %v", c.elo, got, c.level)
		}
	}
	prev := -1.0
	for elo := minElo; elo <= maxElo; elo += 10 {
		l := eloLevel(float64(elo))
		if l < prev || l < 0 || l > maxSkill {
			t.Fatalf("eloLevel(%d) = %.2f after %.2f: not rising within 0-%d", elo, l, prev, maxSkill)
		}
		prev = l
	}
}

func TestStrengthLevel(t *testing.T) {
	s := &Session{set: defaultSettings()}
	if s.weakened() {
		t.Error("weakened at the default settings")
	}
	s.set.skill = 7
	if got := s.strengthLevel(); got != 7 || !s.weakened() {
		t.Errorf("skill 7: level %.2f, weakened %v", got, s.weakened())
	}
	s.set.limitElo, s.set.elo = true, maxElo
	if s.weakened() {
		t.Error("UCI_Elo at its maximum is not full strength")
	}
	s.set.elo = 1600
	if got := s.strengthLevel(); got != 12 {
		t.Errorf("UCI_Elo 1600: level %.2f, want 12", got)
	}
}
