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

// IsLegal tells whether the pseudo-legal move m leaves the mover's general
// safe. Moves that touch neither the general's rank or file nor a horse-leg
// point beside it cannot expose it and are accepted without playing them.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	k := p.kings[p.side]
	if !p.inCheck && from != k {
		kf, kr := k.File(), k.Rank()
		ff, fr := from.File(), from.Rank()
		if ff != kf && fr != kr && to.File() != kf && to.Rank() != kr {
			df, dr := ff-kf, fr-kr
			if df*df != 1 || dr*dr != 1 {
				return true
			}
		}
	}
	return !p.moveExposesKing(m)
}
