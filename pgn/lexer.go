package pgn

import (
	"unicode"
	"unicode/utf8"
)

// lexer splits movetext into tokens, line by line. It drops comments
// ({...} across lines, ; to the end of the line), variations ((...),
// nested) and NAGs ($n); its state carries over from one line to the next.
type lexer struct {
	inComment bool
	depth     int // open variations
}

// tokens calls emit for each token of the line until emit returns false;
// it reports whether every token was passed on.
func (lx *lexer) tokens(line string, emit func(tok string) bool) bool {
	start := -1 // start of the current token, -1 outside one
	flush := func(end int) bool {
		if start < 0 {
			return true
		}
		tok := line[start:end]
		start = -1
		if lx.depth > 0 || tok[0] == '$' {
			return true
		}
		return emit(tok)
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if lx.inComment {
			if r == '}' {
				lx.inComment = false
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
			case ')':
				if lx.depth > 0 {
					lx.depth--
				}
			}
		default:
			if start < 0 {
				start = i
			}
		}
		i += size
	}
	return flush(len(line))
}

// inText tells whether the lexer is outside comments and variations, where
// a tag line starts the next game.
func (lx *lexer) inText() bool { return !lx.inComment && lx.depth == 0 }
