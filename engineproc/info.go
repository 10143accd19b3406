package engineproc

import (
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Info is what one info line says about a search.
type Info struct {
	// Depth is the depth of the line, 0 when not given or unreadable.
	Depth int
	// Score is the engine's exact score from its own point of view
	// (HasScore): centipawns, mates as ±(engine.ScoreMate − plies).
	Score int
	// HasScore: an exact score of a search line (not a bound, not a book
	// line, readable).
	HasScore bool
	// Book: a depth-0 line, how UCCI engines announce book moves (their
	// "scores" are book weights).
	Book bool
	// Bound: the score is a lowerbound or an upperbound.
	Bound bool
	// MultiPV is the line's rank among several (multipv N), 1 when not
	// given or not positive.
	MultiPV int
	// WDL is the engine's win/draw/loss per mille, nil when not given.
	WDL []int
	// PV is the line's moves as the engine wrote them.
	PV []string
	// Report: a currmove report or free text (string, message), which
	// ends the line: not a search line.
	Report bool
	// Malformed: a score, multipv or wdl field could not be read (an
	// unreadable score ends the line).
	Malformed bool
}

// ParseInfo reads an info line; ok is false for other lines. The score is
// a bare integer (UCCI), "cp N" or "mate N" (UCI, N in moves, negative
// when being mated: converted by MateInMoves). Lines of book moves and
// bound scores give no score.
func ParseInfo(text string) (in Info, ok bool) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "info" {
		return in, false
	}
	in.MultiPV = 1
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				if d, err := strconv.Atoi(f[i+1]); err == nil {
					in.Depth = max(d, 0)
					in.Book = d == 0
				}
				i++
			}
		case "lowerbound", "upperbound":
			in.Bound = true
		case "multipv":
			if i+1 < len(f) {
				if k, err := strconv.Atoi(f[i+1]); err == nil && k > 0 {
					in.MultiPV = k
				} else {
					in.Malformed = true
				}
				i++
			}
		case "wdl":
			if i+3 < len(f) {
				wdl := make([]int, 3)
				for k := range wdl {
					n, err := strconv.Atoi(f[i+1+k])
					if err != nil {
						in.Malformed = true
					}
					wdl[k] = n
				}
				if !in.Malformed {
					in.WDL = wdl
				}
				i += 3
			}
		case "currmove":
			in.Report = true
		case "pv":
			in.PV = f[i+1:]
			i = len(f)
		case "string", "message":
			// The rest of the line is free text or moves.
			in.Report = true
			i = len(f)
		case "score":
			n, last, read := readScore(f, i+1)
			switch {
			case last >= len(f): // the line ends before the number
				in.Malformed = true
			case !read:
				in.Score, in.HasScore, in.Malformed = 0, false, true
			default:
				in.Score, in.HasScore = n, true
			}
			i = last
		}
	}
	if in.Bound || in.Book {
		in.Score, in.HasScore = 0, false
	}
	return in, true
}

// readScore reads the score that starts at f[i]: a bare number, "cp N" or
// "mate N". It returns the score and the index of its last field (len(f)
// when the line ends before the number); an unreadable number ends the
// line.
func readScore(f []string, i int) (score, last int, ok bool) {
	mate := false
	if i < len(f) && (f[i] == "cp" || f[i] == "mate") {
		mate = f[i] == "mate"
		i++
	}
	if i >= len(f) {
		return 0, i, false
	}
	n, err := strconv.Atoi(f[i])
	if err != nil {
		return 0, len(f) - 1, false
	}
	if mate {
		n = MateInMoves(n)
	}
	return n, i, true
}

// MateInMoves turns UCI's "score mate N" (N moves, negative when being
// mated, 0 when mated now) into a score in plies: ±(engine.ScoreMate −
// plies). Absurd distances do not overflow into the other sign.
func MateInMoves(n int) int {
	const mate = engine.ScoreMate
	n = max(min(n, mate/2-1), 1-mate/2)
	switch {
	case n > 0:
		return mate - (2*n - 1)
	case n < 0:
		return -mate - 2*n
	}
	return -mate
}
