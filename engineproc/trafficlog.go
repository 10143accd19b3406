package engineproc

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// TrafficLog writes engine traffic, one line per message:
//
//	12.345 g3 red eleeye > go time 9000 increment 100 ...
//
// with the seconds since the match started, the game, the side and the
// engine, '>' for lines sent and '<' for lines received. A nil *TrafficLog
// discards everything.
type TrafficLog struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

// NewTrafficLog returns a log writing to w, or nil when w is nil.
func NewTrafficLog(w io.Writer) *TrafficLog {
	if w == nil {
		return nil
	}
	return &TrafficLog{w: w, start: time.Now()}
}

// write logs one line.
func (l *TrafficLog) write(tag string, dir byte, text string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "%.3f %s %c %s\n", time.Since(l.start).Seconds(), tag, dir, text)
}

// Note logs a remark of the runner itself.
func (l *TrafficLog) Note(tag, text string) { l.write(tag, '#', text) }
