package engine

// StaticEval returns the static evaluation the search uses for p with the
// settings st, from the side to move: by the knowledge level, the material
// (none), material and piece-square tables (small), else the network when
// st.Net is set, else the classical evaluation; bounded by ±MaxEval as the
// search bounds it. It computes the network from the board, where the
// search updates its accumulators move by move to the same value.
func StaticEval(p *Position, st Settings) int {
	var v int
	switch {
	case st.Knowledge == LevelNone:
		v = p.materialScore()
	case st.Knowledge == LevelSmall:
		v = p.pieceSquareScore()
	case st.Net != nil:
		v = p.EvaluateNet(st.Net)
	default:
		v = p.Evaluate()
	}
	return clampEval(v)
}

// MaxEval bounds the static evaluations the search uses, well below the
// decisive bands.
const MaxEval = maxEval

// clampEval bounds a static evaluation by ±maxEval.
func clampEval(v int) int { return max(min(v, maxEval), -maxEval) }
