package engine

import "testing"

// TestSetBoardMatchesFEN sets a position from its placement and compares
// it with the same position read from FEN, then checks the rejections.
func TestSetBoardMatchesFEN(t *testing.T) {
	fens := []string{
		"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
		"3akab2/9/4b4/9/9/9/9/9/9/3K1R3 b - - 0 1",
		StartFEN,
	}
	var p Position
	p.clear()
	for _, fen := range fens {
		want, err := NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.SetBoard(&want.board, want.side); err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if p.FEN() != want.FEN() || p.Key() != want.Key() || p.InCheck() != want.InCheck() {
			t.Errorf("SetBoard %s gave %s", fen, p.FEN())
		}
	}
	facing, _ := NewPosition("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	b := facing.board
	b[MakeSquare(4, 1)] = NoPiece
	if err := p.SetBoard(&b, Red); err != ErrFENGeneralsFacing {
		t.Errorf("facing generals: %v", err)
	}
	check, err := NewPosition("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SetBoard(&check.board, Red); err != ErrFENNotToMoveCheck {
		t.Errorf("side not to move in check: %v", err)
	}
	if got := testing.AllocsPerRun(100, func() { _ = p.SetBoard(&check.board, Black) }); got != 0 {
		t.Errorf("SetBoard allocates %v times", got)
	}
}
