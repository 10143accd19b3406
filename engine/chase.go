package engine

// Chase detection for the repetition rules (RULES.md §6). Pieces are
// followed by identity through a cycle: pieceIDs gives every piece on the
// board a number 0-15 within its colour, and a chase mask has bit id set for
// each chased piece of the defending side.

// pieceIDs maps squares to piece identities (-1 on empty squares).
type pieceIDs [NumSquares]int8

// assignIDs numbers the pieces of each colour in square order.
func (p *Position) assignIDs(ids *pieceIDs) {
	var next [2]int8
	for s := Square(0); s < NumSquares; s++ {
		ids[s] = -1
		if pc := p.board[s]; pc != NoPiece {
			ids[s] = next[pc.Color()]
			next[pc.Color()]++
		}
	}
}

// follow moves the identity along with move m; a captured piece's identity
// is dropped.
func (ids *pieceIDs) follow(m Move) {
	ids[m.To()] = ids[m.From()]
	ids[m.From()] = -1
}

// back reverses follow for a non-capturing move.
func (ids *pieceIDs) back(m Move) {
	ids[m.From()] = ids[m.To()]
	ids[m.To()] = -1
}

// chaseTarget tells whether pc counts as material that can be chased: not a
// general, and a soldier only after it has crossed the river.
func chaseTarget(pc Piece, s Square) bool {
	switch pc.Type() {
	case King, NoPieceType:
		return false
	case Pawn:
		return crossedRiver(pc.Color(), s.Rank())
	}
	return true
}

// chaseMap records attacks or chases between pieces: bit t of entry a is
// set when the attacker with identity a can take the target with identity t.
type chaseMap [16]uint16

// targets returns every target in the map.
func (c *chaseMap) targets() uint16 {
	var t uint16
	for _, m := range c {
		t |= m
	}
	return t
}

// newChases returns the targets of chases in after that are not attacks in
// before: a chase counts only when the move created the attack itself, not
// when it merely cut or opened a line that protects the target.
func newChases(after, before *chaseMap) uint16 {
	var t uint16
	for a := range after {
		t |= after[a] &^ before[a]
	}
	return t
}

// chasesBy fills attacks with every legal capture colour x could make of the
// opponent's material (not the general, not a soldier on its own half) by a
// chariot, horse, cannon, advisor or elephant (a general or a soldier
// attacking alone is idle), and chases with those captures that chase: a
// horse or cannon taking a chariot, or an advisor or elephant taking a
// chariot, horse or cannon, always; otherwise when the target has no legal
// recapture, and for a same-type attack only when the target could not take
// the attacker back (unless x is to move after a forced reply: then x takes
// first). A pinned attacker can only take its pinner. The side to move does
// not matter otherwise.
func (p *Position) chasesBy(x Color, ids *pieceIDs, attacks, chases *chaseMap, xMovesFirst bool) {
	*attacks, *chases = chaseMap{}, chaseMap{}
	y := x.Opponent()
	for t := Advisor; t <= Pawn; t++ {
		for bb := p.pieces[MakePiece(y, t)]; !bb.IsEmpty(); {
			s := bb.PopFirst()
			if ids[s] < 0 || !chaseTarget(p.board[s], s) {
				continue
			}
			target := p.board[s]
			var att [16]Square
			n := p.attackersTo(s, x, &att)
			for _, a := range att[:n] {
				attacker := p.board[a]
				if at := attacker.Type(); at == King || at == Pawn || ids[a] < 0 {
					continue
				}
				if p.moveExposesKing(newMove(a, s, attacker, target)) {
					continue
				}
				bit := uint16(1) << uint(ids[s])
				attacks[ids[a]] |= bit
				if p.captureChases(a, s, xMovesFirst) {
					chases[ids[a]] |= bit
				}
			}
		}
	}
}

// captureChases decides whether the legal capture a×s is a chase;
// moverFirst drops the same-type exception (the attacker's side moves next).
func (p *Position) captureChases(a, s Square, moverFirst bool) bool {
	at, tt := p.board[a].Type(), p.board[s].Type()
	if (at == Horse || at == Cannon) && tt == Rook {
		return true
	}
	if (at == Advisor || at == Elephant) && (tt == Rook || tt == Horse || tt == Cannon) {
		return true
	}
	y := p.board[s].Color()
	captured := p.boardMove(a, s)
	protected := p.legalCaptureExists(s, y)
	p.boardUndo(a, s, captured)
	if protected {
		return false
	}
	if at == tt && !moverFirst {
		return !p.canCaptureLegally(s, a)
	}
	return true
}

// chaseThreatsViaCheck returns the pieces the side to move (x) could win
// through one check: a checking move after which, whatever the reply, x has
// a chase of the same piece. The side to move must not be in check.
func (p *Position) chaseThreatsViaCheck(ids *pieceIDs) uint16 {
	x := p.side
	var moves MoveList
	p.GenerateLegalMoves(&moves)
	var threats uint16
	for _, m := range moves.Moves[:moves.Count] {
		p.MakeMove(m)
		if p.inCheck {
			var replies MoveList
			p.GenerateLegalMoves(&replies)
			if replies.Count > 0 {
				common := ^uint16(0)
				after := *ids
				after.follow(m)
				for _, r := range replies.Moves[:replies.Count] {
					common &= p.chaseAfterReply(r, after, x)
					if common == 0 {
						break
					}
				}
				threats |= common
			}
		}
		p.UnmakeMove(m)
	}
	return threats
}

// chaseAfterReply plays reply r, returns x's chase mask, and takes r back.
// ids is a copy, so following r does not disturb the caller's identities.
func (p *Position) chaseAfterReply(r Move, ids pieceIDs, x Color) uint16 {
	p.MakeMove(r)
	ids.follow(r)
	var attacks, chases chaseMap
	p.chasesBy(x, &ids, &attacks, &chases, true)
	p.UnmakeMove(r)
	return chases.targets()
}

// hasMateThreat tells whether the side to move can mate: at once (a move
// after which the opponent has no legal move), or through one check all of
// whose replies allow such a move.
func (p *Position) hasMateThreat() bool {
	if p.hasMateInOne() {
		return true
	}
	var moves MoveList
	p.GenerateLegalMoves(&moves)
	for _, m := range moves.Moves[:moves.Count] {
		p.MakeMove(m)
		forced := false
		if p.inCheck {
			forced = p.everyReplyAllowsMate()
		}
		p.UnmakeMove(m)
		if forced {
			return true
		}
	}
	return false
}

// everyReplyAllowsMate tells whether every legal reply of the side to move
// (there is at least one) leaves the opponent a move that mates at once.
func (p *Position) everyReplyAllowsMate() bool {
	var replies MoveList
	p.GenerateLegalMoves(&replies)
	if replies.Count == 0 {
		return false
	}
	for _, r := range replies.Moves[:replies.Count] {
		p.MakeMove(r)
		mates := p.hasMateInOne()
		p.UnmakeMove(r)
		if !mates {
			return false
		}
	}
	return true
}

// hasMateInOne tells whether the side to move has a move after which the
// opponent has no legal move.
func (p *Position) hasMateInOne() bool {
	var moves MoveList
	p.GenerateLegalMoves(&moves)
	for _, m := range moves.Moves[:moves.Count] {
		p.MakeMove(m)
		mated := !p.HasLegalMove()
		p.UnmakeMove(m)
		if mated {
			return true
		}
	}
	return false
}
