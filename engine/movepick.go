package engine

// Staged move ordering: the table move, good captures by MVV-LVA, killers,
// the counter move, quiet moves by history, and last the captures that
// lose material. In check all evasions are generated at once.

// Picker stages.
const (
	stageTT = iota
	stageCapturesInit
	stageGoodCaptures
	stageKiller1
	stageKiller2
	stageCounter
	stageQuietsInit
	stageQuiets
	stageBadCaptures
	stageEvasionsInit
	stageEvasions
	stageDone
)

// orderValue is the material scale move ordering uses (per piece type).
var orderValue = [NumPieceTypes]int32{King: 2000, Advisor: 20, Elephant: 20, Horse: 40, Rook: 90, Cannon: 45, Pawn: 10}

// movePicker hands out the moves of one node in a good order. It keeps its
// lists in the search frame, so it never allocates.
type movePicker struct {
	pos                      *Position
	w                        *worker
	stage                    int
	ttMove, killer1, killer2 Move
	counter                  Move
	list                     *MoveList
	scores                   *[MaxMoves]int32
	bad                      *MoveList
	cur                      int
	capturesOnly             bool
	skipQuiets               bool
	// legal tells whether the move next returned last is known to be legal
	// (evasions are tested before they are sorted).
	legal bool
	// deltaLimit: in quiescence, captures of a piece worth at most this
	// (end-game material) cannot raise the score to alpha and are skipped
	// before the exchange test. Quiescence keeps it up to date as alpha
	// rises; elsewhere it lets every capture through.
	deltaLimit int
	// allCaptures: quiescence also searches the captures that lose
	// material (set when pruning is off).
	allCaptures bool
	// sortQuiets sorts the quiet moves after the first picks; at low depth,
	// where late-move pruning stops after a few, they are only picked.
	sortQuiets bool
	// cont1 and cont2 are the continuation histories of the moves one and
	// two plies before (nil when there is none): quiet moves are ordered by
	// them as well as by the main history.
	cont1, cont2 *pieceToHistory
}

// init prepares the picker. capturesOnly is for quiescence search (all
// evasions are still produced when in check).
func (mp *movePicker) init(w *worker, f *frame, ttMove Move, counter Move, capturesOnly bool) {
	p := &w.pos
	*mp = movePicker{pos: p, w: w, list: &f.moves, scores: &f.scores, bad: &f.bad,
		killer1: f.killers[0], killer2: f.killers[1], counter: counter, capturesOnly: capturesOnly,
		deltaLimit: -ScoreInfinite}
	if ttMove != NoMove && p.IsPseudoLegal(ttMove) && (!capturesOnly || p.inCheck || ttMove.IsCapture()) {
		mp.ttMove = ttMove
	}
	if p.inCheck {
		mp.stage = stageEvasionsInit
		if mp.ttMove != NoMove {
			mp.stage = stageTT
		}
		return
	}
	mp.stage = stageTT
	if mp.ttMove == NoMove {
		mp.stage = stageCapturesInit
	}
}

// next returns the next pseudo-legal move, or NoMove when there are no more.
func (mp *movePicker) next() Move {
	p := mp.pos
	for {
		switch mp.stage {
		case stageTT:
			mp.legal = false
			if p.inCheck {
				mp.stage = stageEvasionsInit
			} else {
				mp.stage = stageCapturesInit
			}
			return mp.ttMove
		case stageCapturesInit:
			mp.list.Count = 0
			mp.bad.Count = 0
			p.GenerateCaptures(mp.list)
			if mp.deltaLimit > -ScoreInfinite {
				mp.dropDeltaPruned()
			}
			for i, m := range mp.list.Moves[:mp.list.Count] {
				mp.scores[i] = mp.captureScore(m)
			}
			mp.sort()
			mp.cur = 0
			mp.stage = stageGoodCaptures
		case stageGoodCaptures:
			for mp.cur < mp.list.Count {
				m := mp.list.Moves[mp.cur]
				mp.cur++
				if m == mp.ttMove || deltaGain(m) <= mp.deltaLimit {
					continue
				}
				if !p.captureIsSafe(m) {
					mp.bad.add(m)
					continue
				}
				return m
			}
			if mp.capturesOnly {
				// Quiescence drops the losing captures, unless told to
				// search every capture (no pruning).
				mp.stage = stageDone
				if mp.allCaptures {
					mp.stage, mp.cur = stageBadCaptures, 0
				}
				continue
			}
			mp.stage = stageKiller1
		case stageKiller1:
			mp.stage = stageKiller2
			if mp.usefulQuiet(mp.killer1) {
				return mp.killer1
			}
		case stageKiller2:
			mp.stage = stageCounter
			if mp.killer2 != mp.killer1 && mp.usefulQuiet(mp.killer2) {
				return mp.killer2
			}
		case stageCounter:
			mp.stage = stageQuietsInit
			if mp.counter != mp.killer1 && mp.counter != mp.killer2 && mp.usefulQuiet(mp.counter) {
				return mp.counter
			}
		case stageQuietsInit:
			mp.stage = stageQuiets
			mp.list.Count = 0
			mp.cur = 0
			if mp.skipQuiets {
				continue
			}
			p.GenerateQuiets(mp.list)
			for i, m := range mp.list.Moves[:mp.list.Count] {
				mp.scores[i] = int32(mp.w.quietStat(m, mp.cont1, mp.cont2))
			}
		case stageQuiets:
			for !mp.skipQuiets && mp.cur < mp.list.Count {
				// The first quiets are picked one by one (a cut-off often
				// comes early); the rest is sorted once.
				var m Move
				switch {
				case mp.cur < quietPicks || !mp.sortQuiets:
					m = mp.pickBest()
				case mp.cur == quietPicks:
					mp.sortFrom(mp.cur)
					fallthrough
				default:
					m = mp.list.Moves[mp.cur]
					mp.cur++
				}
				if m == mp.ttMove || m == mp.killer1 || m == mp.killer2 || m == mp.counter {
					continue
				}
				return m
			}
			mp.stage = stageBadCaptures
			mp.cur = 0
		case stageBadCaptures:
			if mp.cur < mp.bad.Count {
				mp.cur++
				return mp.bad.Moves[mp.cur-1]
			}
			mp.stage = stageDone
		case stageEvasionsInit:
			// Most evasions are illegal: drop them before sorting (the
			// order of the legal ones is the same).
			mp.list.Count = 0
			p.GenerateLegalMoves(mp.list)
			mp.legal = true
			for i, m := range mp.list.Moves[:mp.list.Count] {
				if m.IsCapture() {
					mp.scores[i] = 1<<20 + mp.captureScore(m)
				} else {
					mp.scores[i] = int32(mp.w.quietStat(m, mp.cont1, mp.cont2))
				}
			}
			mp.sort()
			mp.cur = 0
			mp.stage = stageEvasions
		case stageEvasions:
			for mp.cur < mp.list.Count {
				m := mp.list.Moves[mp.cur]
				mp.cur++
				if m == mp.ttMove {
					continue
				}
				return m
			}
			mp.stage = stageDone
		default:
			return NoMove
		}
	}
}

