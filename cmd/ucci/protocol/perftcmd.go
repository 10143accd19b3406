package protocol

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/goxq/ucci/engine"
)

// maxPerftDepth bounds "go perft N"; deeper counts belong to `ucci perft`.
const maxPerftDepth = 6

// perft answers the debugging extension "go perft N": one info string per
// root move and a total, computed in the background (isready is answered
// meanwhile; stop and quit end it within milliseconds). It prints no
// bestmove.
func (s *Session) perft(depth int, uci bool) {
	if s.pos == nil {
		s.reject("no usable position")
		return
	}
	if depth > maxPerftDepth {
		s.reject("go perft: depth capped at " + strconv.Itoa(maxPerftDepth))
		depth = maxPerftDepth
	}
	st := &searchState{done: make(chan searchOutcome, 1), release: make(chan struct{}), uci: uci, wdlMaterial: -1, start: time.Now(), perft: true}
	s.search = st
	pos := new(engine.Position) // the perft goroutine's own copy
	pos.CopyFrom(s.pos)
	st.started = true
	var stop atomic.Bool
	finished := make(chan struct{})
	go func() {
		select {
		case <-st.release:
			stop.Store(true)
		case <-finished:
		}
	}()
	go func() {
		defer close(finished)
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		var lines []string
		var total uint64
		for _, m := range list.Slice() {
			pos.MakeMove(m)
			n, done := pos.PerftUntil(depth-1, &stop)
			pos.UnmakeMove(m)
			if !done {
				lines = append(lines, "info string perft stopped")
				st.done <- searchOutcome{bookLines: lines}
				return
			}
			total += n
			lines = append(lines, "info string "+string(s.appendMove(nil, m))+": "+strconv.FormatUint(n, 10))
		}
		el := time.Since(st.start)
		lines = append(lines, "info string nodes "+strconv.FormatUint(total, 10)+" time "+strconv.FormatInt(el.Milliseconds(), 10))
		st.done <- searchOutcome{bookLines: lines}
	}()
}
