package engine

// kingAttacked tells whether c's general is attacked, counting the flying
// general: the other general on the same file with nothing between.
func (p *Position) kingAttacked(c Color) bool {
	return p.kingSquareAttacked(p.kings[c], c)
}

// kingSquareAttacked tells whether a general of colour c standing on k would
// be attacked by the opponent on the current board (the board must show the
// general on k or k empty-or-captured as the caller arranges).
func (p *Position) kingSquareAttacked(k Square, c Color) bool {
	them := c.Opponent()
	rook, cannon := MakePiece(them, Rook), MakePiece(them, Cannon)
	f, r := k.File(), k.Rank()

	rs := &rankSpans[f][p.rankOcc[r]]
	base := r * NumFiles
	if rs.lo1 >= 0 {
		if p.board[base+int(rs.lo1)] == rook {
			return true
		}
		if rs.lo2 >= 0 && p.board[base+int(rs.lo2)] == cannon {
			return true
		}
	}
	if rs.hi1 < NumFiles {
		if p.board[base+int(rs.hi1)] == rook {
			return true
		}
		if rs.hi2 < NumFiles && p.board[base+int(rs.hi2)] == cannon {
			return true
		}
	}

	fs := &fileSpans[r][p.fileOcc[f]]
	king := MakePiece(them, King)
	if fs.lo1 >= 0 {
		pc := p.board[int(fs.lo1)*NumFiles+f]
		if pc == rook || pc == king {
			return true
		}
		if fs.lo2 >= 0 && p.board[int(fs.lo2)*NumFiles+f] == cannon {
			return true
		}
	}
	if fs.hi1 < NumRanks {
		pc := p.board[int(fs.hi1)*NumFiles+f]
		if pc == rook || pc == king {
			return true
		}
		if fs.hi2 < NumRanks && p.board[int(fs.hi2)*NumFiles+f] == cannon {
			return true
		}
	}

	horse := MakePiece(them, Horse)
	for i := uint8(0); i < horseAttackCount[k]; i++ {
		ha := &horseAttacks[k][i]
		if p.board[ha.leg] != NoPiece {
			continue
		}
		if ha.from[0] != NoSquare && p.board[ha.from[0]] == horse {
			return true
		}
		if ha.from[1] != NoSquare && p.board[ha.from[1]] == horse {
			return true
		}
	}

	pawn := MakePiece(them, Pawn)
	if c == Red {
		if r+1 < NumRanks && p.board[k+NumFiles] == pawn {
			return true
		}
	} else if r > 0 && p.board[k-NumFiles] == pawn {
		return true
	}
	if crossedRiver(them, r) {
		if f > 0 && p.board[k-1] == pawn {
			return true
		}
		if f+1 < NumFiles && p.board[k+1] == pawn {
			return true
		}
	}
	return false
}

// moveExposesKing plays m on the board alone (no key, no history), tests
// whether the mover's general is then attacked, and restores the board.
func (p *Position) moveExposesKing(m Move) bool {
	from, to := m.From(), m.To()
	pc, captured := p.board[from], p.board[to]
	us := pc.Color()
	fr, ff, tr, tf := from.Rank(), from.File(), to.Rank(), to.File()
	rankFrom, rankTo := p.rankOcc[fr], p.rankOcc[tr]
	fileFrom, fileTo := p.fileOcc[ff], p.fileOcc[tf]

	p.board[from] = NoPiece
	p.board[to] = pc
	p.rankOcc[fr] ^= 1 << uint(ff)
	p.fileOcc[ff] ^= 1 << uint(fr)
	p.rankOcc[tr] |= 1 << uint(tf)
	p.fileOcc[tf] |= 1 << uint(tr)

	k := p.kings[us]
	if pc.Type() == King {
		k = to
	}
	attacked := p.kingSquareAttacked(k, us)

	p.rankOcc[tr] = rankTo
	p.rankOcc[fr] = rankFrom
	p.fileOcc[tf] = fileTo
	p.fileOcc[ff] = fileFrom
	p.board[to] = captured
	p.board[from] = pc
	return attacked
}

// kingSafety lets IsLegal decide most moves without playing them. It holds
// the points where a move can change whether the side to move's general is
// attacked: a non-king move that neither leaves a point of leave nor lands
// on a point of land leaves that as it is — the move is legal when the side
// is not in check and illegal when it is.
type kingSafety struct {
	// leave: out of check, the pieces that may be shielding the general (the
	// only piece between it and an enemy chariot or general, either of the
	// two pieces between it and an enemy cannon, horse legs beside it that
	// hold back an enemy horse); in check, the screens of checking cannons.
	leave Bitboard
	// land: out of check, the empty points between the general and an enemy
	// cannon with nothing between (a piece there becomes a screen); in
	// check, the checking pieces (and every enemy soldier), the points
	// between a checking chariot, cannon or general and the general, and the
	// legs of checking horses.
	land Bitboard
	// valid tells whether leave and land have been computed for the current
	// position (they are computed on the first legality test).
	valid bool
}

// updateKingSafety sets inCheck for the side to move and marks the
// safety sets as not yet computed.
func (p *Position) updateKingSafety() {
	p.inCheck = p.kingSquareAttacked(p.kings[p.side], p.side)
	p.safety.valid = false
}

