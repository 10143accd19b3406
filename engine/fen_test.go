package engine

import (
	"errors"
	"strconv"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, err := NewPosition(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		q, err := NewPosition(p.FEN())
		if err != nil {
			t.Fatalf("re-reading %s: %v", p.FEN(), err)
		}
		if q.FEN() != p.FEN() || q.Key() != p.Key() {
			t.Errorf("round trip of %s gave %s", p.FEN(), q.FEN())
		}
	}
}

func TestFENVariants(t *testing.T) {
	want := StartPosition()
	for _, fen := range []string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
		"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w  - -  0  1 ",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1   ;A34 junk - - 0 1",
	} {
		p, err := NewPosition(fen)
		if err != nil {
			t.Errorf("%q: %v", fen, err)
			continue
		}
		if p.Key() != want.Key() {
			t.Errorf("%q: key differs from the start position", fen)
		}
	}
	p, err := NewPosition("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 250 7")
	if err != nil {
		t.Fatal(err)
	}
	if p.Rule60() != 250 || p.Fullmove() != 7 || p.SideToMove() != Black {
		t.Errorf("counters: rule60 %d fullmove %d side %v", p.Rule60(), p.Fullmove(), p.SideToMove())
	}
}

// TestFENCounterAtTheNaturalLimit: a half-move field at or past the limit is
// taken as it is, so the referee sees the natural-limit draw (it used to be
// clamped to 119 and the game went on).
func TestFENCounterAtTheNaturalLimit(t *testing.T) {
	const board = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - "
	for _, c := range []struct {
		half int
		want Reason
	}{{119, ReasonNone}, {120, NaturalLimit}, {500, NaturalLimit}, {99999, NaturalLimit}} {
		g, err := NewGame(board+strconv.Itoa(c.half)+" 1", RulesCXA)
		if err != nil {
			t.Fatal(err)
		}
		if v := g.Verdict(); v.Reason != c.want {
			t.Errorf("half-move field %d: verdict %v, want %v", c.half, v.Reason, c.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct {
		fen  string
		want error
	}{
		{"", ErrFENEmpty},
		{"   ", ErrFENEmpty},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", ErrFENRanks},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", ErrFENRanks},
		{"rnbakabnr", ErrFENRanks},
		{"rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN0 w", ErrFENLetter},
		{"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENLetter},
		{"rnbqkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENLetter},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN- w", ErrFENLetter},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", ErrFENSide},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", ErrFENSide},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR white", ErrFENSide},
		{"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENKings},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", ErrFENKings},
		{"rnbakakbnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENFiles},
		{"rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENKings},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", ErrFENKings},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w", ErrFENPieceCount},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CC4C1/9/RNBAKABNR w", ErrFENPieceCount},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/p8/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENPieceCount},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNRK w", ErrFENFiles},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAAKBNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", ErrFENKings},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/KNBA1ABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1B7/RN1AKABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/B8/P1P1P1P1P/1C5C1/9/RN1AKABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1PP1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w", ErrFENPieceCount},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/8P/RNBAKABNR w", ErrFENPlacement},
		{"rnbakabnr/9/1c5c1/1pp1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ErrFENPlacement},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", ErrFENGeneralsFacing},
		{"4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", nil},
		{"3k5/9/9/9/9/9/9/9/9/3RK4 w", ErrFENNotToMoveCheck},
		{"3k5/9/9/9/9/9/9/9/9/3RK4 b", nil},
		{"4k4/9/9/9/9/9/9/4N4/9/3K5 b", nil},
		{"4k4/9/9/9/9/9/9/9/4r4/3K5 w", nil},
		{"3k5/9/9/9/9/9/9/9/3r5/3K5 b", ErrFENNotToMoveCheck},
	}
	for _, c := range cases {
		_, err := NewPosition(c.fen)
		switch {
		case c.want == nil && err != nil:
			t.Errorf("%q: unexpected error %v", c.fen, err)
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("%q: got %v, want %v", c.fen, err, c.want)
		case err != nil && err.Error() == "":
			t.Errorf("%q: empty error text", c.fen)
		}
	}
}

func TestSetFENKeepsPositionOnError(t *testing.T) {
	p := StartPosition()
	before := p.FEN()
	if err := p.SetFEN("not a fen"); err == nil {
		t.Fatal("no error for a bad FEN")
	}
	if p.FEN() != before {
		t.Errorf("position changed to %s", p.FEN())
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("3k5/9/9/9/9/9/9/9/9/3RK4 b")
	f.Add("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 200 0")
	f.Add("4k4/9/9/9/9/9/9/9/9/4K4 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := NewPosition(fen)
		if err != nil {
			return
		}
		q, err := NewPosition(p.FEN())
		if err != nil || q.FEN() != p.FEN() {
			t.Fatalf("accepted %q but its FEN %q does not round-trip: %v", fen, p.FEN(), err)
		}
		var list MoveList
		p.GenerateLegalMoves(&list)
	})
}
