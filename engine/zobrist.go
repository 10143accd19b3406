package engine

// Zobrist keys: one random number per piece and square, and one for Black to
// move. They come from a fixed-seed generator so that keys (and the books and
// tables built on them) are the same on every machine and in every build.
var (
	zobristPiece [NumPieces][NumSquares]uint64
	zobristSide  uint64
)

// splitMix64 is the SplitMix64 generator: a small, well-mixed sequence that
// is ideal for filling key tables.
type splitMix64 uint64

func (s *splitMix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func init() {
	rng := splitMix64(0x58_51_47_6f_2d_55_43_43) // "XQGo-UCC"
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			if Piece(p).Type() != NoPieceType {
				zobristPiece[p][s] = rng.next()
			}
		}
	}
	zobristSide = rng.next()
}
