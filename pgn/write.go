package pgn

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/goxq/ucci/engine"
)

// sevenTags are written first, in this order, as PGN custom has it.
var sevenTags = []string{"Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result"}

// Write writes g as PGN that readers with fixed line buffers (XQWizard's,
// the UCCI league's) also accept: the standard tags first ([Game "Chinese
// Chess"] by default), then [SetUp "1"] and [FEN] when the start is not the
// standard one, [Format "ICCS"], the other tags, then numbered lowercase ICCS
// moves wrapped at 80 columns and the result. No line is longer than 255
// bytes: tag values lose control characters and are cut to fit.
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
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
	writeTag(bw, "Format", "ICCS")
	for _, t := range g.Tags {
		if !written[t.Name] && validTagName(t.Name) {
			writeTag(bw, t.Name, t.Value)
			written[t.Name] = true
		}
	}
	bw.WriteByte('\n')

	blackFirst := strings.Fields(g.StartFEN() + " w")[1] == "b"
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
	number := 1
	for i, m := range g.Moves {
		red := (i%2 == 0) != blackFirst
		switch {
		case red:
			emit(strconv.Itoa(number) + ".")
		case i == 0:
			emit(strconv.Itoa(number) + "...")
		}
		emit(m.String())
		if !red {
			number++
		}
	}
	emit(result)
	bw.WriteString("\n\n")
	return bw.Flush()
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
