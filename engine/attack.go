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
	them := us.Opponent()
	rook, cannon, king := MakePiece(them, Rook), MakePiece(them, Cannon), MakePiece(them, King)
	f, r := k.File(), k.Rank()
	// Walk the four lines from the general outwards.
	for dir := 0; dir < 4; dir++ {
		var step, limit int
		switch dir {
		case 0:
			step, limit = 1, NumFiles-1-f
		case 1:
			step, limit = -1, f
		case 2:
			step, limit = NumFiles, NumRanks-1-r
		default:
			step, limit = -NumFiles, r
		}
		var found [3]Square
		n := 0
		s := int(k)
		for i := 0; i < limit && n < 3; i++ {
			s += step
			if p.board[s] != NoPiece {
				found[n] = Square(s)
				n++
			}
		}
		if n == 0 {
			continue
		}
		first := p.board[found[0]]
		if first == cannon {
			for s := int(k) + step; s != int(found[0]); s += step {
				p.safety.screens.set(Square(s))
			}
		}
		if n >= 2 {
			second := p.board[found[1]]
			if second == rook || second == king && dir >= 2 {
				p.safety.blockers.set(found[0])
			}
		}
		if n == 3 && p.board[found[2]] == cannon {
			p.safety.blockers.set(found[0])
			p.safety.blockers.set(found[1])
		}
	}
	horse := MakePiece(them, Horse)
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
