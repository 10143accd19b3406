package engine

// Board-level helpers for the rules code: which pieces can capture on a
// square, and moves that change only the board (not the key, the history or
// the piece sets), for what-if tests such as "could this piece be taken back".

// attackersTo stores in out the squares of the pieces of colour by that the
// movement rules let capture on t (king safety not checked) and returns how
// many there are.
func (p *Position) attackersTo(t Square, by Color, out *[16]Square) int {
	n := 0
	f, r := t.File(), t.Rank()
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)

	rs := &rankSpans[f][p.rankOcc[r]]
	base := r * NumFiles
	for _, i := range [2]int8{rs.lo1, rs.hi1} {
		if i >= 0 && i < NumFiles && p.board[base+int(i)] == rook {
			out[n] = Square(base + int(i))
			n++
		}
	}
	for _, i := range [2]int8{rs.lo2, rs.hi2} {
		if i >= 0 && i < NumFiles && p.board[base+int(i)] == cannon {
			out[n] = Square(base + int(i))
			n++
		}
	}
	fs := &fileSpans[r][p.fileOcc[f]]
	for _, i := range [2]int8{fs.lo1, fs.hi1} {
		if i >= 0 && i < NumRanks && p.board[int(i)*NumFiles+f] == rook {
			out[n] = Square(int(i)*NumFiles + f)
			n++
		}
	}
	for _, i := range [2]int8{fs.lo2, fs.hi2} {
		if i >= 0 && i < NumRanks && p.board[int(i)*NumFiles+f] == cannon {
			out[n] = Square(int(i)*NumFiles + f)
			n++
		}
	}

	horse := MakePiece(by, Horse)
	for i := uint8(0); i < horseAttackCount[t]; i++ {
		ha := &horseAttacks[t][i]
		if p.board[ha.leg] != NoPiece {
			continue
		}
		for _, s := range ha.from {
			if s != NoSquare && p.board[s] == horse {
				out[n] = s
				n++
			}
		}
	}

	pawn := MakePiece(by, Pawn)
	behind := r - 1
	if by == Black {
		behind = r + 1
	}
	if behind >= 0 && behind < NumRanks && p.board[behind*NumFiles+f] == pawn {
		out[n] = Square(behind*NumFiles + f)
		n++
	}
	if crossedRiver(by, r) {
		if f > 0 && p.board[t-1] == pawn {
			out[n] = t - 1
			n++
		}
		if f+1 < NumFiles && p.board[t+1] == pawn {
			out[n] = t + 1
			n++
		}
	}

	n = p.addStepAttackers(t, MakePiece(by, King), &kingSteps[t], out, n)
	n = p.addStepAttackers(t, MakePiece(by, Advisor), &advisorSteps[t], out, n)
	n = p.addStepAttackers(t, MakePiece(by, Elephant), &elephantSteps[t], out, n)
	return n
}

// addStepAttackers adds the pieces pc standing on the targets of a symmetric
// step table from t (a king, advisor or elephant can step back the same way).
func (p *Position) addStepAttackers(t Square, pc Piece, steps *stepList, out *[16]Square, n int) int {
	for i := uint8(0); i < steps.n; i++ {
		st := &steps.targets[i]
		if p.board[st.to] == pc && (st.block == NoSquare || p.board[st.block] == NoPiece) {
			out[n] = st.to
			n++
		}
	}
	return n
}

// legalCaptureExists tells whether colour by has a legal capture on t.
func (p *Position) legalCaptureExists(t Square, by Color) bool {
	var att [16]Square
	n := p.attackersTo(t, by, &att)
	for _, a := range att[:n] {
		if !p.moveExposesKing(newMove(a, t, p.board[a], p.board[t])) {
			return true
		}
	}
	return false
}

// canCaptureLegally tells whether the piece on from may legally capture on to.
func (p *Position) canCaptureLegally(from, to Square) bool {
	pc := p.board[from]
	var att [16]Square
	n := p.attackersTo(to, pc.Color(), &att)
	for _, a := range att[:n] {
		if a == from {
			return !p.moveExposesKing(newMove(from, to, pc, p.board[to]))
		}
	}
	return false
}

