package pgn

import "strings"

// isTagLine tells whether a trimmed line opens with a tag pair.
func isTagLine(t string) bool { return strings.HasPrefix(t, "[") }

// parseTagLine reads the tag pairs on one line, [Name "Value"], with \" and
// \\ escapes. A value whose closing quote is missing runs to the last quote
// before the closing bracket. It reports false when no tag could be read.
func parseTagLine(t string, g *Game) bool {
	read := false
	for {
		t = strings.TrimLeft(t, " \t")
		if !strings.HasPrefix(t, "[") {
			return read
		}
		t = strings.TrimLeft(t[1:], " \t")
		end := strings.IndexAny(t, " \t\"]")
		if end <= 0 {
			return read
		}
		name := t[:end]
		t = strings.TrimLeft(t[end:], " \t")
		if !strings.HasPrefix(t, `"`) {
			return read
		}
		value, rest, ok := quoted(t[1:])
		if !ok {
			// Unescaped quotes inside the value: take up to the last quote.
			bracket := strings.LastIndex(t, "]")
			if bracket < 0 {
				bracket = len(t)
			}
			last := strings.LastIndex(t[:bracket], `"`)
			if last <= 0 {
				return read
			}
			value, rest = t[1:last], t[bracket:]
		}
		g.Tags = append(g.Tags, Tag{Name: name, Value: value})
		read = true
		rest = strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(rest, "]") {
			return read
		}
		t = rest[1:]
	}
}

// quoted reads a string up to its closing quote, undoing \" and \\, and
// checks that a "]" follows.
func quoted(s string) (value, rest string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			b.WriteByte(s[i+1])
			i++
		case c == '"':
			rest = strings.TrimLeft(s[i+1:], " \t")
			return b.String(), rest, strings.HasPrefix(rest, "]")
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}
