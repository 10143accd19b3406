package pgn

import "github.com/goxq/ucci/engine"

// selKind says how a move text picks one of several pieces of the same kind.
type selKind uint8

const (
	selNone     selKind = iota // by file alone
	selFront                   // 前 / WXF "+" (the second foremost of four or five WXF pawns)
	selRear                    // 后 / WXF "-" (the second rearmost of four or five WXF pawns)
	selMiddle                  // 中 / WXF file repeated ("33.4")
	selForemost                // WXF "++": the foremost of four or five pawns
	selRearmost                // WXF "--": the rearmost of four or five pawns
	selOrdinal                 // 一兵 … 五兵: numbered across the files with tandem soldiers
)

// moveSpec is a relative move description (Chinese or WXF) before it is
// matched against a position. Files and targets count from the mover's right,
// 1-9; "forward" points toward the opponent.
type moveSpec struct {
	piece   engine.PieceType // NoPieceType only when a soldier is implied
	file    int              // 1-9, 0 when the text gives none
	sel     selKind
	ordinal int  // 1-5 for selOrdinal
	wxf     bool // WXF rules for "+" and "-" with four or five pawns on a file
	action  byte // '+' forward, '-' backward, '.' sideways
	target  int  // 1-9: the new file, or the number of points for a straight move
}
