package pgn

import (
	"errors"
	"fmt"
)

// Reasons a move text is rejected; ParseMove and GameError wrap one of them.
var (
	ErrNotation  = errors.New("unrecognised move notation")
	ErrNoPiece   = errors.New("no such piece")
	ErrAmbiguous = errors.New("ambiguous move")
	ErrIllegal   = errors.New("illegal move")
	ErrFEN       = errors.New("bad FEN tag")
)

// GameError reports a game that cannot be used: where it is and which
// move text failed. Reader.Next returns it for that game and goes on with
// the next one.
type GameError struct {
	File  string // the name given to NewReader
	Game  int    // 1-based index of the game in the file
	Line  int    // line of the failing token
	Move  string // move number as written in PGN, "12." for Red, "12..." for Black; "" for a tag problem
	Token string // the failing text (move or FEN)
	Err   error  // one of the Err* values above, possibly wrapped
}

// Error describes the problem with its place.
func (e *GameError) Error() string {
	if e.Move == "" {
		return fmt.Sprintf("%s: game %d (line %d): %q: %v", e.File, e.Game, e.Line, e.Token, e.Err)
	}
	return fmt.Sprintf("%s: game %d (line %d): move %s %q: %v", e.File, e.Game, e.Line, e.Move, e.Token, e.Err)
}

// Unwrap returns the reason.
func (e *GameError) Unwrap() error { return e.Err }
