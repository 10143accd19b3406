package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/safefile"
)

// Reader reads games one by one from PGN text in UTF-8 (with or without a
// byte-order mark), GBK or Big5, with LF or CRLF line ends.
//
// A game is a tag section ([Name "Value"] lines) followed by movetext, or
// movetext alone starting with move number 1. It ends at a result (1-0,
// 0-1, 1/2-1/2, *), at the next tag line or at the end of the input. Text
// after a result and before the next game (banners, signatures) is skipped.
// The optional [FEN] tag sets the start position. Every move must be legal;
// see ParseMove for the notations.
type Reader struct {
	name  string
	br    *bufio.Reader
	dec   lineDecoder
	line  int // number of the last line read
	games int // games started so far
	pos   *engine.Position

	ahead    string // a line read but not consumed
	hasAhead bool
	err      error // sticky read error (io.EOF at the end)
}

// NewReader returns a reader of the games in r; name (usually the file
// name) labels errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, br: bufio.NewReaderSize(r, 64<<10), pos: new(engine.Position)}
}

// Encoding reports the encoding detected so far: EncodingUTF8 until a line
// that is not UTF-8 is met, then EncodingGBK or EncodingBig5.
func (r *Reader) Encoding() string { return r.dec.encodingName() }

// Next returns the next game. For a game that cannot be used (an illegal
// or unreadable move, a bad FEN) it returns a nil game and a *GameError, and
// the following call goes on with the next game. At the end of the input it
// returns io.EOF; any other error is a read error that ends the stream.
func (r *Reader) Next() (*Game, error) {
	if !r.skipToGame() {
		return nil, r.err
	}
	r.games++
	g := &Game{}
	first, fenLine := r.readTags(g)
	p := gameParser{r: r, g: g}
	p.start(fenLine)
	if first != "" {
		p.feed(first)
	}
	for !p.done {
		line, ok := r.nextLine()
		if !ok {
			break
		}
		if t := strings.TrimSpace(line); isTagLine(t) && p.lx.inText() {
			r.unread(line)
			break
		}
		p.feed(line)
	}
	if r.err != nil && r.err != io.EOF {
		return nil, r.err
	}
	if p.fail != nil {
		return nil, p.fail
	}
	p.finish()
	return g, nil
}

// skipToGame drops lines until one that starts a game (left unread) and
// reports whether one was found.
func (r *Reader) skipToGame() bool {
	for {
		line, ok := r.nextLine()
		if !ok {
			return false
		}
		t := strings.TrimSpace(line)
		if isTagLine(t) || startsWithFirstMove(t) {
			r.unread(line)
			return true
		}
	}
}

// startsWithFirstMove tells whether a line opens with move number 1 ("1.",
// "1...", "1.h2e2"), which starts a game without tags.
func startsWithFirstMove(t string) bool {
	return strings.HasPrefix(t, "1.")
}

// readTags reads the tag section into g; lines that look like tags but
// cannot be read are dropped. It returns the first movetext line ("" when
// the section is followed by a blank line, another game or the end) and the
// line of the [FEN] tag (0 without one).
func (r *Reader) readTags(g *Game) (first string, fenLine int) {
	for {
		line, ok := r.nextLine()
		if !ok {
			return "", fenLine
		}
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			if len(g.Tags) > 0 {
				return "", fenLine
			}
		case isTagLine(t):
			n := len(g.Tags)
			parseTagLine(t, g)
			for _, tag := range g.Tags[n:] {
				if tag.Name == "FEN" {
					fenLine = r.line
				}
			}
		case strings.HasPrefix(t, "%"): // PGN escape line
		default:
			return line, fenLine
		}
	}
}

// nextLine returns the next line without its line end, decoded to UTF-8.
func (r *Reader) nextLine() (string, bool) {
	if r.hasAhead {
		r.hasAhead = false
		return r.ahead, true
	}
	if r.err != nil {
		return "", false
	}
	raw, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		long := append([]byte(nil), raw...)
		for err == bufio.ErrBufferFull {
			raw, err = r.br.ReadSlice('\n')
			long = append(long, raw...)
		}
		raw = long
	}
	if err != nil {
		r.err = err
		if len(raw) == 0 {
			return "", false
		}
	}
	r.line++
	if r.line == 1 {
		raw = bytes.TrimPrefix(raw, utf8BOM)
	}
	raw = bytes.TrimRight(raw, "\r\n")
	if r.dec.needsDetection(raw) {
		// Copy the line first: peeking may move the buffer under raw.
		own := append([]byte(nil), raw...)
		more, _ := r.br.Peek(r.br.Size())
		r.dec.detect(append(own[:len(own):len(own)], more...))
		raw = own
	}
	return r.dec.decode(raw), true
}

// unread pushes a line back for the next nextLine call.
func (r *Reader) unread(line string) {
	r.ahead, r.hasAhead = line, true
}

// ReadFile reads every game of a PGN file. Games that cannot be used are
// left out and reported in bad; err is an error opening or reading the
// file. Only a regular file is opened (a FIFO or a device is refused
// without blocking: safefile).
func ReadFile(path string) (games []*Game, bad []*GameError, err error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rd := NewReader(f, path)
	for {
		g, err := rd.Next()
		var ge *GameError
		switch {
		case err == io.EOF:
			return games, bad, nil
		case errors.As(err, &ge):
			bad = append(bad, ge)
		case err != nil:
			return games, bad, err
		default:
			games = append(games, g)
		}
	}
}
