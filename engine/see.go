package engine

// Static exchange evaluation: the material a move wins or loses when both
// sides go on capturing on its destination square, each with its cheapest
// piece first, and each may stop when going on would lose more.

// seeValue is the material scale of the exchange, in centipawns.
var seeValue = [NumPieceTypes]int{King: 20000, Advisor: 200, Elephant: 200, Horse: 400, Rook: 900, Cannon: 450, Pawn: 100}

// seeMaxCaptures bounds the captures of one exchange: every piece but
// the two generals.
const seeMaxCaptures = 32

// seeGE tells whether the exchange m starts on its destination square
// wins at least threshold for the side that plays m. The captures are
// played on the board and taken back, so the pieces that open or close
// lines as they go (a chariot behind the capturer, a cannon's screen, a
// horse's leg) are seen; pins are not (a pinned piece may take part). A
// general takes part only where nothing can take it back. It does not
// allocate.
func (p *Position) seeGE(m Move, threshold int) bool {
	to := m.To()
	swap := seeValue[m.Captured().Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = seeValue[m.Piece().Type()] - swap
	if swap <= 0 {
		return true
	}
	var from [seeMaxCaptures]Square
	var captured [seeMaxCaptures]Piece
	from[0], captured[0] = m.From(), p.boardMove(m.From(), to)
	played := 1
	side := p.side
	res := 1 // 1: the side of m reaches threshold if the exchange stops here
	var att [16]Square
	for played < len(from) {
		side = side.Opponent()
		n := p.attackersTo(to, side, &att)
		if n == 0 {
			break
		}
		a := att[0]
		for _, s := range att[1:n] {
			if seeValue[p.board[s].Type()] < seeValue[p.board[a].Type()] {
				a = s
			}
		}
		res ^= 1
		if p.board[a].Type() == King {
			// The general may take only where nothing takes it back.
			c := p.boardMove(a, to)
			if p.attackersTo(to, side.Opponent(), &att) > 0 {
				res ^= 1
			}
			p.boardUndo(a, to, c)
			break
		}
		if swap = seeValue[p.board[a].Type()] - swap; swap < res {
			break
		}
		from[played], captured[played] = a, p.boardMove(a, to)
		played++
	}
	for i := played - 1; i >= 0; i-- {
		p.boardUndo(from[i], to, captured[i])
	}
	return res == 1
}
