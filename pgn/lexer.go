package pgn

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// lexer splits movetext into tokens, line by line. It passes on the text
// of brace comments ({...}, across lines, a line break read as a space)
// outside variations, the parentheses that open and close variations as
// the tokens "(" and ")" with the tokens inside them, and drops
// rest-of-line comments (;), comments inside variations and NAGs ($n);
// its state carries over from one line to the next.
type lexer struct {
	inComment bool
	comment   strings.Builder // the brace comment being read
	depth     int             // open variations
}

// tokens calls emit for each token of the line until emit returns false,
// ("(" and ")" for the bounds of a variation) and note with the text of
// each brace comment outside variations; it reports whether every token
// was passed on.
func (lx *lexer) tokens(line string, emit func(tok string) bool, note func(text string)) bool {
	start := -1 // start of the current token, -1 outside one
	flush := func(end int) bool {
		if start < 0 {
			return true
		}
		tok := line[start:end]
		start = -1
		if tok[0] == '$' {
			return true
		}
		return emit(tok)
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if lx.inComment {
			if r == '}' {
				lx.inComment = false
				if lx.depth == 0 {
					note(strings.TrimSpace(lx.comment.String()))
				}
				lx.comment.Reset()
			} else if lx.depth == 0 && lx.comment.Len() < maxReadComment {
				lx.comment.WriteString(line[i : i+size])
			}
			i += size
			continue
		}
		switch {
		case unicode.IsSpace(r):
			if !flush(i) {
				return false
			}
		case r == '{' || r == ';' || r == '(' || r == ')':
			if !flush(i) {
				return false
			}
			switch r {
			case '{':
				lx.inComment = true
			case ';':
				return true
			case '(':
				lx.depth++
				if !emit("(") {
					return false
				}
			case ')':
				if lx.depth > 0 {
					lx.depth--
					if !emit(")") {
						return false
					}
				}
			}
		default:
			if start < 0 {
				start = i
			}
		}
		i += size
	}
	if lx.inComment && lx.depth == 0 && lx.comment.Len() < maxReadComment {
		lx.comment.WriteByte(' ')
	}
	return flush(len(line))
}

// maxReadComment bounds the text kept of one comment, in bytes (more is
// dropped), so that an unclosed brace cannot hold a whole file.
const maxReadComment = 4 << 10

// inText tells whether the lexer is outside comments and variations, where
// a tag line starts the next game.
func (lx *lexer) inText() bool { return !lx.inComment && lx.depth == 0 }
