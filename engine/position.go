package engine

// MaxHistory bounds the plies a Position remembers for the repetition and
// natural-limit rules: game moves before the search root plus the search path.
// Older plies before the last capture are dropped when a game grows longer.
const MaxHistory = 1024

// MaxPly is the deepest search path; game setup keeps this much history free.
const MaxPly = 128

// historyEntry is the state of one earlier position on the current line,
// saved when a move is made from it.
type historyEntry struct {
	key        uint64
	move       Move
	rule60     int16 // natural-limit plies counted so far
	reversible int16 // plies since the last capture or null move
	check10    [2]uint8
	inCheck    bool // the side to move was in check
	safety     kingSafety
}

// Position is a xiangqi position with the history of the line that led to
// it. It is a value type with fixed arrays; MakeMove and UnmakeMove update it
// in place and restore it exactly. It is large (about 74 KB, nearly all of
// it the history's room): copy one with CopyFrom, which copies only the
// history in use.
type Position struct {
	positionState
	history [MaxHistory]historyEntry
}

// positionState is all of a Position but its history entries: what
// CopyFrom copies whole.
type positionState struct {
	board    [NumSquares]Piece
	rankOcc  [NumRanks]uint16 // bit f set when file f of the rank is occupied
	fileOcc  [NumFiles]uint16 // bit r set when rank r of the file is occupied
	pieces   [NumPieces]Bitboard
	counts   [NumPieces]uint8 // number of each piece (the popcount of pieces)
	occupied [2]Bitboard      // squares of each colour's pieces
	kings    [2]Square
	side     Color
	inCheck  bool
	safety   kingSafety // pins and screens around the side to move's general
	check10  [2]uint8   // checks given by each side since the last capture
	rule60   int16      // natural-limit counter (plies, checks beyond 10 excluded)
	revPlies int16      // plies since the last capture or null move
	key      uint64
	fullmove int
	eval     evalState // incremental evaluation terms

	// repFilter counts the history entries by the low bits of their key:
	// a zero count proves the position has not occurred before, which saves
	// the repetition scan at almost every node.
	repFilter [repFilterSize]uint16

	histLen int // history entries in use
}

// CopyFrom makes p a copy of src: its state and the histLen history
// entries in use, not the room beyond them. The copy plays and judges as
// src does (same key, repetitions, rule counters).
func (p *Position) CopyFrom(src *Position) {
	p.positionState = src.positionState
	copy(p.history[:src.histLen], src.history[:src.histLen])
}

// repFilterSize is the number of counters of the repetition filter.
const repFilterSize = 1 << 12

// pushHistory makes room for one history entry and counts its key.
func (p *Position) pushHistory() *historyEntry {
	h := &p.history[p.histLen]
	h.key = p.key
	p.repFilter[p.key&(repFilterSize-1)]++
	p.histLen++
	return h
}

// popHistory drops the last history entry and returns it.
func (p *Position) popHistory() *historyEntry {
	p.histLen--
	h := &p.history[p.histLen]
	p.repFilter[h.key&(repFilterSize-1)]--
	return h
}

// mayRepeat tells whether the current position can have occurred earlier
// in the remembered history (false means it certainly has not).
func (p *Position) mayRepeat() bool { return p.repFilter[p.key&(repFilterSize-1)] != 0 }

// Board returns the piece on s.
func (p *Position) Board(s Square) Piece { return p.board[s] }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key of the placement and side to move.
func (p *Position) Key() uint64 { return p.key }

// InCheck tells whether the side to move is in check.
func (p *Position) InCheck() bool { return p.inCheck }

// Pieces returns the set of squares holding pc.
func (p *Position) Pieces(pc Piece) Bitboard { return p.pieces[pc] }

// Count returns how many pieces pc are on the board.
func (p *Position) Count(pc Piece) int { return int(p.counts[pc]) }

// Rule60 returns the natural-limit counter: plies since the last capture,
// not counting checks beyond a side's tenth (and the replies to them).
func (p *Position) Rule60() int { return int(p.rule60) }

// PliesSinceCapture returns the plies since the last capture or null move:
// the window in which positions can repeat.
func (p *Position) PliesSinceCapture() int { return int(p.revPlies) }

// Fullmove returns the move number (starts at 1, grows after Black moves).
func (p *Position) Fullmove() int { return p.fullmove }

// HistoryLen returns how many earlier positions of the line are remembered.
func (p *Position) HistoryLen() int { return p.histLen }

