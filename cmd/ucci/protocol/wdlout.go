package protocol

import (
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/wdl"
)

// WDL output (UCI_ShowWDL, UCCI showwdl): every info line with a score
// carries "wdl W D L" right after the score, the per mille chances of a
// win, a draw and a loss for the side to move from the model fitted to
// game results (engine/wdl), at the material of the searched position.

// wdlMaterial returns the material the wdl figures of a search from pos are
// computed at, or -1 when they are not shown.
func (s *Session) wdlMaterial(pos *engine.Position) int {
	if !s.set.showWDL || pos == nil {
		return -1
	}
	return wdl.Material(pos)
}

// appendWDL writes " wdl W D L" for score, or nothing when material is -1.
func appendWDL(b []byte, score, material int) []byte {
	if material < 0 {
		return b
	}
	w, d, l := wdl.Fitted.PerMille(score, material)
	b = append(b, " wdl "...)
	b = appendInt(b, int64(w))
	b = append(b, ' ')
	b = appendInt(b, int64(d))
	b = append(b, ' ')
	return appendInt(b, int64(l))
}
