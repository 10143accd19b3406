package engine

import "github.com/goxq/ucci/tt"

// The node search: principal-variation search with transposition-table
// cut-offs, reverse futility, null-move pruning and probcut, internal
// iterative reduction, late-move pruning and reductions, futility and
// exchange pruning, check extension and mate-distance pruning; the rules
// (natural limit, repetition with perpetual check and chase) are scored as
// the referee would.

// noEval marks a table entry without a static evaluation.
const noEval = -32768

// search returns the score of the position at ply (>= 1) within
// [alpha, beta], searched to depth plies.
func (w *worker) search(alpha, beta, depth, ply int, cutNode bool) int {
	f := &w.stack[ply]
	f.pvLen = 0
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	pvNode := beta-alpha > 1
	p := &w.pos
	if !w.enterNode(ply) {
		return 0
	}
	if score, ok := w.ruleScore(ply); ok {
		return score
	}
	if score, ok := w.tbProbe(ply); ok {
		return score
	}
	if ply >= MaxPly-4 {
		return w.evaluate(ply)
	}
	alpha = max(alpha, -ScoreMate+ply)
	beta = min(beta, ScoreMate-ply-1)
	if alpha >= beta {
		return alpha
	}
	w.stack[ply+2].killers = [2]Move{}
	inCheck := p.inCheck
	excluded := f.excluded

	// A singular-extension search (a move excluded) must not take the
	// table's verdict on the full node, nor overwrite it.
	var e tt.Entry
	hit := false
	if excluded == NoMove {
		e, hit = w.ttProbe()
	}
	ttMove := NoMove
	ttScore := 0
	if hit {
		ttMove = p.MoveFromShort(e.Move)
		ttScore = scoreFromTT(int(e.Score), ply, w.pliesToLimit())
		if !pvNode && int(e.Depth) >= depth && w.ttCutoffAllowed() && boundAllows(e.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}

	// rawEval is the static evaluation as the table keeps it; f.staticEval
	// is what the node judges itself by (improving); eval, the pruning
	// estimate, also takes a table score that bounds it more tightly.
	rawEval, eval := noEval, -ScoreInfinite
	switch {
	case excluded != NoMove:
		eval = f.staticEval // set by the full search of this node
	case inCheck:
		f.staticEval = -ScoreInfinite
	default:
		if hit && e.Eval != noEval {
			rawEval = int(e.Eval)
		} else {
			rawEval = w.evaluate(ply)
		}
		eval = w.corrected(rawEval)
		f.staticEval = eval
		if hit && boundAllows(e.Bound, ttScore, eval, eval+1) && ttScore > -ScoreDecisive && ttScore < ScoreDecisive {
			eval = ttScore
		}
	}
	improving := !inCheck && ply >= 2 && w.stack[ply-2].staticEval != -ScoreInfinite && f.staticEval > w.stack[ply-2].staticEval

	pruning := w.s.cfg.Pruning
	if !pvNode && !inCheck && pruning > LevelNone {
		// Reverse futility: far above beta at low depth.
		margin := rfpMargin * depth
		if improving {
			margin -= rfpImproving
		}
		if depth <= rfpMaxDepth && eval-margin >= beta && eval < ScoreDecisive {
			return eval
		}
		// Razoring: far below alpha at low depth, only captures can help.
		if depth <= razorMaxDepth && eval+razorMargin*depth < alpha {
			if v := w.qsearch(alpha, alpha+1, ply); v <= alpha {
				return v
			}
		}
		// Null move, guarded against zugzwang-prone endings.
		if pruning >= LevelMedium && depth >= 3 && eval >= beta && w.nullDisabled == 0 && excluded == NoMove && w.stack[ply-1].move != NullMove &&
			beta > -ScoreDecisive && w.nullMoveSafe() {
			r := nullBaseReduction + depth/nullDepthDivisor + min((eval-beta)/nullEvalDivisor, 3)
			f.move = NullMove
			f.contHist = nil
			w.s.tt.Prefetch(p.key ^ zobristSide)
			w.netPush(ply+1, NullMove)
			p.MakeNullMove()
			score := -w.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			p.UnmakeNullMove()
			if w.stopped() {
				return 0
			}
			if score >= beta {
				if score >= ScoreDecisive {
					score = beta
				}
				if depth < 12 {
					return score
				}
				w.nullDisabled++
				v := w.search(beta-1, beta, depth-r, ply, false)
				w.nullDisabled--
				if v >= beta {
					return score
				}
			}
		}
	}
	// ProbCut: a capture that wins enough material by the exchange test and
	// still beats beta by a margin in a search four plies shallower makes
	// the full search of this node needless (unless the table already
	// says, from nearly as deep, that nothing reaches that far).
	pcBeta := beta + probCutMargin
	if probCut != 0 && !pvNode && !inCheck && pruning >= LevelMedium && excluded == NoMove && depth >= probCutMinDepth &&
		beta > -ScoreDecisive && beta < ScoreDecisive && !(hit && int(e.Depth) >= depth-3 && ttScore < pcBeta) {
		if score, ok := w.probCut(f, ttMove, pcBeta, rawEval, depth, ply, cutNode); ok {
			return score
		}
		if w.stopped() {
			return 0
		}
	}
	// Internal iterative reduction: without a table move, search less.
	if pruning > LevelNone && depth >= 4 && ttMove == NoMove && excluded == NoMove && (pvNode || cutNode) {
		depth--
	}

	// Singular extension: when every other move fails well below the table
	// score, the table move is extended; when even without it the node fails
	// high, it is cut (multi-cut); when the table move alone is not enough to
	// matter, it is searched one ply less.
	singularExt := 0
	if pruning > LevelNone && excluded == NoMove && depth >= singularMinDepth && ttMove != NoMove && ply < 2*w.rootDepth &&
		int(e.Depth) >= depth-3 && e.Bound&tt.BoundLower != 0 && ttScore > -ScoreDecisive && ttScore < ScoreDecisive &&
		p.IsPseudoLegal(ttMove) && p.IsLegal(ttMove) {
		singularBeta := ttScore - singularMargin*depth
		f.excluded = ttMove
		v := w.search(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
		f.excluded = NoMove
		if w.stopped() {
			return 0
		}
		switch {
		case v < singularBeta:
			singularExt = 1
		case singularBeta >= beta:
			return singularBeta
		case ttScore >= beta:
			singularExt = -1
		}
	}
	ttCapture := ttMove != NoMove && ttMove.IsCapture()

	counter := NoMove
	if prev := w.stack[ply-1].move; prev != NoMove && prev != NullMove {
		counter = w.counter[prev.Piece()][prev.To()]
	}
	cont1, cont2 := w.stack[ply-1].contHist, (*pieceToHistory)(nil)
	if ply >= 2 {
		cont2 = w.stack[ply-2].contHist
	}
	var mp movePicker
	mp.init(w, f, ttMove, counter, false)
	mp.cont1, mp.cont2 = cont1, cont2
	mp.sortQuiets = depth > lmpMaxDepth || inCheck
	f.quiets.Count = 0
	f.captures.Count = 0
	bestScore, bestMove := -ScoreInfinite, NoMove
	moveCount := 0
	originalAlpha := alpha
	for m := mp.next(); m != NoMove; m = mp.next() {
		if m == excluded || !mp.legal && !p.IsLegal(m) {
			continue
		}
		moveCount++
		quiet := !m.IsCapture()
		if !inCheck && bestScore > -ScoreDecisive && quiet && pruning > LevelNone {
			if depth <= lmpMaxDepth && moveCount > lateMoveLimit(depth, improving) {
				mp.skipQuiets = true
				continue
			}
			if depth <= futilityMaxDepth && eval+futilityBase+futilityPerPly*depth <= alpha && !w.givesCheck(m) {
				continue
			}
			// History pruning: a quiet move that keeps failing, here and
			// in reply to the last moves, is skipped at low depth.
			if depth <= historyPruneMaxDepth && w.quietStat(m, cont1, cont2) < -historyPruneMargin*depth {
				continue
			}
		}
		// Exchange pruning: at low depth, a move that loses more material
		// on its square than the margin allows is skipped (a quiet one only
		// when it gives no check).
		if !inCheck && bestScore > -ScoreDecisive && pruning > LevelNone && depth <= seePruneMaxDepth {
			if quiet {
				if !p.seeGE(m, -seeQuietMargin*depth*depth) && !w.givesCheck(m) {
					continue
				}
			} else if !p.seeGE(m, -seeCaptureMargin*depth) {
				continue
			}
		}
		w.playMove(f, m, ply)
		givesCheck := p.inCheck
		newDepth := depth - 1
		switch {
		case m == ttMove && singularExt != 0:
			newDepth += singularExt
		case givesCheck && ply < 2*w.rootDepth && depth >= checkExtMinDepth:
			newDepth++
		}
		var score int
		if moveCount == 1 {
			score = -w.search(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if pruning > LevelNone && depth >= lmrMinDepth && moveCount > lmrMinMoves && (!givesCheck || depth >= lmrCheckMinDepth) && (quiet || !p.moveWasSafe(m)) {
				r = lmr(depth, moveCount)
				if !pvNode {
					r++
				}
				if cutNode {
					r++
				}
				if improving {
					r--
				}
				if quiet {
					r -= w.quietStat(m, cont1, cont2) / lmrHistoryDivisor
					if m == mp.killer1 || m == mp.killer2 || m == counter {
						r--
					}
					if ttCapture {
						r++
					}
				}
				r = max(min(r, newDepth-1), 0)
			}
			score = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				score = -w.search(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		p.UnmakeMove(m)
		if w.stopped() {
			return 0
		}
		if quiet {
			f.quiets.add(m)
		} else {
			f.captures.add(m)
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				if pvNode {
					child := &w.stack[ply+1]
					f.pv[0] = m
					copy(f.pv[1:], child.pv[:child.pvLen])
					f.pvLen = child.pvLen + 1
				}
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	if moveCount == 0 {
		if excluded != NoMove {
			return alpha // only the excluded move: it is singular
		}
		// Checkmate or stalemate: both lose in xiangqi.
		return -ScoreMate + ply
	}
	if bestScore >= beta && bestMove != NoMove {
		w.rewardCutoff(f, bestMove, depth, ply)
	}
	if excluded != NoMove {
		return bestScore
	}
	bound := tt.BoundUpper
	switch {
	case bestScore >= beta:
		bound = tt.BoundLower
	case pvNode && bestScore > originalAlpha:
		bound = tt.BoundExact
	}
	// The static evaluation learns from a quiet result that says more
	// than it did: a score above it that is not only an upper bound, or
	// below it and not only a lower bound.
	if !inCheck && (bestMove == NoMove || !bestMove.IsCapture()) &&
		!(bound == tt.BoundLower && bestScore <= f.staticEval) && !(bound == tt.BoundUpper && bestScore >= f.staticEval) &&
		bestScore > -ScoreDecisive && bestScore < ScoreDecisive {
		w.updateCorrection(bestScore, rawEval, depth)
	}
	w.s.tt.Store(p.key, tt.Entry{Move: bestMove.Short(), Score: int16(scoreToTT(bestScore, ply)),
		Eval: int16(rawEval), Depth: int8(depth), Bound: bound})
	return bestScore
}

// probCut tries the captures at a non-PV node whose exchange alone
// brings the static evaluation to pcBeta: a quiescence search, then one
// four plies shallower than depth, at the null window of pcBeta. It returns
// the score of the first capture that holds pcBeta in both, stored in the
// table as a lower bound three plies shallower, and true.
func (w *worker) probCut(f *frame, ttMove Move, pcBeta, rawEval, depth, ply int, cutNode bool) (int, bool) {
	p := &w.pos
	if !ttMove.IsCapture() {
		ttMove = NoMove
	}
	var mp movePicker
	mp.init(w, f, ttMove, NoMove, true)
	for m := mp.next(); m != NoMove; m = mp.next() {
		if !mp.legal && !p.IsLegal(m) || !p.seeGE(m, pcBeta-f.staticEval) {
			continue
		}
		w.playMove(f, m, ply)
		score := -w.qsearch(-pcBeta, -pcBeta+1, ply+1)
		if score >= pcBeta {
			score = -w.search(-pcBeta, -pcBeta+1, depth-4, ply+1, !cutNode)
		}
		p.UnmakeMove(m)
		if w.stopped() {
			return 0, false
		}
		if score >= pcBeta {
			w.s.tt.Store(p.key, tt.Entry{Move: m.Short(), Score: int16(scoreToTT(score, ply)),
				Eval: int16(rawEval), Depth: int8(depth - 3), Bound: tt.BoundLower})
			return score, true
		}
	}
	return 0, false
}

// playMove makes m from the node at ply: it records the move and its
// continuation history in the frame f, prefetches the table entry after
// it and updates the network's accumulator.
func (w *worker) playMove(f *frame, m Move, ply int) {
	f.move = m
	f.contHist = &w.contHist[m.Piece()][m.To()]
	w.s.tt.Prefetch(w.pos.KeyAfter(m))
	w.netPush(ply+1, m)
	w.pos.MakeMove(m)
}

// enterNode counts a node, applies the limits every 1024 nodes and tracks
// the selective depth; it returns false when the search must unwind.
func (w *worker) enterNode(ply int) bool {
	w.nodes++
	if w.nodes&1023 == 0 {
		w.checkStop()
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}
	return !w.stopped()
}

// lateMoveLimit is the number of quiet moves searched at low depth before
// the rest are pruned.
func lateMoveLimit(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
}

// boundAllows tells whether a table score with this bound settles the
// window [alpha, beta].
func boundAllows(bound tt.Bound, score, alpha, beta int) bool {
	switch bound {
	case tt.BoundExact:
		return true
	case tt.BoundLower:
		return score >= beta
	case tt.BoundUpper:
		return score <= alpha
	}
	return false
}

// pliesToLimit is the number of plies before the natural limit ends the
// game as a draw (a large number when the limit is off).
func (w *worker) pliesToLimit() int {
	limit := w.s.cfg.NaturalLimit
	if limit == 0 {
		return 1 << 20
	}
	return limit - int(w.pos.rule60)
}

// ttCutoffAllowed is false near the natural limit, where a stored score
// may not account for the coming draw.
func (w *worker) ttCutoffAllowed() bool {
	limit := w.s.cfg.NaturalLimit
	return limit == 0 || int(w.pos.rule60) < limit-8
}

// nullMoveSafe tells whether passing is a sound test: the side to move
// keeps at least one chariot, or two horses or cannons.
func (w *worker) nullMoveSafe() bool {
	p := &w.pos
	us := p.side
	if p.Count(MakePiece(us, Rook)) > 0 {
		return true
	}
	return p.Count(MakePiece(us, Horse))+p.Count(MakePiece(us, Cannon)) >= 2
}

// givesCheck tells whether m checks the opponent (plays it on the board).
func (w *worker) givesCheck(m Move) bool {
	p := &w.pos
	captured := p.boardMove(m.From(), m.To())
	check := p.kingSquareAttacked(p.kings[p.side.Opponent()], p.side.Opponent())
	p.boardUndo(m.From(), m.To(), captured)
	return check
}

// moveWasSafe tells, after m was played, whether the capture m was safe.
func (p *Position) moveWasSafe(m Move) bool {
	if orderValue[m.Captured().Type()] >= orderValue[m.Piece().Type()] {
		return true
	}
	return !p.squareAttacked(m.To(), p.side)
}

// rewardCutoff updates the move-ordering statistics after best caused a
// beta cut-off: the capture history of the captures tried, and for a quiet
// best move the killers, history and counter move.
func (w *worker) rewardCutoff(f *frame, best Move, depth, ply int) {
	bonus := int32(min(historyBonusFactor*depth*depth, historyBonusMax))
	for _, m := range f.captures.Slice() {
		updateHistory(&w.captureHistory[m.Piece()][m.To()][m.Captured().Type()], m == best, bonus)
	}
	if best.IsCapture() {
		return
	}
	if f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
	cont1, cont2 := w.stack[ply-1].contHist, (*pieceToHistory)(nil)
	if ply >= 2 {
		cont2 = w.stack[ply-2].contHist
	}
	for _, m := range f.quiets.Slice() {
		good := m == best
		updateHistory(&w.history[m.Piece()][m.To()], good, bonus)
		if cont1 != nil {
			updateContHistory(&cont1[m.Piece()][m.To()], good, bonus)
		}
		if cont2 != nil {
			updateContHistory(&cont2[m.Piece()][m.To()], good, bonus)
		}
	}
	if prev := w.stack[ply-1].move; prev != NoMove && prev != NullMove {
		w.counter[prev.Piece()][prev.To()] = best
	}
}

// historyLimit is the magnitude history scores tend to under updateHistory.
const historyLimit = 16384

// updateHistory moves a history score towards +historyLimit (for the move
// that cut) or -historyLimit (for the moves tried before it) by bonus,
// less the more extreme the score already is.
func updateHistory(h *int32, good bool, bonus int32) {
	delta := bonus
	if !good {
		delta = -bonus
	}
	*h += delta - *h*bonus/historyLimit
}

// updateContHistory is updateHistory for a continuation-history entry
// (which stays within ±historyLimit, so 16 bits hold it).
func updateContHistory(h *int16, good bool, bonus int32) {
	v := int32(*h)
	updateHistory(&v, good, bonus)
	*h = int16(v)
}

// quietStat is a quiet move's history: the main history plus the
// continuation histories of the last two moves (nil for none).
func (w *worker) quietStat(m Move, cont1, cont2 *pieceToHistory) int {
	pc, to := m.Piece(), m.To()
	v := int(w.history[pc][to])
	if cont1 != nil {
		v += int(cont1[pc][to])
	}
	if cont2 != nil {
		v += int(cont2[pc][to])
	}
	return v
}

// evaluate returns the clamped static evaluation of the position at ply
// at the knowledge level: the network when one is set, at full knowledge
// (StaticEval gives the same from the board).
func (w *worker) evaluate(ply int) int {
	var v int
	switch {
	case w.s.cfg.Knowledge == LevelNone:
		v = w.pos.materialScore()
	case w.s.cfg.Knowledge == LevelSmall:
		v = w.pos.pieceSquareScore()
	case w.s.cfg.Net != nil:
		v = w.netEval(ply)
	default:
		v = w.pos.Evaluate()
	}
	return clampEval(v)
}

// qsearch searches captures (and all evasions when in check) until the
// position is quiet.
func (w *worker) qsearch(alpha, beta, ply int) int {
	f := &w.stack[ply]
	f.pvLen = 0
	p := &w.pos
	if !w.enterNode(ply) {
		return 0
	}
	// Checks answered by checks can cycle without a capture: without the
	// repetition rules such a line runs to MaxPly and its tree grows
	// exponentially, with no way to stop before the first iteration ends.
	if score, ok := w.ruleScore(ply); ok {
		return score
	}
	if score, ok := w.tbProbe(ply); ok {
		return score
	}
	if ply >= MaxPly-4 {
		return w.evaluate(ply)
	}
	inCheck := p.inCheck
	pvNode := beta-alpha > 1
	e, hit := w.ttProbe()
	ttMove := NoMove
	if hit {
		ttMove = p.MoveFromShort(e.Move)
		ttScore := scoreFromTT(int(e.Score), ply, w.pliesToLimit())
		if !pvNode && w.ttCutoffAllowed() && boundAllows(e.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}
	best := -ScoreInfinite
	standPat, rawEval := -ScoreInfinite, noEval
	if !inCheck {
		switch {
		case hit && e.Eval != noEval:
			rawEval = int(e.Eval)
		case w.s.cfg.Knowledge >= LevelMedium && w.s.cfg.Net == nil && w.s.cfg.Pruning > LevelNone:
			// Lazy evaluation: far above beta on material and placement
			// alone, the positional terms cannot bring it back.
			if quick := p.pieceSquareScore(); quick-lazyEvalMargin >= beta {
				return quick - lazyEvalMargin
			}
			rawEval = w.evaluate(ply)
		default:
			rawEval = w.evaluate(ply)
		}
		standPat = w.corrected(rawEval)
		if standPat >= beta {
			if !hit {
				w.s.tt.Store(p.key, tt.Entry{Score: int16(standPat), Eval: int16(rawEval), Depth: -1, Bound: tt.BoundLower})
			}
			return standPat
		}
		alpha = max(alpha, standPat)
		best = standPat
	}
	var mp movePicker
	mp.init(w, f, ttMove, NoMove, true)
	deltaPruning := !inCheck && w.s.cfg.Pruning > LevelNone
	mp.allCaptures = w.s.cfg.Pruning == LevelNone
	if deltaPruning {
		mp.deltaLimit = alpha - standPat - qsDeltaMargin
	}
	moveCount := 0
	bestMove := NoMove
	for m := mp.next(); m != NoMove; m = mp.next() {
		// Delta pruning: even winning the piece cannot reach alpha. (The
		// picker already skips such captures; this catches the table move.
		// Tested before legality, which is dearer; out of check no count is
		// kept.)
		if deltaPruning && standPat+deltaGain(m)+qsDeltaMargin <= alpha {
			continue
		}
		if !mp.legal && !p.IsLegal(m) {
			continue
		}
		moveCount++
		w.s.tt.Prefetch(p.KeyAfter(m))
		w.netPush(ply+1, m)
		p.MakeMove(m)
		score := -w.qsearch(-beta, -alpha, ply+1)
		p.UnmakeMove(m)
		if w.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				child := &w.stack[ply+1]
				f.pv[0] = m
				copy(f.pv[1:], child.pv[:child.pvLen])
				f.pvLen = child.pvLen + 1
				if score >= beta {
					break
				}
				alpha = score
				if deltaPruning {
					mp.deltaLimit = alpha - standPat - qsDeltaMargin
				}
			}
		}
	}
	if inCheck && moveCount == 0 {
		return -ScoreMate + ply
	}
	bound := tt.BoundUpper
	if best >= beta {
		bound = tt.BoundLower
	}
	w.s.tt.Store(p.key, tt.Entry{Move: bestMove.Short(), Score: int16(scoreToTT(best, ply)),
		Eval: int16(rawEval), Depth: -1, Bound: bound})
	return best
}