// computeSafety fills the safety sets of the side to move.
func (p *Position) computeSafety() {
	us := p.side
	k := p.kings[us]
	p.safety = kingSafety{valid: true}
	f, r := k.File(), k.Rank()
	// The first three pieces along each line from the general outwards.
	rankOcc, fileOcc := p.rankOcc[r], p.fileOcc[f]
	rs, fs := &rankSpans[f][rankOcc], &fileSpans[r][fileOcc]
	third := int8(-1)
	if rs.lo2 >= 0 {
		third = rankSpans[rs.lo2][rankOcc].lo1
	}
	p.safetyLine(k, -1, rankPoint(r, rs.lo1), rankPoint(r, rs.lo2), rankPoint(r, third), false)
	third = NumFiles
	if rs.hi2 < NumFiles {
		third = rankSpans[rs.hi2][rankOcc].hi1
	}
	p.safetyLine(k, 1, rankPoint(r, rs.hi1), rankPoint(r, rs.hi2), rankPoint(r, third), false)
	third = -1
	if fs.lo2 >= 0 {
		third = fileSpans[fs.lo2][fileOcc].lo1
	}
	p.safetyLine(k, -NumFiles, filePoint(f, fs.lo1), filePoint(f, fs.lo2), filePoint(f, third), true)
	third = NumRanks
	if fs.hi2 < NumRanks {
		third = fileSpans[fs.hi2][fileOcc].hi1
	}
	p.safetyLine(k, NumFiles, filePoint(f, fs.hi1), filePoint(f, fs.hi2), filePoint(f, third), true)

	them := us.Opponent()
	horse := MakePiece(them, Horse)
	for i := uint8(0); i < horseAttackCount[k]; i++ {
		ha := &horseAttacks[k][i]
		legFree := p.board[ha.leg] == NoPiece
		for _, from := range ha.from {
			if from == NoSquare || p.board[from] != horse {
				continue
			}
			switch {
			case !legFree && !p.inCheck:
				p.safety.leave.set(ha.leg) // the leg holds the horse back
			case legFree && p.inCheck:
				p.safety.land.set(from) // a checking horse: take it or block its leg
				p.safety.land.set(ha.leg)
			}
		}
	}
	if p.inCheck {
		// A checking soldier can only be taken. Every enemy soldier is
		// marked (land may hold more than the checkers; those moves are
		// then played to decide), which spares working out which one checks.
		p.safety.land = p.safety.land.or(p.pieces[MakePiece(them, Pawn)])
	}
}

// safetyLine fills the safety sets for one line from the general on k: s1,
// s2 and s3 are the first three pieces outwards (NoSquare when there are
// fewer), step the square offset of one point outwards, and file tells
// whether the line is a file (where the enemy general also attacks).
func (p *Position) safetyLine(k Square, step int, s1, s2, s3 Square, file bool) {
	if s1 == NoSquare {
		return
	}
	them := p.side.Opponent()
	rook, cannon := MakePiece(them, Rook), MakePiece(them, Cannon)
	first := p.board[s1]
	if p.inCheck {
		switch {
		case first == rook || file && first == MakePiece(them, King):
			p.markBetween(k, s1, step) // a checking chariot or general
		case s2 != NoSquare && p.board[s2] == cannon:
			p.markBetween(k, s2, step) // a checking cannon: take it, add a screen
			p.safety.leave.set(s1)     // or move its screen away
		}
		return
	}
	if first == cannon {
		for s := int(k) + step; s != int(s1); s += step {
			p.safety.land.set(Square(s))
		}
	}
	if s2 == NoSquare {
		return
	}
	if second := p.board[s2]; second == rook || file && second == MakePiece(them, King) {
		p.safety.leave.set(s1)
	}
	if s3 != NoSquare && p.board[s3] == cannon {
		p.safety.leave.set(s1)
		p.safety.leave.set(s2)
	}
}

// markBetween adds to land the points from k (exclusive) to s (inclusive)
// walking by step.
func (p *Position) markBetween(k, s Square, step int) {
	for x := int(k) + step; ; x += step {
		p.safety.land.set(Square(x))
		if x == int(s) {
			return
		}
	}
}

// rankPoint returns the point on file i of rank r, or NoSquare when i is
// off the board.
func rankPoint(r int, i int8) Square {
	if i < 0 || i >= NumFiles {
		return NoSquare
	}
	return Square(r*NumFiles + int(i))
}

// filePoint returns the point on rank i of file f, or NoSquare when i is
// off the board.
func filePoint(f int, i int8) Square {
	if i < 0 || i >= NumRanks {
		return NoSquare
	}
	return Square(int(i)*NumFiles + f)
}

// IsLegal tells whether the pseudo-legal move m leaves the mover's general
// safe. A non-king move that touches none of the safety points is decided
// at once (legal out of check, illegal in check); the rest are played on the
// board.
func (p *Position) IsLegal(m Move) bool {
	from := m.From()
	if from != p.kings[p.side] {
		if !p.safety.valid {
			p.computeSafety()
		}
		if !p.safety.leave.Has(from) && !p.safety.land.Has(m.To()) {
			return !p.inCheck
		}
	}
	return !p.moveExposesKing(m)
}
