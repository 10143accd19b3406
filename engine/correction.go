package engine

import "encoding/binary"

// Correction history: the static evaluation is corrected by the running
// average of what searches found it missed (search score minus static
// evaluation) in positions of the same soldier structure and of the same
// material, for the side to move. An evaluation that keeps overrating a
// kind of position learns to rate it lower within a few searches.

// corrSize is the number of entries of each correction table (by key).
const corrSize = 1 << 14

// corrGrain is the resolution of the tables: an entry holds centipawns
// times corrGrain. corrLimit bounds an entry (±corrLimit/corrGrain cp).
const (
	corrGrain = 16
	corrLimit = 500 * corrGrain
)

// correctionTables are one worker's tables, by side to move.
type correctionTables struct {
	pawn     [2][corrSize]int16
	material [2][corrSize]int16
}

// pawnKey hashes the soldiers of both sides.
func (p *Position) pawnKey() uint64 {
	r, b := p.pieces[RedPawn], p.pieces[BlackPawn]
	return mix64(r.Lo*0x9e3779b97f4a7c15 ^ r.Hi*0xc2b2ae3d27d4eb4f ^ b.Lo*0x165667b19e3779f9 ^ b.Hi*0xd6e8feb86659fd93)
}

// materialKey hashes the number of pieces of each kind.
func (p *Position) materialKey() uint64 {
	lo := binary.LittleEndian.Uint64(p.counts[0:8])
	hi := binary.LittleEndian.Uint64(p.counts[8:16])
	return mix64(lo*0x9e3779b97f4a7c15 ^ hi*0xc2b2ae3d27d4eb4f)
}

// mix64 is the finaliser of SplitMix64: every input bit moves every output bit.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// corrected returns the static evaluation raw corrected by the tables for
// the current position, within the evaluation bounds (raw itself when the
// worker does not correct).
func (w *worker) corrected(raw int) int {
	if !w.correct {
		return raw
	}
	p := &w.pos
	c := &w.corr
	side := p.side
	v := int(c.pawn[side][p.pawnKey()%corrSize]) + int(c.material[side][p.materialKey()%corrSize])
	return max(min(raw+v/(2*corrGrain), maxEval), -maxEval)
}

// updateCorrection moves the tables' entries for the current position
// towards the difference between a search's score and the raw static
// evaluation, by a weight that grows with the depth of the search.
func (w *worker) updateCorrection(score, raw, depth int) {
	if !w.correct {
		return
	}
	p := &w.pos
	c := &w.corr
	side := p.side
	diff := max(min((score-raw)*corrGrain, corrLimit), -corrLimit)
	weight := min(depth+1, 16)
	for _, e := range [2]*int16{&c.pawn[side][p.pawnKey()%corrSize], &c.material[side][p.materialKey()%corrSize]} {
		v := (int(*e)*(256-weight) + diff*weight) / 256
		*e = int16(max(min(v, corrLimit), -corrLimit))
	}
}
