package tbgen

import (
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
)

// attackerToMove counts the legal positions of a table with the attacker
// to move by result (loss, draw, win), restricted to those where keep
// holds for the placement.
func attackerToMove(t *testing.T, ts *tb.Tables, name string, keep func(*[tb.NumSquares]uint8) bool) (counts [3]int) {
	t.Helper()
	m, err := tb.ParseMaterial(name)
	if err != nil {
		t.Fatal(err)
	}
	tab := ts.Table(m)
	if tab == nil {
		t.Fatalf("no table %s", name)
	}
	var board [tb.NumSquares]uint8
	for i := range tab.Layout().Size() {
		v := tab.At(i)
		side, ok := tab.Layout().Decode(i, &board)
		if !ok || v == tb.Illegal || side != tb.Red || !keep(&board) {
			continue
		}
		counts[v.WDL()+1]++
	}
	return counts
}

func all(*[tb.NumSquares]uint8) bool { return true }

// soldierOnRank keeps the placements with the attacking soldier on rank r
// (ranks counted from the attacker's side, 9 the defender's back rank).
func soldierOnRank(r int, want bool) func(*[tb.NumSquares]uint8) bool {
	return func(b *[tb.NumSquares]uint8) bool {
		for s := engine.Square(0); s < engine.NumSquares; s++ {
			if engine.Piece(b[s]) == engine.RedPawn {
				return (s.Rank() == r) == want
			}
		}
		return false
	}
}

// TestClassicEndings checks the tables against the basic endings of
// xiangqi theory, as taught in the basic-endings chapters of practical
// endgame books (e.g. 屠景明《象棋实用残局》, 上海文化出版社, vol. 1:
// 单车胜光将, 单马胜光将, 高兵胜光将 and 底兵不胜, 单炮不胜, 单车胜单士,
// 单车胜单象, 单车胜双士, 马胜单士). Each case says whether the attacker,
// to move, wins every position of the table ("wins"), none ("never"), or
// wins all but a few special ones ("mostly": over 99%).
func TestClassicEndings(t *testing.T) {
	ts := buildTestTables(t)
	cases := []struct {
		name   string
		table  string
		keep   func(*[tb.NumSquares]uint8) bool
		result string
	}{
		{"单车胜光将: a chariot beats the bare general", "KRK", all, "wins"},
		{"单马胜光将: a horse beats the bare general", "KNK", all, "wins"},
		{"高兵/低兵胜光将: a soldier short of the last rank beats the bare general", "KPK", soldierOnRank(9, false), "wins"},
		{"底兵不胜光将: a soldier on the last rank cannot win", "KPK", soldierOnRank(9, true), "never"},
		{"单炮不胜光将: a lone cannon has no screen and cannot win", "KCK", all, "never"},
		{"单炮不胜单士: nor against a single advisor", "KCKA", all, "never"},
		{"单炮不胜单象: nor against a single elephant", "KCKB", all, "never"},
		{"单车胜单士: a chariot beats a single advisor", "KRKA", all, "wins"},
		{"单车胜单象: a chariot beats a single elephant", "KRKB", all, "wins"},
		{"单车胜双士: a chariot beats two advisors", "KRKAA", all, "mostly"},
		{"马胜单士: a horse beats a single advisor", "KNKA", all, "mostly"},
		{"底兵不胜单士: a soldier on the last rank cannot beat an advisor", "KPKA", soldierOnRank(9, true), "never"},
		{"底兵不胜单象: nor an elephant", "KPKB", soldierOnRank(9, true), "never"},
	}
	for _, c := range cases {
		n := attackerToMove(t, ts, c.table, c.keep)
		total := n[0] + n[1] + n[2]
		var ok bool
		switch c.result {
		case "wins":
			ok = n[2] == total
		case "never":
			ok = n[2] == 0
		case "mostly":
			ok = n[2]*100 > total*99
		}
		if !ok || total == 0 {
			t.Errorf("%s (%s): attacker to move wins %d, draws %d, loses %d; want %s", c.name, c.table, n[2], n[1], n[0], c.result)
		}
	}
}

// TestStalemateLoses: with the black general on d9 and the red general on
// e0 holding the e-file, Ri8 leaves Black no legal move and wins at once.
func TestStalemateLoses(t *testing.T) {
	ts := buildTestTables(t)
	if v := probeFEN(t, ts, "3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1"); v != tb.Loss(0) {
		t.Errorf("stalemated general: %s, want loss 0", v)
	}
}
