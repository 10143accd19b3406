package engine

// Evaluation v1: material and piece-square values (kept incrementally by
// MakeMove), mobility of chariots, cannons and horses (with leg blocking),
// advisor and elephant structure against the attackers that exploit their
// absence, the central cannon against the general, connected defenders and
// soldiers, and attackers in the enemy palace, blended between middle game
// and end game by the remaining chariots, horses and cannons. All weights
// are in params.go, laid out by the weight table (weights.go); every term is
// linear in its weight so the tuner can fit them.

// maxPhase is the phase of the start position: 2*(2*6 + 2*3 + 2*3).
const maxPhase = 48

// evalTrace collects, for the tuner, how often each parameter counts in an
// evaluation (Red's count minus Black's) and the phase.
type evalTrace struct {
	coef  [NumEvalParams]int32
	phase int32
}

func init() { initEvalTables() }

// pstIndex returns the half-table index of square s for colour c.
func pstIndex(c Color, s Square) int {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = NumRanks - 1 - r
	}
	if f > 4 {
		f = NumFiles - 1 - f
	}
	return r*5 + f
}

// initEvalTables derives the incremental tables from evalParams.
func initEvalTables() {
	phaseWeight = [NumPieceTypes]int32{Rook: 6, Horse: 3, Cannon: 3}
	for t := King; t <= Pawn; t++ {
		for c := Red; c <= Black; c++ {
			pc := MakePiece(c, t)
			for s := Square(0); s < NumSquares; s++ {
				m := evalParams[paramMaterial+int(t)]
				v := evalParams[paramPST+int(t)*pstHalf+pstIndex(c, s)]
				sum := scorePair{m.mg + v.mg, m.eg + v.eg}
				if c == Black {
					sum = scorePair{-sum.mg, -sum.eg}
				}
				pieceSquare[pc][s] = sum
			}
		}
	}
}

// Evaluate returns the static evaluation in centipawns from the side to
// move's point of view.
func (p *Position) Evaluate() int { return p.evaluate(nil) }

func (p *Position) evaluate(tr *evalTrace) int {
	var red, black knowledgeCounts
	p.countKnowledge(Red, &red)
	p.countKnowledge(Black, &black)
	acc := p.eval.psq
	for i := range red {
		d := red[i] - black[i]
		w := &evalParams[firstKnowledge+i]
		acc.mg += d * w.mg
		acc.eg += d * w.eg
	}
	phase := min(max(p.eval.phase, 0), maxPhase)
	score := (acc.mg*phase + acc.eg*(maxPhase-phase)) / maxPhase
	if p.side == Black {
		score = -score
	}
	tempo := evalParams[paramTempo]
	score += (tempo.mg*phase + tempo.eg*(maxPhase-phase)) / maxPhase
	if tr != nil {
		p.traceMaterial(tr)
		for i := range red {
			tr.coef[firstKnowledge+i] += red[i] - black[i]
		}
		tr.phase = phase
		if p.side == Red {
			tr.coef[paramTempo]++
		} else {
			tr.coef[paramTempo]--
		}
	}
	return int(score)
}

// traceMaterial records the material and piece-square counts.
func (p *Position) traceMaterial(tr *evalTrace) {
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		sign := int32(1)
		if pc.Color() == Black {
			sign = -1
		}
		t := int(pc.Type())
		tr.coef[paramMaterial+t] += sign
		tr.coef[paramPST+t*pstHalf+pstIndex(pc.Color(), s)] += sign
	}
}

// firstKnowledge is the first of the knowledge parameters (the terms after
// the piece-square tables except the tempo).
const firstKnowledge = firstTerm

// knowledgeCounts holds how often each knowledge parameter counts for one
// side, indexed from firstKnowledge.
type knowledgeCounts [paramTempo - firstKnowledge]int32

