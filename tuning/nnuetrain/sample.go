package nnuetrain

import (
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/tuning/posfile"
)

// sample is one record turned into the model's inputs.
type sample struct {
	us, them [posfile.MaxPieces]uint16 // features of the side to move and of the other side
	n        int                       // pieces (features per perspective)
	bucket   int
	score    float32 // search score, centipawns, side to move
	result   float32 // 0, 0.5 or 1 for the side to move
}

// decode fills s with the inputs of a net of layout arch from r, seen in a
// mirror (left and right swapped) when mirror is set: the rules are
// symmetric, so the mirrored position has the same score and result, and
// where a general stands on the centre file its side's inputs differ.
func decode(r *posfile.Record, s *sample, mirror bool, arch int) {
	var ps [posfile.MaxPieces]posfile.PieceSquare
	n := r.Pieces(&ps)
	if mirror {
		for i := range ps[:n] {
			ps[i].Square = ps[i].Square.Mirror()
		}
	}
	var king [2]int
	for _, x := range ps[:n] {
		if x.Piece.Type() == 1 {
			king[x.Piece.Color()] = int(x.Square)
		}
	}
	stm := int(r.Side())
	mu, mt := nnue.View(arch, stm, king[stm]), nnue.View(arch, stm^1, king[stm^1])
	for i, x := range ps[:n] {
		s.us[i] = uint16(nnue.FeatureOf(stm, mu, int(x.Piece), int(x.Square)))
		s.them[i] = uint16(nnue.FeatureOf(stm^1, mt, int(x.Piece), int(x.Square)))
	}
	s.n = n
	s.bucket = nnue.Bucket(n)
	s.score = float32(r.Score())
	s.result = r.Result().Score()
}