// put places pc on the empty square s.
func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	p.rankOcc[s.Rank()] ^= 1 << uint(s.File())
	p.fileOcc[s.File()] ^= 1 << uint(s.Rank())
	p.pieces[pc].toggle(s)
	p.counts[pc]++
	p.occupied[pc.Color()].toggle(s)
	p.key ^= zobristPiece[pc][s]
	p.eval.add(pc, s)
	if pc.Type() == King {
		p.kings[pc.Color()] = s
	}
}

// remove takes the piece off s.
func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.rankOcc[s.Rank()] ^= 1 << uint(s.File())
	p.fileOcc[s.File()] ^= 1 << uint(s.Rank())
	p.pieces[pc].toggle(s)
	p.counts[pc]--
	p.occupied[pc.Color()].toggle(s)
	p.key ^= zobristPiece[pc][s]
	p.eval.remove(pc, s)
}

// clear empties the board and the history.
func (p *Position) clear() {
	*p = Position{}
	p.kings = [2]Square{NoSquare, NoSquare}
	p.fullmove = 1
}

// MakeMove plays a legal move. It records the previous state so that
// UnmakeMove restores the position exactly. The caller guarantees legality
// (see IsLegal) and that the history has room (game code uses PlayGameMove).
func (p *Position) MakeMove(m Move) {
	h := p.pushHistory()
	h.move = m
	h.rule60 = p.rule60
	h.reversible = p.revPlies
	h.check10 = p.check10
	h.inCheck = p.inCheck
	h.safety = p.safety

	from, to := m.From(), m.To()
	pc := p.board[from]
	captured := p.board[to]
	us := p.side

	if captured != NoPiece {
		p.remove(to)
	}
	// Move the piece: update both line masks and the key without the full put/remove.
	p.board[from] = NoPiece
	p.board[to] = pc
	fr, ff, tr, tf := from.Rank(), from.File(), to.Rank(), to.File()
	p.rankOcc[fr] ^= 1 << uint(ff)
	p.fileOcc[ff] ^= 1 << uint(fr)
	p.rankOcc[tr] |= 1 << uint(tf)
	p.fileOcc[tf] |= 1 << uint(tr)
	p.pieces[pc].toggle(from)
	p.pieces[pc].toggle(to)
	p.occupied[us].toggle(from)
	p.occupied[us].toggle(to)
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	p.eval.move(pc, from, to)
	if pc.Type() == King {
		p.kings[us] = to
	}

	p.side = us.Opponent()
	if us == Black {
		p.fullmove++
	}
	p.inCheck = p.mayGiveCheck(from, to, pc) && p.kingSquareAttacked(p.kings[p.side], p.side)
	p.safety.valid = false

	if captured != NoPiece {
		p.rule60 = 0
		p.revPlies = 0
		p.check10 = [2]uint8{}
		return
	}
	p.revPlies++
	p.advanceRule60(us)
}

// KeyAfter returns the hash key of the position m leads to, without
// playing it (the search prefetches the table entry with it).
func (p *Position) KeyAfter(m Move) uint64 {
	pc, from, to := m.Piece(), m.From(), m.To()
	k := p.key ^ zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	if captured := m.Captured(); captured != NoPiece {
		k ^= zobristPiece[captured][to]
	}
	return k
}

// mayGiveCheck tells whether moving pc from from to to can have put the
// opponent's general in check: only a move that starts or ends on the
// general's rank or file, leaves a horse-leg point beside it, or brings a
// horse within reach of it can. (The opponent was not in check before.)
func (p *Position) mayGiveCheck(from, to Square, pc Piece) bool {
	k := p.kings[pc.Color().Opponent()]
	kf, kr := k.File(), k.Rank()
	if from.File() == kf || from.Rank() == kr || to.File() == kf || to.Rank() == kr {
		return true
	}
	df, dr := from.File()-kf, from.Rank()-kr
	if df*df == 1 && dr*dr == 1 {
		return true
	}
	if pc.Type() == Horse {
		df, dr = to.File()-kf, to.Rank()-kr
		return df*df+dr*dr == 5
	}
	return false
}

// advanceRule60 updates the natural-limit counter after a quiet move by us:
// a side's checks beyond its tenth do not count, nor do the replies to them.
func (p *Position) advanceRule60(us Color) {
	them := us.Opponent()
	if p.inCheck {
		if p.check10[us] < 255 {
			p.check10[us]++
		}
		if p.check10[us] > 10 {
			return
		}
	}
	prevInCheck := p.history[p.histLen-1].inCheck
	if p.check10[them] > 10 && prevInCheck {
		if p.check10[them] < 255 {
			p.check10[them]++
		}
		return
	}
	if p.rule60 < maxRule60 {
		p.rule60++
	}
}

