package web

import (
	"strconv"
	"strings"

	"github.com/goxq/ucci/match"
)

// mateScore is the score of a mate in zero plies, as UCCI engines print
// mates (±(10000 − plies)); UCI "score mate N" is converted to it.
const mateScore = match.MateScore

// mateBand is the smallest score magnitude read as a mate.
const mateBand = mateScore - 500

// searchLine is what one info line of a search says about one of its
// lines (MultiPV).
type searchLine struct {
	multipv int      // 1 for the best line
	depth   int      // the depth of the line
	score   int      // the engine's score, from the side to move's view
	wdl     []int    // the engine's wdl W D L per mille, nil when not given
	pv      []string // the line's moves as the engine wrote them
}

// parseSearchLine reads an info line with an exact score and a pv. Lines of
// book moves (depth 0), bound scores, currmove reports and free text give
// ok false.
func parseSearchLine(text string) (l searchLine, ok bool) {
	f := strings.Fields(text)
	if len(f) < 2 || f[0] != "info" {
		return l, false
	}
	l.multipv = 1
	hasScore, hasDepth := false, false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				d, err := strconv.Atoi(f[i+1])
				hasDepth = err == nil && d > 0
				l.depth = d
				i++
			}
		case "multipv":
			if i+1 < len(f) {
				if n, err := strconv.Atoi(f[i+1]); err == nil && n > 0 && n <= maxMultiPV {
					l.multipv = n
				} else {
					return l, false
				}
				i++
			}
		case "lowerbound", "upperbound", "string", "message", "currmove":
			return l, false
		case "wdl":
			if i+3 < len(f) {
				l.wdl = make([]int, 3)
				for k := range 3 {
					n, err := strconv.Atoi(f[i+1+k])
					if err != nil {
						return l, false
					}
					l.wdl[k] = n
				}
				i += 3
			}
		case "score":
			var n int
			if n, i, ok = readScore(f, i+1); !ok {
				return l, false
			}
			l.score, hasScore = n, true
		case "pv":
			l.pv = f[i+1:]
			i = len(f)
		}
	}
	return l, hasScore && hasDepth && len(l.pv) > 0
}

// readScore reads the score after "score" at f[i]: a bare number (UCCI),
// "cp N" or "mate N" (UCI, N moves, negative when being mated). It returns
// the score and the index of its last field.
func readScore(f []string, i int) (score, last int, ok bool) {
	if i >= len(f) {
		return 0, i, false
	}
	kind := "cp"
	if f[i] == "cp" || f[i] == "mate" {
		kind = f[i]
		i++
		if i >= len(f) {
			return 0, i, false
		}
	}
	n, err := strconv.Atoi(f[i])
	if err != nil {
		return 0, i, false
	}
	if kind == "mate" {
		n = match.MateInMoves(n)
	}
	return max(min(n, mateScore), -mateScore), i, true
}

// mateMoves returns the moves to mate a score announces (negative when
// being mated) and whether it is a mate score.
func mateMoves(score int) (int, bool) {
	switch {
	case score >= mateBand:
		return (mateScore - score + 1) / 2, true
	case score <= -mateBand:
		return -(mateScore + score + 1) / 2, true
	}
	return 0, false
}