// boardMove moves a piece on the board alone and returns what stood on to.
func (p *Position) boardMove(from, to Square) Piece {
	pc, captured := p.board[from], p.board[to]
	p.board[from] = NoPiece
	p.board[to] = pc
	p.rankOcc[from.Rank()] ^= 1 << uint(from.File())
	p.fileOcc[from.File()] ^= 1 << uint(from.Rank())
	p.rankOcc[to.Rank()] |= 1 << uint(to.File())
	p.fileOcc[to.File()] |= 1 << uint(to.Rank())
	if pc.Type() == King {
		p.kings[pc.Color()] = to
	}
	return captured
}

// boardUndo reverses boardMove.
func (p *Position) boardUndo(from, to Square, captured Piece) {
	pc := p.board[to]
	p.board[to] = captured
	p.board[from] = pc
	if captured == NoPiece {
		p.rankOcc[to.Rank()] ^= 1 << uint(to.File())
		p.fileOcc[to.File()] ^= 1 << uint(to.Rank())
	}
	p.rankOcc[from.Rank()] |= 1 << uint(from.File())
	p.fileOcc[from.File()] |= 1 << uint(from.Rank())
	if pc.Type() == King {
		p.kings[pc.Color()] = from
	}
}

// squareAttacked tells whether colour by has a piece whose movement rules
// let it capture on t (king safety not checked); it stops at the first one,
// trying the cheapest tests first.
func (p *Position) squareAttacked(t Square, by Color) bool {
	f, r := t.File(), t.Rank()
	pawn := MakePiece(by, Pawn)
	behind := r - 1
	if by == Black {
		behind = r + 1
	}
	if behind >= 0 && behind < NumRanks && p.board[behind*NumFiles+f] == pawn {
		return true
	}
	if crossedRiver(by, r) && (f > 0 && p.board[t-1] == pawn || f+1 < NumFiles && p.board[t+1] == pawn) {
		return true
	}
	horse := MakePiece(by, Horse)
	for i := uint8(0); i < horseAttackCount[t]; i++ {
		ha := &horseAttacks[t][i]
		if p.board[ha.leg] == NoPiece &&
			(ha.from[0] != NoSquare && p.board[ha.from[0]] == horse || ha.from[1] != NoSquare && p.board[ha.from[1]] == horse) {
			return true
		}
	}
	rook, cannon := MakePiece(by, Rook), MakePiece(by, Cannon)
	rs := &rankSpans[f][p.rankOcc[r]]
	base := r * NumFiles
	if rs.lo1 >= 0 && p.board[base+int(rs.lo1)] == rook || rs.hi1 < NumFiles && p.board[base+int(rs.hi1)] == rook ||
		rs.lo2 >= 0 && p.board[base+int(rs.lo2)] == cannon || rs.hi2 < NumFiles && p.board[base+int(rs.hi2)] == cannon {
		return true
	}
	fs := &fileSpans[r][p.fileOcc[f]]
	if fs.lo1 >= 0 && p.board[int(fs.lo1)*NumFiles+f] == rook || fs.hi1 < NumRanks && p.board[int(fs.hi1)*NumFiles+f] == rook ||
		fs.lo2 >= 0 && p.board[int(fs.lo2)*NumFiles+f] == cannon || fs.hi2 < NumRanks && p.board[int(fs.hi2)*NumFiles+f] == cannon {
		return true
	}
	// General, advisors and elephants step back the way they came.
	if !kingTargets[t].and(p.pieces[MakePiece(by, King)]).IsEmpty() ||
		!advisorTargets[t].and(p.pieces[MakePiece(by, Advisor)]).IsEmpty() {
		return true
	}
	for bb := elephantTargets[t].and(p.pieces[MakePiece(by, Elephant)]); !bb.IsEmpty(); {
		if p.board[stepBlock[t][bb.PopFirst()]] == NoPiece {
			return true
		}
	}
	return false
}
