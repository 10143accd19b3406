package engine

import "github.com/goxq/ucci/engine/tb"

// tbNarrow keeps, at a root position in the tablebases, the root moves
// that keep its best value: the wins with the shortest conversion when it
// is won, the draws when it is drawn, the losses that delay the conversion
// longest when it is lost, each judged under the natural-move limit (a
// move whose conversion lies beyond the limit is a draw; a capture starts
// the count again). The search then chooses among moves that all convert
// as fast as the table allows, so it never wanders in a won ending. With
// several lines wanted (MultiPV) the moves are all kept.
func (s *Searcher) tbNarrow(pos *Position, roots []rootMove, lim *Limits) []rootMove {
	s.rootTBHits = 0
	ts := s.cfg.Tablebases
	if ts == nil || len(roots) < 2 || lim.MultiPV > 1 || !pos.tbCandidate(ts) {
		return roots
	}
	if _, ok := pos.ProbeTB(ts); !ok {
		return roots
	}
	full, left := 1<<20, 1<<20
	if s.cfg.NaturalLimit > 0 {
		full, left = s.cfg.NaturalLimit, s.cfg.NaturalLimit-int(pos.rule60)
	}
	class := make([]int, len(roots))
	dtc := make([]int, len(roots))
	for i, rm := range roots {
		pos.MakeMove(rm.move)
		cv, ok := pos.ProbeTB(ts)
		pos.UnmakeMove(rm.move)
		if !ok {
			return roots
		}
		s.rootTBHits++
		v := tb.AfterMove(cv, rm.move.IsCapture())
		class[i], dtc[i] = v.WDLWithin(left), v.DTC()
		if rm.move.IsCapture() {
			class[i] = -cv.WDLWithin(full)
		}
	}
	best := 0
	for i := range roots {
		if rootTBBetter(class[i], dtc[i], class[best], dtc[best]) {
			best = i
		}
	}
	kept := roots[:0]
	for i, rm := range roots {
		if class[i] == class[best] && (class[i] == 0 || dtc[i] == dtc[best]) {
			kept = append(kept, rm)
		}
	}
	return kept
}

// rootTBBetter orders root moves by their tablebase class (win, draw,
// loss) and then by conversion: the shorter win, the longer loss.
func rootTBBetter(c1, d1, c2, d2 int) bool {
	switch {
	case c1 != c2:
		return c1 > c2
	case c1 > 0:
		return d1 < d2
	case c1 < 0:
		return d1 > d2
	}
	return false
}
