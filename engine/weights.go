package engine

import "fmt"

// The evaluation's weights: one flat vector of middle-game and end-game
// pairs, described by one table (weightTable) from which everything else
// follows: the offsets the evaluation reads, the names the report and the
// tuner use, and the layout of params.go, which holds the values by group
// name.
//
// Adding a term with one weight: its offset constant below (before
// paramTempo), its row in weightTable, its count in countKnowledge
// (eval.go). The weight is 0 until params.go gives it a value (a row under
// its name) or the tuner fits it.

// S is a middle-game and end-game value.
type S = scorePair

// pstHalf is the size of one half piece-square table: ranks 0-9 from the
// own side, files a-e (files f-i mirror them).
const pstHalf = NumRanks * 5

// Offsets in the weights: material, the piece-square tables, then the terms
// of one weight each, in the order of weightTable.
const (
	paramMaterial = 0                                // [PieceType]
	paramPST      = paramMaterial + NumPieceTypes    // [PieceType][rank][half file]
	firstTerm     = paramPST + NumPieceTypes*pstHalf // the single-weight terms
)

// Offsets of the single-weight terms.
const (
	paramRookMobility    = firstTerm + iota // per reachable point
	paramCannonMobility                     // per quiet move
	paramHorseMobility                      // per free leg-unblocked target
	paramHorseTrapped                       // horse with at most one move
	paramAdvisorShort                       // missing advisor x enemy attackers
	paramElephantShort                      // missing elephant x enemy cannons
	paramEmptyHeadCannon                    // cannon facing the general with nothing between
	paramCannonPin                          // cannon on the general's file with one screen
	paramAdvisorPair                        // two connected advisors
	paramElephantPair                       // two elephants guarding each other
	paramPawnPair                           // two crossed soldiers side by side
	paramPalaceAttacker                     // attacker inside the enemy palace zone
	paramTempo                              // side to move

	// NumEvalParams is the number of evaluation weights.
	NumEvalParams
)

// WeightGroup is one row of the weight table: a run of Size weights from
// Start, with its Name (unique; the key of its values in params.go) and the
// Kind of term it belongs to (several groups may share one).
type WeightGroup struct {
	Name, Kind  string
	Start, Size int
}

// Kinds of weight groups.
const (
	KindMaterial    = "material"
	KindPieceSquare = "piece-square"
	KindMobility    = "mobility"
	KindKingSafety  = "king safety"
	KindStructure   = "structure"
	KindTempo       = "tempo"
)

// weightTable lists every group of weights in order; the groups tile the
// weights exactly (TestWeightTableTilesTheWeights).
var weightTable = []WeightGroup{
	{"material", KindMaterial, paramMaterial, NumPieceTypes},
	{"none", KindPieceSquare, paramPST + int(NoPieceType)*pstHalf, pstHalf},
	{"King", KindPieceSquare, paramPST + int(King)*pstHalf, pstHalf},
	{"Advisor", KindPieceSquare, paramPST + int(Advisor)*pstHalf, pstHalf},
	{"Elephant", KindPieceSquare, paramPST + int(Elephant)*pstHalf, pstHalf},
	{"Horse", KindPieceSquare, paramPST + int(Horse)*pstHalf, pstHalf},
	{"Rook", KindPieceSquare, paramPST + int(Rook)*pstHalf, pstHalf},
	{"Cannon", KindPieceSquare, paramPST + int(Cannon)*pstHalf, pstHalf},
	{"Pawn", KindPieceSquare, paramPST + int(Pawn)*pstHalf, pstHalf},
	{"rook mobility", KindMobility, paramRookMobility, 1},
	{"cannon mobility", KindMobility, paramCannonMobility, 1},
	{"horse mobility", KindMobility, paramHorseMobility, 1},
	{"horse trapped", KindMobility, paramHorseTrapped, 1},
	{"advisor shortage", KindKingSafety, paramAdvisorShort, 1},
	{"elephant shortage", KindKingSafety, paramElephantShort, 1},
	{"empty-head cannon", KindKingSafety, paramEmptyHeadCannon, 1},
	{"cannon pin", KindKingSafety, paramCannonPin, 1},
	{"advisor pair", KindStructure, paramAdvisorPair, 1},
	{"elephant pair", KindStructure, paramElephantPair, 1},
	{"pawn pair", KindStructure, paramPawnPair, 1},
	{"palace attacker", KindKingSafety, paramPalaceAttacker, 1},
	{"tempo", KindTempo, paramTempo, 1},
}

// WeightGroups returns a copy of the weight table, in order.
func WeightGroups() []WeightGroup { return append([]WeightGroup(nil), weightTable...) }

// EvalParam is one weight: its middle-game and end-game values.
type EvalParam struct{ MG, EG int }

// Weights is a complete set of evaluation weights, at the offsets of the
// weight table.
type Weights [NumEvalParams]EvalParam

// DefaultWeights returns the weights the evaluation uses (params.go).
func DefaultWeights() Weights {
	var w Weights
	for i, v := range evalParams {
		w[i] = EvalParam{int(v.mg), int(v.eg)}
	}
	return w
}

// weightRow is the values of one weight group in params.go.
type weightRow struct {
	name   string
	values []S
}

// evalParams holds the weights the evaluation reads, from params.go.
var evalParams = mustWeights(defaultWeightRows)

// mustWeights places the rows of params.go at their groups' offsets; a
// group without a row keeps zero weights. A row that names no group or has
// the wrong number of values is a broken params.go: the package does not
// start.
func mustWeights(rows []weightRow) [NumEvalParams]S {
	w, err := weightsFromRows(rows)
	if err != nil {
		panic("engine: params.go: " + err.Error())
	}
	return w
}

// weightsFromRows places rows at their groups' offsets.
func weightsFromRows(rows []weightRow) ([NumEvalParams]S, error) {
	var w [NumEvalParams]S
	seen := make(map[string]bool, len(rows))
	for _, r := range rows {
		g, ok := weightGroup(r.name)
		switch {
		case !ok:
			return w, fmt.Errorf("no weight group %q", r.name)
		case seen[r.name]:
			return w, fmt.Errorf("weight group %q given twice", r.name)
		case len(r.values) != g.Size:
			return w, fmt.Errorf("weight group %q has %d values, want %d", r.name, len(r.values), g.Size)
		}
		seen[r.name] = true
		copy(w[g.Start:], r.values)
	}
	return w, nil
}

// weightGroup finds a group of the weight table by name.
func weightGroup(name string) (WeightGroup, bool) {
	for _, g := range weightTable {
		if g.Name == name {
			return g, true
		}
	}
	return WeightGroup{}, false
}
