// Package quote formats user input for error messages: quoted, with control
// characters escaped, and cut to a readable length so that a huge value never
// comes back whole.
package quote

import "strconv"

// MaxRunes is the most characters of an input that Input shows.
const MaxRunes = 80

// Input returns s as a Go-quoted string of at most MaxRunes characters of s,
// with "..." after the closing quote when s was longer.
func Input(s string) string {
	n, cut := 0, len(s)
	for i := range s {
		if n == MaxRunes {
			cut = i
			break
		}
		n++
	}
	if cut < len(s) {
		return strconv.Quote(s[:cut]) + "..."
	}
	return strconv.Quote(s)
}
