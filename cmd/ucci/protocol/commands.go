package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/tt"
)

// setOption handles both "setoption NAME [VALUE]" (UCCI) and
// "setoption name NAME [value VALUE]" (UCI), in either dialect.
func (s *Session) setOption(line string) {
	_, rest := cutToken(line)
	name, value := splitSetOption(strings.TrimSpace(rest))
	if name == "" {
		s.reject("setoption without a name")
		return
	}
	o := findOption(name)
	if o == nil {
		if s.dialect == dialectUCI {
			s.reject("unknown option: " + truncate(name, 60))
		} else {
			s.log.Info().Str("option", name).Msg("unknown option ignored")
		}
		return
	}
	if o.kind == kindButton {
		value = ""
	} else if o.kind == kindCheck && value == "" {
		value = "true"
	}
	if err := o.apply(s, value); err != nil {
		s.reject(fmt.Sprintf("option %s: %v", name, err))
	}
}

func (s *Session) setHash(v string) error {
	mb := s.hashMB
	err := setInt(&mb, v, 0, 65536)
	if mb == 0 {
		mb = 64 // UCCI: 0 lets the engine decide
	}
	if limit := maxHashMB(); mb > limit {
		mb = limit
		err = fmt.Errorf("%s MB is more than half the memory, using %d MB", quote.Input(v), limit)
	}
	if mb != s.searcher.HashMB() {
		s.searcher.ResizeHash(mb)
		s.tuneRuntime()
		if s.dialect != dialectNone {
			s.searcher.PrepareHashAsync() // as at the hello command: not on the first go's clock
		}
	}
	s.hashMB = mb
	return err
}

func (s *Session) setThreads(v string) error {
	n := s.searcher.Threads()
	err := setInt(&n, v, 0, 256)
	s.searcher.SetThreads(n)
	s.tuneRuntime()
	return err
}

func (s *Session) setBookFiles(v string) error {
	if v == "" || v == "<embedded>" || strings.EqualFold(v, "default") {
		s.set.bookFiles = ""
		s.bookState = 0
		return nil
	}
	src, err := book.Open(v)
	if err != nil {
		return fmt.Errorf("%w; the previous book stays", err)
	}
	s.set.bookFiles, s.bookSrc, s.bookState = v, src, 1
	s.tuneRuntime()
	return nil
}

func (s *Session) setLogFile(v string) error {
	s.closeLog()
	s.set.logFile = v
	var err error
	s.log, s.logFile, err = openLog(v)
	s.out.log = &s.log
	if err != nil {
		return fmt.Errorf("cannot open %s: %v", quote.Input(v), unwrapPath(err))
	}
	return nil
}

// openingBook returns the book in use, loading it on first use.
func (s *Session) openingBook() book.Source {
	if s.bookState == 0 {
		src, err := book.Open(s.set.bookFiles)
		if err != nil {
			s.bookState = 2
			s.reject("book: " + err.Error())
			return nil
		}
		s.bookSrc, s.bookState = src, 1
	}
	if s.bookState != 1 {
		return nil
	}
	return s.bookSrc
}

// errNoPosition is reported when a position command has neither fen nor startpos.
var errNoPosition = errors.New("expected fen or startpos")

// parsePosition reads "fen FEN... [moves ...]" or "startpos [moves ...]".
// It returns the position after the legal prefix of the move list and a
// description of what was dropped; a nil position means the FEN was unusable.
func (s *Session) parsePosition(tok []string) (*engine.Position, string, error) {
	if len(tok) == 0 {
		return nil, "", errNoPosition
	}
	var fen string
	i := 1
	switch strings.ToLower(tok[0]) {
	case "startpos":
		fen = engine.StartFEN
	case "fen":
		for i < len(tok) && !strings.EqualFold(tok[i], "moves") {
			i++
		}
		fen = strings.Join(tok[1:i], " ")
	default:
		return nil, "", errNoPosition
	}
	pos, err := engine.NewPosition(fen)
	if err != nil {
		return nil, "", err
	}
	for i < len(tok) && !strings.EqualFold(tok[i], "moves") {
		i++
	}
	if i >= len(tok) {
		return pos, "", nil
	}
	moves := tok[i+1:]
	for j, mv := range moves {
		m, err := s.parseMove(pos, mv)
		if err != nil {
			return pos, fmt.Sprintf("move %d (%s): %v; it and the %d moves after it were ignored", j+1, truncate(mv, 12), err, len(moves)-j-1), nil
		}
		pos.PlayGameMove(m)
	}
	return pos, "", nil
}

// setPosition handles position (and bare fen/startpos lines).
func (s *Session) setPosition(tok []string) {
	s.banMoves = s.banMoves[:0]
	pos, dropped, err := s.parsePosition(tok)
	if err != nil {
		s.pos, s.posErr = nil, err.Error()
		s.reject("position rejected: " + err.Error())
		return
	}
	s.pos, s.posErr = pos, ""
	if dropped != "" {
		s.reject("position: " + dropped)
	}
}

// setBanMoves handles banmoves: moves the engine must not play here.
func (s *Session) setBanMoves(tok []string) {
	s.banMoves = s.banMoves[:0]
	if s.pos == nil {
		return
	}
	for _, mv := range tok {
		m, err := s.parseMove(s.pos, mv)
		if err != nil {
			s.reject("banmoves: " + err.Error())
			continue
		}
		s.banMoves = append(s.banMoves, m)
	}
}

// probe answers "probe fen ... | startpos ... [moves ...]" with pophash.
func (s *Session) probe(tok []string) {
	pos := s.pos
	if len(tok) > 0 {
		p, _, err := s.parsePosition(tok)
		if err != nil {
			s.out.line("pophash")
			return
		}
		pos = p
	}
	if pos == nil {
		s.out.line("pophash")
		return
	}
	e, ok := s.searcher.ProbeHash(pos)
	if !ok {
		s.out.line("pophash")
		return
	}
	b := []byte("pophash")
	if m := pos.MoveFromShort(e.Move); m != engine.NoMove && pos.IsPseudoLegal(m) && pos.IsLegal(m) {
		b = append(b, " bestmove "...)
		b = s.appendMove(b, m)
	}
	depth := strconv.Itoa(max(int(e.Depth), 0))
	if e.Bound&tt.BoundLower != 0 {
		b = append(b, " lowerbound "+strconv.Itoa(int(e.Score))+" depth "+depth...)
	}
	if e.Bound&tt.BoundUpper != 0 {
		b = append(b, " upperbound "+strconv.Itoa(int(e.Score))+" depth "+depth...)
	}
	s.out.lineBytes(b)
}

// splitSetOption splits the text after setoption into the option name and
// value: "name NAME [value VALUE]" (UCI; the keywords in any case) or
// "NAME [VALUE]" (UCCI). Names and values keep their original bytes.
func splitSetOption(rest string) (name, value string) {
	first, after := cutToken(rest)
	if !strings.EqualFold(first, "name") {
		return first, strings.TrimSpace(after)
	}
	// UCI: the name runs up to a token "value".
	text := after
	for pos := 0; ; {
		tok, tail := cutToken(text[pos:])
		if tok == "" {
			return strings.TrimSpace(text), ""
		}
		if strings.EqualFold(tok, "value") {
			end := len(text) - len(tail) - len(tok)
			return strings.TrimSpace(text[:end]), strings.TrimSpace(tail)
		}
		pos = len(text) - len(tail)
	}
}

// cutToken returns the first space- or tab-separated token of s and the
// rest of s after it.
func cutToken(s string) (tok, rest string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' {
		j++
	}
	return s[i:j], s[j:]
}
