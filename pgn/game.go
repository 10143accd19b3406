// Package pgn reads and writes xiangqi game records in PGN. Moves are held as
// engine moves; the writer emits ICCS coordinates ("H2-E2", [Format "ICCS"]),
// WXF ("C2.5", [Format "WXF"]) or Chinese notation ("炮二平五"), with a comment
// after any move and variations in parentheses, as XQWizard-style readers,
// this package and the book builder read them back (the book builder and
// the other readers of games use the main line only).
//
// The Reader streams games from UTF-8, GBK or Big5 text and accepts moves in
// ICCS, WXF and Chinese notation (see ParseMove); a game with a move that is
// not legal is reported as a *GameError and skipped, never half-read.
package pgn

import "github.com/goxq/ucci/engine"

// Tag is one PGN tag pair.
type Tag struct {
	Name, Value string
}

// Game is one game record.
type Game struct {
	Tags  []Tag         // in file order
	FEN   string        // start position; "" means the standard start
	Moves []engine.Move // legal moves from the start position
	// Comments[i] is the comment after Moves[i] ("" for none); it may be
	// shorter than Moves, and nil when no move has one.
	Comments []string
	// Variations[i] are the alternatives to Moves[i], each a line played
	// from the position before it; it may be shorter than Moves, and nil
	// when the game has none.
	Variations [][]Line
	Result     string // "1-0", "0-1", "1/2-1/2" or "*"
	// Marker is the termination marker that ended the movetext as read
	// ("1-0", "0-1", "1/2-1/2" or "*"), "" when the movetext ended
	// without one, as a truncated game does. The writer ignores it.
	Marker string
}

// Line is a variation: its moves and, as in Game, the alternatives to
// each of them (comments inside variations are not kept).
type Line struct {
	Moves      []engine.Move
	Variations [][]Line
}

// Tag returns the value of the named tag, "" when absent.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, replacing an existing one of that name.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// StartFEN returns the start position's FEN, the standard one when unset.
func (g *Game) StartFEN() string {
	if g.FEN == "" {
		return engine.StartFEN
	}
	return g.FEN
}
