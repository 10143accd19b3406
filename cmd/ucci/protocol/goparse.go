package protocol

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/internal/quote"
)

// goParams is what a go command asked for, in both vocabularies.
type goParams struct {
	ponder, draw, infinite bool
	depth                  int
	depthSet               bool
	nodes                  uint64
	mate                   int
	perft                  int
	// UCCI clock (in the unit of usemillisec) and UCI clock (always ms).
	time, increment, oppTime, oppIncrement float64
	timeSet, oppTimeSet                    bool
	movesToGo, oppMovesToGo                int
	wtime, btime, winc, binc               float64
	wtimeSet, btimeSet                     bool
	moveTime                               float64
	searchMoves                            []string
	unknown                                []string
}

// maxGoNumber bounds every number of go before it is used: far beyond any
// real clock in milliseconds or node count, far below any overflow.
const maxGoNumber = 1e15

// goNumberFields are the go keywords followed by a number.
var goNumberFields = map[string]bool{
	"depth": true, "nodes": true, "mate": true, "perft": true, "time": true, "increment": true,
	"movestogo": true, "opptime": true, "oppincrement": true, "oppmovestogo": true,
	"wtime": true, "btime": true, "winc": true, "binc": true, "movetime": true,
}

// parseGo reads go's tokens in any order. A keyword whose number is missing
// or unreadable is an error naming it; words that are not keywords are
// collected in unknown. searchmoves takes the tokens after it up to the
// first one that isMove rejects.
func parseGo(tok []string, isMove func(string) bool) (goParams, error) {
	var g goParams
	for i := 0; i < len(tok); i++ {
		word := strings.ToLower(tok[i])
		switch word {
		case "ponder":
			g.ponder = true
			continue
		case "draw":
			g.draw = true
			continue
		case "infinite":
			g.infinite = true
			continue
		case "searchmoves":
			for i+1 < len(tok) && isMove(tok[i+1]) {
				g.searchMoves = append(g.searchMoves, tok[i+1])
				i++
			}
			continue
		}
		if !goNumberFields[word] {
			g.unknown = append(g.unknown, tok[i])
			continue
		}
		if i+1 >= len(tok) {
			return g, fmt.Errorf("go: %s needs a number", word)
		}
		i++
		v, err := goNumber(tok[i])
		if err != nil {
			return g, fmt.Errorf("go: %s %s: %v", word, quote.Input(tok[i]), err)
		}
		g.set(word, v)
	}
	return g, nil
}

// goNumber reads one number of go: NaN and words are errors; infinities
// and huge values saturate; negative values (clocks run out) count as 0.
func goNumber(text string) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil && !isRangeError(err) {
		return 0, fmt.Errorf("not a number")
	}
	if math.IsNaN(v) {
		return 0, fmt.Errorf("not a number")
	}
	return min(max(v, 0), maxGoNumber), nil
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// set stores the number of one keyword.
func (g *goParams) set(word string, v float64) {
	switch word {
	case "depth":
		g.depth, g.depthSet = int(min(v, 1000)), true
	case "nodes":
		g.nodes = uint64(v)
	case "mate":
		g.mate = int(min(v, 100))
	case "perft":
		g.perft = int(min(v, 20))
	case "time":
		g.time, g.timeSet = v, true
	case "increment":
		g.increment = v
	case "movestogo":
		g.movesToGo = int(min(v, 10000))
	case "opptime":
		g.oppTime, g.oppTimeSet = v, true
	case "oppincrement":
		g.oppIncrement = v
	case "oppmovestogo":
		g.oppMovesToGo = int(min(v, 10000))
	case "wtime":
		g.wtime, g.wtimeSet = v, true
	case "btime":
		g.btime, g.btimeSet = v, true
	case "winc":
		g.winc = v
	case "binc":
		g.binc = v
	case "movetime":
		g.moveTime = v
	}
}

// maxClockMs bounds a clock figure before it becomes a Duration: the time
// manager's own bound (timeman.MaxSeconds), so nothing overflows.
const maxClockMs = timeman.MaxSeconds * 1000

// ms converts milliseconds to a Duration, saturating at maxClockMs.
func ms(v float64) time.Duration {
	return time.Duration(min(v, maxClockMs) * float64(time.Millisecond))
}

// clock turns the go figures into the time manager's limits, for the side
// to move: UCCI time/opptime first, else UCI wtime/btime (Red is w). It
// fails when only the other side's UCI clock was given.
func (s *Session) clock(g *goParams, side engine.Color) (timeman.Limits, error) {
	var l timeman.Limits
	unit := 1.0
	if !s.set.useMillisec {
		unit = 1000
	}
	switch {
	case g.timeSet:
		l.TimeSet, l.Time, l.Inc, l.MovesToGo = true, ms(g.time*unit), ms(g.increment*unit), g.movesToGo
		l.OppTime, l.OppInc, l.OppMovesToGo = ms(g.oppTime*unit), ms(g.oppIncrement*unit), g.oppMovesToGo
	case g.wtimeSet || g.btimeSet:
		my, myInc, op, opInc := g.wtime, g.winc, g.btime, g.binc
		mySet, myName := g.wtimeSet, "wtime"
		if side == engine.Black {
			my, myInc, op, opInc, mySet, myName = g.btime, g.binc, g.wtime, g.winc, g.btimeSet, "btime"
		}
		if !mySet {
			return l, fmt.Errorf("go: no %s for the side to move (%s)", myName, side)
		}
		l.TimeSet, l.Time, l.Inc, l.MovesToGo = true, ms(my), ms(myInc), g.movesToGo
		l.OppTime, l.OppInc = ms(op), ms(opInc)
	case g.oppTimeSet:
		return l, fmt.Errorf("go: opptime without time")
	}
	l.MoveTime = ms(g.moveTime) // a UCI field: always milliseconds
	l.Ponder = g.ponder
	return l, nil
}

// errNoSearchMoves: searchmoves named only moves that are illegal here.
var errNoSearchMoves = errors.New("go searchmoves: no legal move left to search")
