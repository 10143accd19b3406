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

// kingSafety lets IsLegal accept most moves without playing them.
type kingSafety struct {
	// blockers are the points whose piece, if it moved away, could expose
	// the general: the only piece between it and an enemy chariot or general,
	// either of the two pieces between it and an enemy cannon, and horse legs
	// beside it that hold back an enemy horse.
	blockers Bitboard
	// screens are the empty points between the general and an enemy cannon
	// with nothing between them: a piece landing there gives the cannon a screen.
	screens Bitboard
	// valid tells whether blockers and screens have been computed for the
	// current position (they are computed on the first legality test).
	valid bool
}

// updateKingSafety sets inCheck for the side to move and marks the
// blockers and screens as not yet computed.
func (p *Position) updateKingSafety() {
	p.inCheck = p.kingSquareAttacked(p.kings[p.side], p.side)
	p.safety.valid = false
}

// computeSafety fills the blockers and screens of the side to move, which
// is not in check.
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

	horse := MakePiece(us.Opponent(), Horse)
	for i := uint8(0); i < horseAttackCount[k]; i++ {
		ha := &horseAttacks[k][i]
		if p.board[ha.leg] == NoPiece {
			continue
		}
		if ha.from[0] != NoSquare && p.board[ha.from[0]] == horse ||
			ha.from[1] != NoSquare && p.board[ha.from[1]] == horse {
			p.safety.blockers.set(ha.leg)
		}
	}
}

// safetyLine marks the blockers and screens on one line from the general
// on k: s1, s2 and s3 are the first three pieces outwards (NoSquare when
// there are fewer), step the square offset of one point outwards, and file
// tells whether the line is a file (where the enemy general also attacks).
func (p *Position) safetyLine(k Square, step int, s1, s2, s3 Square, file bool) {
	if s1 == NoSquare {
		return
	}
	them := p.side.Opponent()
	cannon := MakePiece(them, Cannon)
	if p.board[s1] == cannon {
		for s := int(k) + step; s != int(s1); s += step {
			p.safety.screens.set(Square(s))
		}
	}
	if s2 == NoSquare {
		return
	}
	if second := p.board[s2]; second == MakePiece(them, Rook) || file && second == MakePiece(them, King) {
		p.safety.blockers.set(s1)
	}
	if s3 != NoSquare && p.board[s3] == cannon {
		p.safety.blockers.set(s1)
		p.safety.blockers.set(s2)
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
// safe. Out of check, a move that neither leaves a blocker point nor lands
// on a screen point cannot expose the general and is accepted at once.
func (p *Position) IsLegal(m Move) bool {
	from := m.From()
	if !p.inCheck && from != p.kings[p.side] {
		if !p.safety.valid {
			p.computeSafety()
		}
		if !p.safety.blockers.Has(from) && !p.safety.screens.Has(m.To()) {
			return true
		}
	}
	return !p.moveExposesKing(m)
}
