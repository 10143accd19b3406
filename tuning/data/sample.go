package data

import "strings"

// Sample is one labelled position.
type Sample struct {
	// FEN is the quiet position.
	FEN string
	// Result is the game result from Red's view: 1, 0.5 or 0.
	Result float64
	// Game numbers the source game, counted over all inputs.
	Game int
}

// ParseResult converts a PGN result ("1-0", "0-1", "1/2-1/2") to Red's
// score. Anything else, such as "*", is not a result.
func ParseResult(r string) (float64, bool) {
	switch strings.TrimSpace(r) {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2", "½-½":
		return 0.5, true
	}
	return 0, false
}

// formatResult writes a result as 1, 0.5 or 0.
func formatResult(r float64) string {
	switch r {
	case 1:
		return "1"
	case 0:
		return "0"
	}
	return "0.5"
}

// parseLabel reads a result written by formatResult.
func parseLabel(s string) (float64, bool) {
	switch s {
	case "1", "1.0":
		return 1, true
	case "0", "0.0":
		return 0, true
	case "0.5", ".5":
		return 0.5, true
	}
	return 0, false
}
