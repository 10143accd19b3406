package engine

// EvalTerm is one term of the static evaluation, from Red's point of view:
// its middle-game and end-game values and the two blended by the phase.
type EvalTerm struct {
	Name   string
	MG, EG int
	Value  int
}

// EvalReport breaks the static evaluation of pos into its terms (material,
// piece-square values, then each knowledge term and the tempo), from Red's
// point of view, and returns them with the game phase (MaxPhase = full
// middle game). The values add up to Evaluate() seen from Red, up to the
// rounding of each blend.
func EvalReport(pos *Position) (terms []EvalTerm, phase int) {
	var tr evalTrace
	pos.evaluate(&tr)
	phase = int(tr.phase)
	add := func(name string, from, to int) {
		var mg, eg int
		for i := from; i < to; i++ {
			mg += int(tr.coef[i]) * int(evalParams[i].mg)
			eg += int(tr.coef[i]) * int(evalParams[i].eg)
		}
		terms = append(terms, EvalTerm{Name: name, MG: mg, EG: eg, Value: (mg*phase + eg*(maxPhase-phase)) / maxPhase})
	}
	add("material", paramMaterial, paramPST)
	add("piece-square", paramPST, firstKnowledge)
	for i, name := range termNames {
		add(name, firstKnowledge+i, firstKnowledge+i+1)
	}
	return terms, phase
}
