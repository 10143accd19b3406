package engine

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
)

// The evaluation as the tuner sees it: a vector of weights and, for each
// position, the coefficient of every weight.

// NumEvalParams is the number of evaluation weights.
const NumEvalParams = numEvalParams

// MaxPhase is the game phase of a full board (all middle game).
const MaxPhase = maxPhase

// EvalParam is one weight: its middle-game and end-game values.
type EvalParam struct{ MG, EG int }

// EvalParams returns a copy of the current weights.
func EvalParams() []EvalParam {
	out := make([]EvalParam, numEvalParams)
	for i, v := range evalParams {
		out[i] = EvalParam{int(v.mg), int(v.eg)}
	}
	return out
}

// SetEvalParams replaces the weights and rebuilds the incremental tables.
// It must not run during a search, and positions created before it keep
// their old incremental terms (re-create them from FEN).
func SetEvalParams(p []EvalParam) error {
	if len(p) != numEvalParams {
		return errors.New("wrong number of evaluation parameters")
	}
	for i, v := range p {
		evalParams[i] = scorePair{int32(v.MG), int32(v.EG)}
	}
	initEvalTables()
	return nil
}

// EvalFeatures writes into coef (length NumEvalParams) the coefficient of
// each weight in pos's evaluation, counted for Red minus Black, and returns
// the phase. For every position,
//
//	Evaluate() ≈ s * Σ coef[i]*(MG[i]*phase + EG[i]*(MaxPhase-phase)) / MaxPhase
//
// with s = +1 when Red is to move and -1 otherwise (up to rounding).
func EvalFeatures(pos *Position, coef []int32) (phase int) {
	var tr evalTrace
	pos.evaluate(&tr)
	copy(coef, tr.coef[:])
	return int(tr.phase)
}

// termNames names the single-weight parameters from firstKnowledge on, in
// their order in evalParams.
var termNames = [numEvalParams - firstKnowledge]string{"rook mobility", "cannon mobility", "horse mobility",
	"horse trapped", "advisor shortage", "elephant shortage", "empty-head cannon", "cannon pin", "advisor pair",
	"elephant pair", "pawn pair", "palace attacker", "tempo"}

// paramGroup names a run of parameters for FormatParams.
type paramGroup struct {
	start, n int
	title    string
	rows     int // values per line (5 for half PSTs)
}

func paramGroups() []paramGroup {
	g := []paramGroup{{paramMaterial, NumPieceTypes, "material", NumPieceTypes}}
	names := [NumPieceTypes]string{"none", "King", "Advisor", "Elephant", "Horse", "Rook", "Cannon", "Pawn"}
	for t := 0; t < NumPieceTypes; t++ {
		title := names[t]
		if t == 0 {
			title = "piece-square tables (ranks 0-9 from the own side, files a-e)\n\t// none"
		}
		g = append(g, paramGroup{paramPST + t*pstHalf, pstHalf, title, 5})
	}
	for i, n := range termNames {
		g = append(g, paramGroup{paramRookMobility + i, 1, n, 1})
	}
	return g
}

// FormatParams returns the Go source of params.go with the given weights:
// the tuner writes tuned weights back with it.
func FormatParams(p []EvalParam) ([]byte, error) {
	if len(p) != numEvalParams {
		return nil, errors.New("wrong number of evaluation parameters")
	}
	var b bytes.Buffer
	b.WriteString(paramsHeader)
	for _, g := range paramGroups() {
		if g.n > 1 {
			fmt.Fprintf(&b, "\t// %s\n", g.title)
		}
		for i := 0; i < g.n; i += g.rows {
			b.WriteByte('\t')
			for j := i; j < i+g.rows && j < g.n; j++ {
				if j > i {
					b.WriteByte(' ')
				}
				v := p[g.start+j]
				fmt.Fprintf(&b, "{%d, %d},", v.MG, v.EG)
			}
			if g.n == 1 {
				fmt.Fprintf(&b, " // %s", g.title)
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("\t// END PARAMS\n}\n")
	return format.Source(b.Bytes())
}

// QuietLeaf runs a quiescence search from pos and returns the position at
// the end of its principal variation (pos itself when it is quiet) with the
// quiescence score from pos's side to move. The tuner labels such quiet
// positions. It must not run while the searcher is searching.
func (s *Searcher) QuietLeaf(pos *Position) (Position, int) {
	s.stop.Store(false)
	w := s.workers[0]
	w.pos = *pos
	w.pos.ResetHistory()
	w.netReset()
	w.stack[0].pvLen = 0
	score := w.qsearch(-ScoreInfinite, ScoreInfinite, 0)
	leaf := *pos
	leaf.ResetHistory()
	f := &w.stack[0]
	for _, m := range f.pv[:f.pvLen] {
		leaf.MakeMove(m)
	}
	leaf.ResetHistory()
	return leaf, score
}