// maxRule60 is where the natural-limit counter saturates: far beyond any
// limit, and a game of any length cannot wrap it around.
const maxRule60 = 1<<15 - 1

// UnmakeMove takes back the last move, which must be m.
func (p *Position) UnmakeMove(m Move) {
	h := p.popHistory()
	from, to := m.From(), m.To()
	pc := p.board[to]
	p.side = p.side.Opponent()
	if p.side == Black {
		p.fullmove--
	}

	p.board[to] = NoPiece
	p.board[from] = pc
	fr, ff, tr, tf := from.Rank(), from.File(), to.Rank(), to.File()
	p.rankOcc[tr] ^= 1 << uint(tf)
	p.fileOcc[tf] ^= 1 << uint(tr)
	p.rankOcc[fr] |= 1 << uint(ff)
	p.fileOcc[ff] |= 1 << uint(fr)
	p.pieces[pc].toggle(from)
	p.pieces[pc].toggle(to)
	p.occupied[p.side].toggle(from)
	p.occupied[p.side].toggle(to)
	p.eval.move(pc, to, from)
	if pc.Type() == King {
		p.kings[p.side] = from
	}
	if captured := m.Captured(); captured != NoPiece {
		p.put(captured, to)
	}

	p.key = h.key
	p.rule60 = h.rule60
	p.revPlies = h.reversible
	p.check10 = h.check10
	p.inCheck = h.inCheck
	p.safety = h.safety
}

// MakeNullMove passes the turn (search only; illegal when in check).
func (p *Position) MakeNullMove() {
	h := p.pushHistory()
	h.move = NullMove
	h.rule60 = p.rule60
	h.reversible = p.revPlies
	h.check10 = p.check10
	h.inCheck = p.inCheck
	h.safety = p.safety
	p.key ^= zobristSide
	p.side = p.side.Opponent()
	p.revPlies = 0
	p.updateKingSafety()
}

// UnmakeNullMove takes back a null move.
func (p *Position) UnmakeNullMove() {
	h := p.popHistory()
	p.side = p.side.Opponent()
	p.key = h.key
	p.rule60 = h.rule60
	p.revPlies = h.reversible
	p.check10 = h.check10
	p.inCheck = h.inCheck
	p.safety = h.safety
}

// PlayGameMove plays a legal move of a game (not a search path): when the
// history is nearly full it first drops the plies before the last capture,
// which no rule looks at, and, if that is not enough, the oldest plies.
func (p *Position) PlayGameMove(m Move) {
	if p.historyNearlyFull() {
		keep := int(p.revPlies)
		if keep > (MaxHistory-MaxPly)/2 {
			keep = (MaxHistory - MaxPly) / 2
		}
		for _, h := range p.history[:p.histLen-keep] {
			p.repFilter[h.key&(repFilterSize-1)]--
		}
		copy(p.history[:keep], p.history[p.histLen-keep:p.histLen])
		p.histLen = keep
		if int(p.revPlies) > keep {
			p.revPlies = int16(keep)
		}
	}
	p.MakeMove(m)
}

// historyNearlyFull tells whether PlayGameMove must drop old plies before
// its move, to keep MaxPly plies free for a search.
func (p *Position) historyNearlyFull() bool { return p.histLen >= MaxHistory-MaxPly-8 }

// ResetHistory forgets the line that led to the position, keeping the
// position and its counters: the position becomes the start of a new line.
func (p *Position) ResetHistory() {
	p.histLen = 0
	p.revPlies = 0
	p.repFilter = [repFilterSize]uint16{}
}

// MirroredKey returns the key the position would have with the board
// reflected left to right (same side to move). Books use it to share
// entries between a position and its mirror image.
func (p *Position) MirroredKey() uint64 {
	var k uint64
	if p.side == Black {
		k = zobristSide
	}
	for pc := RedKing; pc < NumPieces; pc++ {
		for bb := p.pieces[pc]; !bb.IsEmpty(); {
			s := bb.PopFirst()
			k ^= zobristPiece[pc][s.Mirror()]
		}
	}
	return k
}

// Mirrored returns a copy of the position reflected left to right, without history.
func (p *Position) Mirrored() *Position {
	q := new(Position)
	q.clear()
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.put(pc, s.Mirror())
		}
	}
	q.side = p.side
	if q.side == Black {
		q.key ^= zobristSide
	}
	q.rule60, q.fullmove, q.check10 = p.rule60, p.fullmove, p.check10
	q.updateKingSafety()
	return q
}
