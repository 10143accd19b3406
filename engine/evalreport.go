package engine

// EvalTerm is one term of the static evaluation, from Red's point of view:
// its middle-game and end-game values and the two blended by the phase.
type EvalTerm struct {
	Name   string
	MG, EG int
	Value  int
}

// EvalReport breaks the static evaluation of pos into its terms, from Red's
// point of view, and returns them with the game phase (MaxPhase = full
// middle game). The terms follow the weight table: a group of several
// weights (material, each piece-square table) counts under its kind, with
// the groups of one kind in a row summed ("material", "piece-square"), and
// a single weight under its own name. The values add up to Evaluate() seen
// from Red, up to the rounding of each blend.
func EvalReport(pos *Position) (terms []EvalTerm, phase int) {
	var tr evalTrace
	pos.evaluate(&tr)
	phase = int(tr.phase)
	last := ""
	for _, g := range weightTable {
		name := g.Name
		if g.Size > 1 {
			name = g.Kind
		}
		if name != last {
			terms = append(terms, EvalTerm{Name: name})
			last = name
		}
		t := &terms[len(terms)-1]
		for i := g.Start; i < g.Start+g.Size; i++ {
			t.MG += int(tr.coef[i]) * int(evalParams[i].mg)
			t.EG += int(tr.coef[i]) * int(evalParams[i].eg)
		}
	}
	for i := range terms {
		t := &terms[i]
		t.Value = (t.MG*phase + t.EG*(maxPhase-phase)) / maxPhase
	}
	return terms, phase
}
