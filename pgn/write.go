package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/goxq/ucci/engine"
)

// sevenTags are written first, in this order, as PGN custom has it.
var sevenTags = []string{"Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result"}

// Write writes g as PGN with ICCS moves; see WriteOptions.Write.
func Write(w io.Writer, g *Game) error { return WriteOptions{}.Write(w, g) }

// WriteOptions choose how games are written.
type WriteOptions struct {
	// Notation is the move notation (ICCS by default).
	Notation Notation
	// GBK writes the text in GBK instead of UTF-8, as XQWizard and the
	// UCCI league read Chinese notation; characters GBK lacks become "?".
	GBK bool
}

// Write writes g as PGN that readers with fixed line buffers (XQWizard's,
// the UCCI league's) also accept: the standard tags first ([Game "Chinese
// Chess"] by default), then [SetUp "1"] and [FEN] when the start is not the
// standard one, [Format "ICCS"] or [Format "WXF"] (none for Chinese, their
// default), the other tags, then the numbered moves, each followed by its
// comment and its variations in parentheses, wrapped at 80 columns, and the
// result. No line is longer than
// 255 bytes: tag values lose control characters and are cut to fit;
// comments lose control characters and brackets (braces and parentheses
// become [ and ]) and are cut to 200 bytes.
func (o WriteOptions) Write(w io.Writer, g *Game) error {
	var text bytes.Buffer
	bw := bufio.NewWriter(&text)
	result := g.Result
	if result == "" {
		result = "*"
	}
	written := map[string]bool{"FEN": true, "SetUp": true, "Format": true}
	for _, name := range sevenTags {
		value := g.Tag(name)
		switch name {
		case "Game":
			if value == "" {
				value = "Chinese Chess"
			}
		case "Result":
			value = result
		}
		if value == "" && name != "Event" && name != "Red" && name != "Black" {
			continue
		}
		writeTag(bw, name, value)
		written[name] = true
	}
	if fen := g.StartFEN(); fen != engine.StartFEN {
		writeTag(bw, "SetUp", "1")
		writeTag(bw, "FEN", fen)
	}
	switch o.Notation {
	case ICCS:
		writeTag(bw, "Format", "ICCS")
	case WXF:
		writeTag(bw, "Format", "WXF")
	}
	for _, t := range g.Tags {
		if !written[t.Name] && validTagName(t.Name) {
			writeTag(bw, t.Name, t.Value)
			written[t.Name] = true
		}
	}
	bw.WriteByte('\n')
	if err := o.writeMoves(bw, g, result); err != nil {
		return err
	}
	bw.WriteString("\n\n")
	bw.Flush()
	out := text.Bytes()
	if o.GBK {
		out = toGBK(out)
	}
	_, err := w.Write(out)
	return err
}

// writeMoves writes the numbered moves with their comments and the result.
func (o WriteOptions) writeMoves(bw *bufio.Writer, g *Game, result string) error {
	pos, err := engine.NewPosition(g.StartFEN())
	if err != nil {
		return fmt.Errorf("pgn: writing a game from %q: %w", g.StartFEN(), err)
	}
	line := 0
	emit := func(tok string) {
		if line > 0 && line+1+len(tok) > 80 {
			bw.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			bw.WriteByte(' ')
			line++
		}
		bw.WriteString(tok)
		line += len(tok)
	}
	w := lineWriter{o: o, pos: pos, emit: emit, first: pos.Fullmove()}
	if err := w.line(g.Moves, g.Comments, g.Variations, false); err != nil {
		return err
	}
	emit(result)
	return nil
}

// lineWriter writes the moves of a game and its variations; move numbers
// count from 1 at the start position, whatever its FEN's move number.
type lineWriter struct {
	o     WriteOptions
	pos   *engine.Position
	emit  func(string)
	first int // the start position's full move number
}

// number returns the move number of the position.
func (w *lineWriter) number() string { return strconv.Itoa(w.pos.Fullmove() - w.first + 1) }

