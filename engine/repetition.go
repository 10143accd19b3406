package engine

// findRepetition looks for earlier occurrences of the current position among
// the plies since the last capture. It returns how many earlier occurrences
// there are and the distance in plies to the oldest one.
func (p *Position) findRepetition() (count, oldest int) {
	if !p.mayRepeat() {
		return 0, 0
	}
	n := min(int(p.revPlies), p.histLen)
	for i := 4; i <= n; i += 2 {
		if p.history[p.histLen-i].key == p.key {
			count++
			oldest = i
		}
	}
	return count, oldest
}

// sideSummary gathers how one side moved through a repetition cycle.
type sideSummary struct {
	moves       int
	checks      int    // moves that gave check
	attacks     int    // moves that checked, chased or threatened mate (CXA)
	chases      int    // non-checking moves that chased something
	threats     int    // non-checking moves that created a mate threat
	chaseCommon uint16 // pieces chased by every move (AXF)
}

// judgeCycle applies the repetition rules to the last plies moves, which
// lead from an earlier occurrence of the position back to it. thorough (the
// referee) adds the CXA refinements that need small searches: captures won
// through a check and mate threats; the search asks for them only in a
// cycle with some checks, where they decide whether a side that checks now
// and then attacks on every move (a cycle without checks it judges by the
// plain chases). The position is restored before returning.
func (p *Position) judgeCycle(plies int, rules RuleSet, thorough bool) Verdict {
	start := p.histLen - plies
	var sides [2]sideSummary
	sides[Red].chaseCommon, sides[Black].chaseCommon = ^uint16(0), ^uint16(0)
	for h := start; h < p.histLen; h++ {
		mover := p.history[h].move.Piece().Color()
		sides[mover].moves++
		if p.givesCheckAt(h) {
			sides[mover].checks++
		}
	}
	perpetual := [2]bool{
		sides[Red].moves > 0 && sides[Red].checks == sides[Red].moves,
		sides[Black].moves > 0 && sides[Black].checks == sides[Black].moves,
	}
	switch {
	case perpetual[Red] && perpetual[Black]:
		return Verdict{Draw, Repetition}
	case perpetual[Red]:
		return Verdict{BlackWins, PerpetualCheck}
	case perpetual[Black]:
		return Verdict{RedWins, PerpetualCheck}
	}
	if sides[Red].checks+sides[Black].checks > 0 {
		// A side that checks on some moves only may still attack on every
		// move (CXA: a check, then a mate threat or a chase): the search
		// judges such a cycle as the referee does, or it walks into the loss
		// believing it a draw.
		thorough = true
	}

	var ids pieceIDs
	p.assignIDs(&ids)
	var line [MaxHistory]Move // the cycle's moves: the what-if searches below overwrite history entries
	end := p.histLen
	for h := start; h < end; h++ {
		line[h-start] = p.history[h].move
	}
	cxa := rules == RulesCXA
	for h := p.histLen - 1; h >= start; h-- {
		m := p.history[h].move
		mover := m.Piece().Color()
		s := &sides[mover]
		check := p.givesCheckAt(h)
		var attacksAfter, chasesAfter, attacksBefore, chasesBefore chaseMap
		var viaCheckAfter, viaCheckBefore uint16
		var threatAfter, threatBefore bool
		if !check {
			p.chasesBy(mover, &ids, &attacksAfter, &chasesAfter, false)
			if cxa && thorough {
				p.MakeNullMove()
				viaCheckAfter = p.chaseThreatsViaCheck(&ids)
				threatAfter = p.hasMateThreat()
				p.UnmakeNullMove()
			}
		}
		p.UnmakeMove(m)
		ids.back(m)
		if !check {
			p.chasesBy(mover, &ids, &attacksBefore, &chasesBefore, false)
			if cxa && thorough && !p.inCheck {
				viaCheckBefore = p.chaseThreatsViaCheck(&ids)
				threatBefore = p.hasMateThreat()
			}
		}
		chase := newChases(&chasesAfter, &attacksBefore) |
			viaCheckAfter&^(chasesBefore.targets()|viaCheckBefore)
		threat := threatAfter && !threatBefore
		switch {
		case check:
			s.attacks++
		case threat:
			s.attacks++
			s.threats++
		case chase != 0:
			s.attacks++
			s.chases++
		}
		if check {
			s.chaseCommon = 0
		} else {
			s.chaseCommon &= chase
		}
	}
	for p.histLen < end {
		p.MakeMove(line[p.histLen-start])
	}

	var violates [2]bool
	for c := Red; c <= Black; c++ {
		s := &sides[c]
		if cxa {
			violates[c] = s.moves > 0 && s.attacks == s.moves
		} else {
			violates[c] = s.checks == 0 && s.chaseCommon != 0
		}
	}
	if violates[Red] == violates[Black] {
		return Verdict{Draw, Repetition}
	}
	loser := Red
	if violates[Black] {
		loser = Black
	}
	reason := PerpetualChase
	if s := &sides[loser]; s.checks > 0 || s.threats > 0 {
		reason = PerpetualAttack
	}
	return Verdict{WinFor(loser.Opponent()), reason}
}

// givesCheckAt tells whether the move recorded at history index h left the
// opponent in check.
func (p *Position) givesCheckAt(h int) bool {
	if h+1 < p.histLen {
		return p.history[h+1].inCheck
	}
	return p.inCheck
}

// WouldRepeat tells whether playing the legal move m leads to a position
// that already occurred since the last capture.
func (p *Position) WouldRepeat(m Move) bool {
	if m.IsCapture() || p.histLen >= MaxHistory-1 {
		return false
	}
	p.MakeMove(m)
	count, _ := p.findRepetition()
	p.UnmakeMove(m)
	return count > 0
}
