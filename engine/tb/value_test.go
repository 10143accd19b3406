package tb

import "testing"

func TestWithinTheNaturalLimit(t *testing.T) {
	cases := []struct {
		v         Value
		left      int
		win, loss bool
		wdl       int
	}{
		{Win(10), 10, true, false, 1},
		{Win(11), 10, false, false, 0},
		{Loss(10), 10, false, true, -1},
		{Loss(11), 10, false, false, 0},
		{Draw, 100, false, false, 0},
		{Win(0), 0, true, false, 1},
		{Loss(0), 0, false, true, -1},
	}
	for _, c := range cases {
		if c.v.WinWithin(c.left) != c.win || c.v.LossWithin(c.left) != c.loss || c.v.WDLWithin(c.left) != c.wdl {
			t.Errorf("%s with %d plies left: WinWithin %v, LossWithin %v, WDLWithin %d", c.v, c.left,
				c.v.WinWithin(c.left), c.v.LossWithin(c.left), c.v.WDLWithin(c.left))
		}
	}
}

func TestAfterMoveAndBetter(t *testing.T) {
	if v := AfterMove(Loss(4), false); v != Win(5) {
		t.Errorf("a move to a loss in 4: %s, want win 5", v)
	}
	if v := AfterMove(Loss(9), true); v != Win(1) {
		t.Errorf("a capture into a lost position: %s, want win 1", v)
	}
	if v := AfterMove(Win(2), false); v != Loss(3) {
		t.Errorf("a move to a win in 2: %s, want loss 3", v)
	}
	if !Better(Win(3), Win(5)) || !Better(Loss(7), Loss(3)) || !Better(Draw, Loss(9)) || Better(Draw, Win(40)) {
		t.Error("Better orders win < draw < loss wrongly")
	}
}
