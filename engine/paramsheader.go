package engine

// paramsHeader is the fixed start of params.go, up to the first weight.
const paramsHeader = `package engine

// Evaluation parameters: every weight of the evaluation, as middle-game and
// end-game pairs, in one flat table so that the tuner can rewrite this file.
// Piece-square tables are half tables (files a-e from Red's view, ranks 0-9);
// files f-i mirror them, and Black uses the same tables turned around.
//
// ` + "`" + `ucci tune texel` + "`" + ` writes this file (engine.FormatParams). The tuned
// weights are derived from the Chinese Chess Practical Dataset (CCPD) master
// games by Yu-Han Tseng, CC BY 4.0 (see README.md).

// S is a middle-game and end-game value.
type S = scorePair

// Offsets of the parameter groups in evalParams.
const (
	paramMaterial        = 0                                // [PieceType]
	paramPST             = paramMaterial + NumPieceTypes    // [PieceType][rank][half file]
	paramRookMobility    = paramPST + NumPieceTypes*pstHalf // per reachable point
	paramCannonMobility  = paramRookMobility + 1            // per quiet move
	paramHorseMobility   = paramCannonMobility + 1          // per free leg-unblocked target
	paramHorseTrapped    = paramHorseMobility + 1           // horse with at most one move
	paramAdvisorShort    = paramHorseTrapped + 1            // missing advisor x enemy attackers
	paramElephantShort   = paramAdvisorShort + 1            // missing elephant x enemy cannons
	paramEmptyHeadCannon = paramElephantShort + 1           // cannon facing the general with nothing between
	paramCannonPin       = paramEmptyHeadCannon + 1         // cannon on the general's file with one screen
	paramAdvisorPair     = paramCannonPin + 1               // two connected advisors
	paramElephantPair    = paramAdvisorPair + 1             // two elephants guarding each other
	paramPawnPair        = paramElephantPair + 1            // two crossed soldiers side by side
	paramPalaceAttacker  = paramPawnPair + 1                // attacker inside the enemy palace zone
	paramTempo           = paramPalaceAttacker + 1          // side to move
	numEvalParams        = paramTempo + 1
)

// pstHalf is the size of one half piece-square table.
const pstHalf = NumRanks * 5

// evalParams holds the weights; see the offsets above.
var evalParams = [numEvalParams]S{
	// BEGIN PARAMS
`