// deltaGain is the most a capture can gain for delta pruning: the captured
// piece's end-game material value.
func deltaGain(m Move) int { return int(evalParams[paramMaterial+int(m.Captured().Type())].eg) }

// dropDeltaPruned removes the captures the delta limit would skip, before
// they are scored and sorted (alpha only rises, so they stay skipped).
func (mp *movePicker) dropDeltaPruned() {
	n := 0
	for _, m := range mp.list.Moves[:mp.list.Count] {
		if deltaGain(m) > mp.deltaLimit {
			mp.list.Moves[n] = m
			n++
		}
	}
	mp.list.Count = n
}

// captureScore orders captures: most valuable victim first, then the
// capture history, then the least valuable attacker.
func (mp *movePicker) captureScore(m Move) int32 {
	return orderValue[m.Captured().Type()]*16 - orderValue[m.Piece().Type()]/4 +
		mp.w.captureHistory[m.Piece()][m.To()][m.Captured().Type()]/int32(captureHistoryDivisor)
}

// quietPicks is how many quiet moves are chosen by selection before the
// rest of the list is sorted (when sortQuiets is set).
const quietPicks = 4

// pickBest moves the best-scored remaining move to the front and returns it.
func (mp *movePicker) pickBest() Move {
	cur, n := mp.cur, mp.list.Count
	sc := mp.scores[cur:n]
	best, bestScore := 0, sc[0]
	for i, v := range sc {
		if v > bestScore {
			best, bestScore = i, v
		}
	}
	l := mp.list.Moves[cur:n]
	l[0], l[best] = l[best], l[0]
	sc[0], sc[best] = sc[best], sc[0]
	mp.cur++
	return l[0]
}

// sort orders the generated moves by descending score.
func (mp *movePicker) sort() { mp.sortFrom(0) }

// sortFrom orders the moves from index start on by descending score
// (insertion sort: the lists are short and often nearly sorted).
func (mp *movePicker) sortFrom(start int) {
	n := mp.list.Count
	l := mp.list.Moves[start:n]
	sc := mp.scores[start:n]
	sc = sc[:len(l)]
	for i := 1; i < len(l); i++ {
		m, v := l[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			l[j], sc[j] = l[j-1], sc[j-1]
		}
		l[j], sc[j] = m, v
	}
}

// usefulQuiet tells whether a killer or counter move can be played here.
func (mp *movePicker) usefulQuiet(m Move) bool {
	if mp.skipQuiets || m == NoMove || m == mp.ttMove || m.IsCapture() {
		return false
	}
	return mp.pos.IsPseudoLegal(m)
}

// captureIsSafe is a cheap exchange test: a capture is safe when it takes
// at least as much as the capturing piece is worth, or when no enemy piece
// can take back on the square.
func (p *Position) captureIsSafe(m Move) bool {
	if orderValue[m.Captured().Type()] >= orderValue[m.Piece().Type()] {
		return true
	}
	captured := p.boardMove(m.From(), m.To())
	attacked := p.squareAttacked(m.To(), p.side.Opponent())
	p.boardUndo(m.From(), m.To(), captured)
	return !attacked
}