// countKnowledge fills k (every entry) with colour c's knowledge terms.
// It calls no function in the common case: Go keeps no register across a
// call, and the spills cost more than the work.
func (p *Position) countKnowledge(c Color, k *knowledgeCounts) {
	them := c.Opponent()
	rooks, cannons, horses := p.pieces[MakePiece(c, Rook)&15], p.pieces[MakePiece(c, Cannon)&15], p.pieces[MakePiece(c, Horse)&15]

	// Chariot and cannon mobility: the quiet moves along both lines plus
	// the enemy pieces at the first (chariot) or second (cannon) blocker.
	var sliderMob [2]int32
	for kind := 0; kind < 2; kind++ {
		bb := rooks
		if kind == 1 {
			bb = cannons
		}
		for !bb.IsEmpty() {
			s := bb.PopFirst()
			f, r := s.File(), s.Rank()
			rs := &rankSpans[f][p.rankOcc[r]&(1<<NumFiles-1)]
			fs := &fileSpans[r][p.fileOcc[f]&(1<<NumRanks-1)]
			n := int32(int(rs.hi1) - int(rs.lo1) + int(fs.hi1) - int(fs.lo1) - 4)
			lo, hi, dn, up := rs.lo1, rs.hi1, fs.lo1, fs.hi1
			if kind == 1 {
				lo, hi, dn, up = rs.lo2, rs.hi2, fs.lo2, fs.hi2
			}
			base := r * NumFiles
			if lo >= 0 && p.board[base+int(lo)].Color() != c {
				n++
			}
			if hi < NumFiles && p.board[base+int(hi)].Color() != c {
				n++
			}
			if dn >= 0 && p.board[int(dn)*NumFiles+f].Color() != c {
				n++
			}
			if up < NumRanks && p.board[int(up)*NumFiles+f].Color() != c {
				n++
			}
			sliderMob[kind] += n
		}
	}

	// Horse mobility: targets behind a free leg that hold no own piece.
	var horseMob, trapped int32
	ownPieces := p.occupied[c]
	for bb := horses; !bb.IsEmpty(); {
		var targets Bitboard
		legs := &horseLegs[bb.PopFirst()]
		if p.board[legs[0].leg] == NoPiece {
			targets = legs[0].targets
		}
		if p.board[legs[1].leg] == NoPiece {
			targets = targets.or(legs[1].targets)
		}
		if p.board[legs[2].leg] == NoPiece {
			targets = targets.or(legs[2].targets)
		}
		if p.board[legs[3].leg] == NoPiece {
			targets = targets.or(legs[3].targets)
		}
		n := int32(targets.andNot(ownPieces).Count())
		horseMob += n
		if n <= 1 {
			trapped++
		}
	}

	crossed := p.pieces[MakePiece(c, Pawn)&15].and(crossedRiverSet[c])
	attackers := rooks.or(cannons).or(horses).or(crossed)

	advisors := int32(p.counts[MakePiece(c, Advisor)&15])
	elephants := int32(p.counts[MakePiece(c, Elephant)&15])
	enemyCannons := int32(p.counts[MakePiece(them, Cannon)&15])
	enemyAttackers := int32(p.counts[MakePiece(them, Rook)&15]) + int32(p.counts[MakePiece(them, Horse)&15]) + enemyCannons
	var advisorPair, elephantPair int32
	if advisors == 2 && p.advisorsConnected(c) {
		advisorPair = 1
	}
	if elephants == 2 {
		// Two elephants guard each other when one steps to the other
		// with the eye between them free.
		bb := p.pieces[MakePiece(c, Elephant)&15]
		a := bb.PopFirst()
		b := bb.PopFirst()
		if elephantTargets[a].Has(b) && p.board[stepBlock[a][b]] == NoPiece {
			elephantPair = 1
		}
	}
	var emptyHead, pins int32
	if !cannons.and(fileSet[p.kings[them].File()]).IsEmpty() {
		emptyHead, pins = p.centralCannons(c)
	}
	k[paramRookMobility-firstKnowledge] = sliderMob[0]
	k[paramCannonMobility-firstKnowledge] = sliderMob[1]
	k[paramHorseMobility-firstKnowledge] = horseMob
	k[paramHorseTrapped-firstKnowledge] = trapped
	k[paramAdvisorShort-firstKnowledge] = (2 - advisors) * enemyAttackers
	k[paramElephantShort-firstKnowledge] = (2 - elephants) * enemyCannons
	k[paramEmptyHeadCannon-firstKnowledge] = emptyHead
	k[paramCannonPin-firstKnowledge] = pins
	k[paramAdvisorPair-firstKnowledge] = advisorPair
	k[paramElephantPair-firstKnowledge] = elephantPair
	k[paramPawnPair-firstKnowledge] = int32(crossed.and(crossed.shiftDown1()).and(notLastFile).Count())
	k[paramPalaceAttacker-firstKnowledge] = int32(attackers.and(enemyPalaceZone[c]).Count())
}

// advisorsConnected tells whether c's two advisors guard each other, which
// needs one of them on the palace centre.
func (p *Position) advisorsConnected(c Color) bool {
	centre := MakeSquare(4, 1)
	if c == Black {
		centre = MakeSquare(4, 8)
	}
	return p.board[centre] == MakePiece(c, Advisor)
}

// centralCannons counts c's cannons on the enemy general's file with no
// piece between (empty-head cannons) and with exactly one (pinning cannons).
func (p *Position) centralCannons(c Color) (emptyHead, pins int32) {
	k := p.kings[c.Opponent()]
	f, r := k.File(), k.Rank()
	cannon := MakePiece(c, Cannon)
	fs := &fileSpans[r][p.fileOcc[f]]
	if fs.lo1 >= 0 && p.board[int(fs.lo1)*NumFiles+f] == cannon {
		emptyHead++
	}
	if fs.hi1 < NumRanks && p.board[int(fs.hi1)*NumFiles+f] == cannon {
		emptyHead++
	}
	if fs.lo2 >= 0 && p.board[int(fs.lo2)*NumFiles+f] == cannon {
		pins++
	}
	if fs.hi2 < NumRanks && p.board[int(fs.hi2)*NumFiles+f] == cannon {
		pins++
	}
	return emptyHead, pins
}

// materialScore is the material balance alone, from the side to move's
// point of view (UCCI knowledge none).
func (p *Position) materialScore() int {
	var v int32
	for t := Advisor; t <= Pawn; t++ {
		n := int32(p.Count(MakePiece(Red, t)) - p.Count(MakePiece(Black, t)))
		v += n * evalParams[paramMaterial+int(t)].mg
	}
	if p.side == Black {
		v = -v
	}
	return int(v)
}

// pieceSquareScore is material plus piece-square values, tapered (UCCI
// knowledge small).
func (p *Position) pieceSquareScore() int {
	phase := min(max(p.eval.phase, 0), maxPhase)
	v := (p.eval.psq.mg*phase + p.eval.psq.eg*(maxPhase-phase)) / maxPhase
	if p.side == Black {
		v = -v
	}
	return int(v)
}
