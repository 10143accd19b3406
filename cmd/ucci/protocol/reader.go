package protocol

import (
	"bufio"
	"bytes"
	"io"
)

// maxLine is the longest input line accepted, without its line end;
// longer lines are dropped.
const maxLine = 1 << 20

// inputLine is one line of input, or the end of input.
type inputLine struct {
	text    string
	tooLong bool
	eof     bool
}

// readLines reads lines (LF or CRLF) and sends them to ch; it sends a final
// eof line when the input ends or fails.
func readLines(r io.Reader, ch chan<- inputLine) {
	br := bufio.NewReaderSize(r, 64<<10)
	var acc []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		// Room for the line end (CRLF) on top of maxLine bytes of text.
		if len(acc)+len(chunk) > maxLine+2 {
			tooLong = true
			acc = acc[:0]
		} else if !tooLong {
			acc = append(acc, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(acc) > 0 || tooLong || err == nil {
			line := bytes.TrimRight(acc, "\r\n")
			tooLong = tooLong || len(line) > maxLine
			if tooLong {
				line = nil
			}
			ch <- inputLine{text: string(line), tooLong: tooLong}
		}
		acc = acc[:0]
		tooLong = false
		if err != nil {
			ch <- inputLine{eof: true}
			return
		}
	}
}
