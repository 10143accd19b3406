package engine

import (
	"strings"
	"testing"
)

// TestCopyFrom: a copy made over a position with another, longer history
// has the source's key, state and history in use, and judges every move as
// the source does (repetition, natural limit); the source is unchanged.
func TestCopyFrom(t *testing.T) {
	g, err := NewGame(StartFEN, RulesAXF)
	if err != nil {
		t.Fatal(err)
	}
	// The horses out, back and out again: the next return repeats.
	for _, m := range strings.Fields("h2e2 h9g7 h0g2 i9h9 g2h0 h9i9 h0g2 i9h9") {
		if _, err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	other, err := NewGame(StartFEN, RulesAXF)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields("b2e2 b9c7 b0c2 a9b9 a0b0 c6c5 c3c4 h9g7 h2h4 i9h9 h0g2 g6g5 g3g4 b7b3") {
		if _, err := other.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	src := g.Position()
	before := *src
	cp := Game{rules: g.rules, naturalLimit: g.naturalLimit, folds: g.folds, moves: g.moves}
	cp.pos = *other.Position() // a dirty destination, its history longer
	cp.pos.CopyFrom(src)
	if cp.pos.Key() != src.Key() || cp.pos.HistoryLen() != src.HistoryLen() || cp.pos.FEN() != src.FEN() || !samePosition(&cp.pos, src) {
		t.Fatalf("copy: key %x history %d %s, source key %x history %d %s",
			cp.pos.Key(), cp.pos.HistoryLen(), cp.pos.FEN(), src.Key(), src.HistoryLen(), src.FEN())
	}
	if *src != before {
		t.Error("the source changed")
	}
	var list MoveList
	src.GenerateLegalMoves(&list)
	repeats := 0
	for _, m := range list.Slice() {
		for _, folds := range []int{2, 3} {
			want, err1 := g.VerdictAfter(m, folds)
			got, err2 := cp.VerdictAfter(m, folds)
			if want != got || (err1 == nil) != (err2 == nil) {
				t.Errorf("%s, %d folds: copy %v %v, source %v %v", m, folds, got, err2, want, err1)
			}
			if want.Over() {
				repeats++
			}
		}
		if src.WouldRepeat(m) != cp.pos.WouldRepeat(m) {
			t.Errorf("%s: WouldRepeat differs", m)
		}
	}
	if repeats == 0 {
		t.Error("no move ends the game by repetition: the history was not exercised")
	}
}

// TestCopyFromAllocs: CopyFrom allocates nothing.
func TestCopyFromAllocs(t *testing.T) {
	src, dst := StartPosition(), new(Position)
	if n := testing.AllocsPerRun(100, func() { dst.CopyFrom(src) }); n != 0 {
		t.Errorf("%v allocations per CopyFrom", n)
	}
}
