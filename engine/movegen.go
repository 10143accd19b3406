package engine

// Generation modes.
const (
	genCaptures = 1 << iota
	genQuiets
	genAll = genCaptures | genQuiets
)

// GenerateMoves appends every pseudo-legal move of the side to move to list
// (the general may still be left in check; filter with IsLegal).
func (p *Position) GenerateMoves(list *MoveList) { p.generate(list, genAll) }

// GenerateCaptures appends the pseudo-legal captures.
func (p *Position) GenerateCaptures(list *MoveList) { p.generate(list, genCaptures) }

// GenerateQuiets appends the pseudo-legal non-captures.
func (p *Position) GenerateQuiets(list *MoveList) { p.generate(list, genQuiets) }

// GenerateLegalMoves appends every legal move of the side to move.
func (p *Position) GenerateLegalMoves(list *MoveList) {
	start := list.Count
	p.generate(list, genAll)
	n := start
	for i := start; i < list.Count; i++ {
		if m := list.Moves[i]; p.IsLegal(m) {
			list.Moves[n] = m
			n++
		}
	}
	list.Count = n
}

// HasLegalMove tells whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var list MoveList
	p.generate(&list, genAll)
	for _, m := range list.Moves[:list.Count] {
		if p.IsLegal(m) {
			return true
		}
	}
	return false
}

// generateSteps adds the moves of a stepping piece using a step table; a
// target whose block square is occupied is skipped.
func (p *Position) generateSteps(list *MoveList, mode int, pc Piece, table *[NumSquares]stepList) {
	us := pc.Color()
	n := list.Count
	moves := &list.Moves
	for bb := p.pieces[pc]; !bb.IsEmpty(); {
		from := bb.PopFirst()
		steps := &table[from]
		for _, t := range steps.targets[:steps.n] {
			if t.block != NoSquare && p.board[t.block] != NoPiece {
				continue
			}
			target := p.board[t.to]
			switch {
			case target == NoPiece:
				if mode&genQuiets != 0 {
					moves[n] = newMove(from, t.to, pc, NoPiece)
					n++
				}
			case target.Color() != us && mode&genCaptures != 0:
				moves[n] = newMove(from, t.to, pc, target)
				n++
			}
		}
	}
	list.Count = n
}

func (p *Position) generate(list *MoveList, mode int) {
	us := p.side
	p.generateSliders(list, mode, MakePiece(us, Rook), false)
	p.generateSliders(list, mode, MakePiece(us, Cannon), true)
	if mode == genCaptures {
		enemy := p.occupied[us.Opponent()]
		p.generateStepCaptures(list, MakePiece(us, Horse), &horseTargets, enemy, true)
		p.generateStepCaptures(list, MakePiece(us, Pawn), &pawnTargets[us], enemy, false)
		p.generateStepCaptures(list, MakePiece(us, Elephant), &elephantTargets, enemy, true)
		p.generateStepCaptures(list, MakePiece(us, Advisor), &advisorTargets, enemy, false)
		p.generateStepCaptures(list, MakePiece(us, King), &kingTargets, enemy, false)
		return
	}
	p.generateSteps(list, mode, MakePiece(us, Horse), &horseSteps)
	p.generateSteps(list, mode, MakePiece(us, Pawn), &pawnSteps[us])
	p.generateSteps(list, mode, MakePiece(us, Elephant), &elephantSteps)
	p.generateSteps(list, mode, MakePiece(us, Advisor), &advisorSteps)
	p.generateSteps(list, mode, MakePiece(us, King), &kingSteps)
}

// generateStepCaptures adds the captures of a stepping piece: its target
// set meets the enemy pieces, and blocked steps (horse leg, elephant eye)
// are dropped.
func (p *Position) generateStepCaptures(list *MoveList, pc Piece, targets *[NumSquares]Bitboard, enemy Bitboard, blockable bool) {
	n := list.Count
	moves := &list.Moves
	for bb := p.pieces[pc]; !bb.IsEmpty(); {
		from := bb.PopFirst()
		for caps := targets[from].and(enemy); !caps.IsEmpty(); {
			to := caps.PopFirst()
			if blockable && p.board[stepBlock[from][to]] != NoPiece {
				continue
			}
			moves[n] = newMove(from, to, pc, p.board[to])
			n++
		}
	}
	list.Count = n
}

// generateSliders adds chariot moves, or cannon moves when cannon is set.
func (p *Position) generateSliders(list *MoveList, mode int, pc Piece, cannon bool) {
	us := pc.Color()
	n := list.Count
	moves := &list.Moves
	for bb := p.pieces[pc]; !bb.IsEmpty(); {
		from := bb.PopFirst()
		f, r := from.File(), from.Rank()
		base := r * NumFiles
		rs := &rankSpans[f][p.rankOcc[r]]
		fs := &fileSpans[r][p.fileOcc[f]]
		if mode&genQuiets != 0 {
			quiet := newMove(from, 0, pc, NoPiece)
			for x := f - 1; x > int(rs.lo1); x-- {
				moves[n] = quiet | Move(base+x)<<7
				n++
			}
			for x := f + 1; x < int(rs.hi1); x++ {
				moves[n] = quiet | Move(base+x)<<7
				n++
			}
			for y := r - 1; y > int(fs.lo1); y-- {
				moves[n] = quiet | Move(y*NumFiles+f)<<7
				n++
			}
			for y := r + 1; y < int(fs.hi1); y++ {
				moves[n] = quiet | Move(y*NumFiles+f)<<7
				n++
			}
		}
		if mode&genCaptures == 0 {
			continue
		}
		lo, hi, dn, up := rs.lo1, rs.hi1, fs.lo1, fs.hi1
		if cannon {
			lo, hi, dn, up = rs.lo2, rs.hi2, fs.lo2, fs.hi2
		}
		if lo >= 0 {
			n = p.addCapture(moves, n, from, Square(base+int(lo)), pc, us)
		}
		if hi < NumFiles {
			n = p.addCapture(moves, n, from, Square(base+int(hi)), pc, us)
		}
		if dn >= 0 {
			n = p.addCapture(moves, n, from, Square(int(dn)*NumFiles+f), pc, us)
		}
		if up < NumRanks {
			n = p.addCapture(moves, n, from, Square(int(up)*NumFiles+f), pc, us)
		}
	}
	list.Count = n
}

// addCapture stores at moves[n] a capture of the piece on to when it
// belongs to the opponent, and returns the new move count.
func (p *Position) addCapture(moves *[MaxMoves]Move, n int, from, to Square, pc Piece, us Color) int {
	if target := p.board[to]; target.Color() != us {
		moves[n] = newMove(from, to, pc, target)
		n++
	}
	return n
}
