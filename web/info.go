package web

import (
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// searchLine is what one info line of a search says about one of its
// lines (MultiPV).
type searchLine struct {
	multipv int      // 1 for the best line
	depth   int      // the depth of the line
	score   int      // the engine's score, from the side to move's view
	wdl     []int    // the engine's wdl W D L per mille, nil when not given
	pv      []string // the line's moves as the engine wrote them
}

// parseSearchLine reads an info line (engineproc.ParseInfo) with an exact
// score, a depth and a pv. Lines of book moves (depth 0), bound scores,
// currmove reports, free text, unreadable fields and a multipv beyond the
// board's give ok false. The score is bounded to ±engine.ScoreMate.
func parseSearchLine(text string) (l searchLine, ok bool) {
	in, ok := engineproc.ParseInfo(text)
	if !ok || !in.HasScore || in.Depth <= 0 || len(in.PV) == 0 || in.Report || in.Malformed || in.MultiPV > maxMultiPV {
		return l, false
	}
	return searchLine{multipv: in.MultiPV, depth: in.Depth, score: max(min(in.Score, engine.ScoreMate), -engine.ScoreMate),
		wdl: in.WDL, pv: in.PV}, true
}
