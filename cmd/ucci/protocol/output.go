package protocol

import (
	"bufio"
	"io"
	"strconv"
	"sync"

	"github.com/rs/zerolog"
)

// output writes protocol lines: one line per call, flushed at once, safe
// for use from the command loop and the search goroutine.
type output struct {
	mu  sync.Mutex
	w   *bufio.Writer
	log *zerolog.Logger
}

func newOutput(w io.Writer, log *zerolog.Logger) *output {
	return &output{w: bufio.NewWriterSize(w, 4096), log: log}
}

// line writes s and a newline.
func (o *output) line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.w.WriteString(s)
	o.w.WriteByte('\n')
	o.w.Flush()
	o.log.Debug().Str("out", s).Msg("")
}

// lineBytes writes b and a newline.
func (o *output) lineBytes(b []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.w.Write(b)
	o.w.WriteByte('\n')
	o.w.Flush()
	o.log.Debug().Bytes("out", b).Msg("")
}

// appendInt appends a decimal number.
func appendInt(b []byte, v int64) []byte { return strconv.AppendInt(b, v, 10) }
