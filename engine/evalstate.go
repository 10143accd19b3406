package engine

// scorePair is a middle-game and an end-game value, blended by game phase.
type scorePair struct {
	mg, eg int32
}

// evalState holds the evaluation terms that MakeMove keeps up to date:
// material plus piece-square values (Red minus Black) and the game phase.
type evalState struct {
	psq   scorePair
	phase int32
}

// pieceSquare[pc][s] is the material plus piece-square value of pc on s,
// signed from Red's point of view. Filled from the parameters by initEvalTables.
var pieceSquare [NumPieces][NumSquares]scorePair

// phaseWeight[t] is how much a piece of type t adds to the game phase.
var phaseWeight [NumPieceTypes]int32

func (e *evalState) add(pc Piece, s Square) {
	v := &pieceSquare[pc][s]
	e.psq.mg += v.mg
	e.psq.eg += v.eg
	e.phase += phaseWeight[pc.Type()]
}

func (e *evalState) remove(pc Piece, s Square) {
	v := &pieceSquare[pc][s]
	e.psq.mg -= v.mg
	e.psq.eg -= v.eg
	e.phase -= phaseWeight[pc.Type()]
}

func (e *evalState) move(pc Piece, from, to Square) {
	a, b := &pieceSquare[pc][from], &pieceSquare[pc][to]
	e.psq.mg += b.mg - a.mg
	e.psq.eg += b.eg - a.eg
}
