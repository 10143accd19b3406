package engine

// ruleScore applies the game rules at a search node: the natural limit
// (draw, unless the side to move has no move and so has lost) and
// repetition. A repetition counts when the position occurred once before
// inside the search, or twice before counting the game before the root;
// its result comes from the repetition rules (perpetual check loses, then
// perpetual chase under the selected rule set), scored from the side to
// move's point of view in the rule-win band.
func (w *worker) ruleScore(ply int) (int, bool) {
	p := &w.pos
	if limit := w.s.cfg.NaturalLimit; limit > 0 && int(p.rule60) >= limit {
		if !p.HasLegalMove() {
			return -ScoreMate + ply, true
		}
		return 0, true
	}
	if !p.mayRepeat() {
		return 0, false
	}
	n := min(int(p.revPlies), p.histLen)
	earlier := 0
	for i := 4; i <= n; i += 2 {
		if p.history[p.histLen-i].key != p.key {
			continue
		}
		if i < ply || earlier == 1 {
			return w.repetitionScore(i, ply), true
		}
		earlier++
	}
	return 0, false
}

// repetitionScore judges the cycle of the last plies moves.
func (w *worker) repetitionScore(plies, ply int) int {
	v := w.pos.judgeCycle(plies, w.s.cfg.Rules, false)
	switch v.Outcome {
	case WinFor(w.pos.side):
		return ScoreRuleWin - ply
	case WinFor(w.pos.side.Opponent()):
		return -ScoreRuleWin + ply
	}
	return 0
}