// line writes moves played from the position, numbered, each followed by
// its comment and its alternatives in parentheses ("( 3... 马8进7 … )"),
// nested as deep as they go; with restore the position is left as it was
// (a variation), else it ends after the moves (the game's line).
func (w *lineWriter) line(moves []engine.Move, comments []string, vars [][]Line, restore bool) error {
	pos := w.pos
	made := 0
	if restore {
		defer func() {
			for i := made - 1; i >= 0; i-- {
				pos.UnmakeMove(moves[i])
			}
		}()
	}
	for i, m := range moves {
		if !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
			return fmt.Errorf("pgn: writing a game: move %d (%s) is not legal in %s", i+1, m, pos.FEN())
		}
		if restore && pos.HistoryLen() >= maxVariationHistory {
			return fmt.Errorf("pgn: writing a game: %w", errVariationTooLong)
		}
		var alts []Line
		if i < len(vars) {
			alts = vars[i]
		}
		if pos.SideToMove() == engine.Red {
			w.emit(w.number() + ".")
		} else if i == 0 {
			w.emit(w.number() + "...")
		}
		w.emit(FormatMove(pos, m, w.o.Notation))
		if i < len(comments) && comments[i] != "" {
			w.emit("{" + commentText(comments[i]) + "}")
		}
		for _, alt := range alts {
			if len(alt.Moves) == 0 {
				continue
			}
			w.emit("(")
			if err := w.line(alt.Moves, nil, alt.Variations, true); err != nil {
				return err
			}
			w.emit(")")
		}
		if restore {
			pos.MakeMove(m)
		} else {
			pos.PlayGameMove(m)
		}
		made++
		if len(alts) > 0 && i+1 < len(moves) && pos.SideToMove() == engine.Black {
			w.emit(w.number() + "...") // the line goes on after a variation
		}
	}
	return nil
}

// maxComment is the longest comment text written, in bytes.
const maxComment = 200

// commentText makes s safe inside braces for every reader: control
// characters become spaces, braces and parentheses (which XQWizard's reader
// counts as nesting) become square brackets, invalid UTF-8 becomes U+FFFD,
// and the text is cut at a character to maxComment bytes.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '{' || r == '(':
			r = '['
		case r == '}' || r == ')':
			r = ']'
		case unicode.IsControl(r):
			r = ' '
		}
		if b.Len()+utf8.RuneLen(r) > maxComment {
			break
		}
		b.WriteRune(r)
	}
	return b.String()
}

// toGBK encodes UTF-8 text in GBK, writing "?" for characters GBK lacks.
func toGBK(text []byte) []byte {
	enc := simplifiedchinese.GBK.NewEncoder()
	out := make([]byte, 0, len(text))
	for _, r := range string(text) {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
			continue
		}
		b, err := enc.Bytes([]byte(string(r)))
		if err != nil {
			b = []byte{'?'}
		}
		out = append(out, b...)
	}
	return out
}

// maxLine is the longest line written, the PGN export limit.
const maxLine = 255

// writeTag writes one tag pair on a line of at most maxLine bytes: the value
// with \ and " escaped, control characters turned into spaces and invalid
// UTF-8 into U+FFFD, cut at a character when it is too long.
func writeTag(w *bufio.Writer, name, value string) {
	room := maxLine - len(name) - len(`[ ""]`)
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(value, "\uFFFD") {
		var enc string
		switch {
		case r == '\\' || r == '"':
			enc = `\` + string(r)
		case unicode.IsControl(r):
			enc = " "
		default:
			enc = string(r)
		}
		if b.Len()+len(enc) > room {
			break
		}
		b.WriteString(enc)
	}
	w.WriteString("[" + name + " \"" + b.String() + "\"]\n")
}

// validTagName tells whether a tag name can be written: letters, digits and
// underscores, as PGN has them, short enough for a line.
func validTagName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
