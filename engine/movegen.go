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

// stepKinds are the stepping pieces in generation order.
var stepKinds = [5]PieceType{Horse, Pawn, Elephant, Advisor, King}

// generateSteps adds the moves of the stepping pieces (see stepKinds)
// from their step tables; a target whose block square (horse leg,
// elephant eye) is occupied is skipped.
func (p *Position) generateSteps(list *MoveList, mode int) {
	us := p.side
	n := list.Count
	moves := &list.Moves
	tables := [5]*[NumSquares]stepList{&horseSteps, &pawnSteps[us], &elephantSteps, &advisorSteps, &kingSteps}
	for kind, table := range tables {
		pc := MakePiece(us, stepKinds[kind])
		for bb := p.pieces[pc&15]; !bb.IsEmpty(); {
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
	}
	list.Count = n
}

func (p *Position) generate(list *MoveList, mode int) {
	p.generateSliders(list, mode)
	if mode == genCaptures {
		p.generateStepCaptures(list)
		return
	}
	p.generateSteps(list, mode)
}

// generateStepCaptures adds the captures of the stepping pieces (see
// stepKinds): each target set meets the enemy pieces, and blocked steps
// (horse leg, elephant eye) are dropped.
func (p *Position) generateStepCaptures(list *MoveList) {
	us := p.side
	enemy := p.occupied[us.Opponent()]
	n := list.Count
	moves := &list.Moves
	tables := [5]*[NumSquares]Bitboard{&horseTargets, &pawnTargets[us], &elephantTargets, &advisorTargets, &kingTargets}
	for kind, targets := range tables {
		pc := MakePiece(us, stepKinds[kind])
		blockable := kind == 0 || kind == 2 // horse, elephant
		for bb := p.pieces[pc&15]; !bb.IsEmpty(); {
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
	}
	list.Count = n
}

// generateSliders adds the chariot moves, then the cannon moves.
func (p *Position) generateSliders(list *MoveList, mode int) {
	us := p.side
	n := list.Count
	moves := &list.Moves
	for kind := 0; kind < 2; kind++ {
		pc := MakePiece(us, Rook)
		if kind == 1 {
			pc = MakePiece(us, Cannon)
		}
		for bb := p.pieces[pc&15]; !bb.IsEmpty(); {
			from := bb.PopFirst()
			f, r := from.File(), from.Rank()
			base := r * NumFiles
			rs := &rankSpans[f][p.rankOcc[r]&(1<<NumFiles-1)]
			fs := &fileSpans[r][p.fileOcc[f]&(1<<NumRanks-1)]
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
			if kind == 1 {
				lo, hi, dn, up = rs.lo2, rs.hi2, fs.lo2, fs.hi2
			}
			if lo >= 0 {
				if to := Square(base + int(lo)); p.board[to].Color() != us {
					moves[n] = newMove(from, to, pc, p.board[to])
					n++
				}
			}
			if hi < NumFiles {
				if to := Square(base + int(hi)); p.board[to].Color() != us {
					moves[n] = newMove(from, to, pc, p.board[to])
					n++
				}
			}
			if dn >= 0 {
				if to := Square(int(dn)*NumFiles + f); p.board[to].Color() != us {
					moves[n] = newMove(from, to, pc, p.board[to])
					n++
				}
			}
			if up < NumRanks {
				if to := Square(int(up)*NumFiles + f); p.board[to].Color() != us {
					moves[n] = newMove(from, to, pc, p.board[to])
					n++
				}
			}
		}
	}
	list.Count = n
}
