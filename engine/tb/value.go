package tb

// Value is the stored value of a position: draw, not a position (two
// pieces on a point, or the side not to move in check), or a win or loss
// for the side to move with its distance to conversion in plies.
type Value uint16

// The values that carry no distance.
const (
	Draw    Value = 0
	Illegal Value = 1
)

// Win returns the value of a win in dtc plies.
func Win(dtc int) Value { return Value(2*dtc + 2) }

// Loss returns the value of a loss in dtc plies.
func Loss(dtc int) Value { return Value(2*dtc + 3) }

// IsWin tells whether the side to move wins.
func (v Value) IsWin() bool { return v >= 2 && v&1 == 0 }

// IsLoss tells whether the side to move loses.
func (v Value) IsLoss() bool { return v >= 3 && v&1 == 1 }

// DTC returns the distance to conversion of a win or a loss, 0 otherwise.
func (v Value) DTC() int {
	if v < 2 {
		return 0
	}
	return int(v-2) / 2
}

// WDL returns 1 for a win, -1 for a loss, 0 for a draw (or Illegal).
func (v Value) WDL() int {
	switch {
	case v.IsWin():
		return 1
	case v.IsLoss():
		return -1
	}
	return 0
}

// WinWithin tells whether the value is a win the natural-move limit lets
// the side to move complete: its conversion comes within pliesLeft plies.
func (v Value) WinWithin(pliesLeft int) bool { return v.IsWin() && v.DTC() <= pliesLeft }

// LossWithin tells whether the value is a loss the opponent completes
// before the natural-move limit: the conversion comes within pliesLeft
// plies however long the side to move delays it.
func (v Value) LossWithin(pliesLeft int) bool { return v.IsLoss() && v.DTC() <= pliesLeft }

// WDLWithin is WDL under the natural-move limit: a win or a loss whose
// conversion lies beyond pliesLeft plies is a draw, since the limit ends
// the game first.
func (v Value) WDLWithin(pliesLeft int) int {
	switch {
	case v.WinWithin(pliesLeft):
		return 1
	case v.LossWithin(pliesLeft):
		return -1
	}
	return 0
}

// String returns "win N", "loss N", "draw" or "illegal".
func (v Value) String() string {
	switch {
	case v.IsWin():
		return "win " + itoa(v.DTC())
	case v.IsLoss():
		return "loss " + itoa(v.DTC())
	case v == Illegal:
		return "illegal"
	}
	return "draw"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// AfterMove returns the value of a move for the side that plays it, from
// the value cv of the position it reaches (for the opponent): a move to a
// loss wins, one ply later than the loss (a capture converts at once, in
// 1); a move to a win loses likewise.
func AfterMove(cv Value, capture bool) Value {
	d := cv.DTC() + 1
	if capture {
		d = 1
	}
	switch {
	case cv.IsLoss():
		return Win(d)
	case cv.IsWin():
		return Loss(d)
	}
	return Draw
}

// Better tells whether a is better than b for the side to move: a win
// beats a draw beats a loss, a shorter win a longer one, a longer loss a
// shorter one.
func Better(a, b Value) bool {
	if a.WDL() != b.WDL() {
		return a.WDL() > b.WDL()
	}
	if a.IsWin() {
		return a.DTC() < b.DTC()
	}
	return a.IsLoss() && a.DTC() > b.DTC()
}
