package engine

// Evaluation parameters: every weight of the evaluation, as middle-game and
// end-game pairs, in one flat table so that the tuner can rewrite this file.
// Piece-square tables are half tables (files a-e from Red's view, ranks 0-9);
// files f-i mirror them, and Black uses the same tables turned around.
//
// The values are hand-set initial weights until `ucci tune` rewrites this
// file (engine.FormatParams writes it).

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
	// material
	{0, 0}, {0, 0}, {40, 40}, {40, 40}, {100, 110}, {230, 240}, {110, 100}, {30, 40},
	// piece-square tables (ranks 0-9 from the own side, files a-e)
	// none
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// King
	{0, 0}, {0, 0}, {0, 0}, {-5, -2}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {-16, -6}, {-12, -4},
	{0, 0}, {0, 0}, {0, 0}, {-28, -10}, {-24, -8},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Advisor
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {6, 3},
	{0, 0}, {0, 0}, {0, 0}, {-4, -2}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Elephant
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{-6, -3}, {0, 0}, {0, 0}, {0, 0}, {6, 3},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {-2, -1}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Horse
	{-22, -11}, {-9, -3}, {-6, 0}, {-3, 3}, {0, 6},
	{-16, -8}, {-3, 0}, {0, 3}, {3, 6}, {6, 9},
	{-10, -5}, {3, 3}, {6, 6}, {9, 9}, {12, 12},
	{-6, -3}, {7, 5}, {10, 8}, {13, 11}, {16, 14},
	{-4, -2}, {9, 6}, {12, 9}, {15, 12}, {18, 15},
	{0, 0}, {13, 8}, {16, 11}, {19, 14}, {22, 17},
	{4, 2}, {17, 10}, {20, 13}, {23, 16}, {26, 19},
	{6, 3}, {19, 11}, {22, 14}, {25, 17}, {28, 20},
	{2, 1}, {15, 9}, {18, 12}, {21, 15}, {24, 18},
	{-8, -4}, {5, 4}, {8, 7}, {11, 10}, {14, 13},
	// Rook
	{-10, -5}, {-6, -3}, {-6, -3}, {-2, -1}, {-6, -3},
	{-4, -2}, {0, 0}, {0, 0}, {4, 2}, {0, 0},
	{-4, -2}, {0, 0}, {0, 0}, {4, 2}, {0, 0},
	{2, 1}, {2, 1}, {2, 1}, {6, 3}, {2, 1},
	{4, 2}, {4, 2}, {4, 2}, {8, 4}, {4, 2},
	{8, 4}, {8, 4}, {8, 4}, {12, 6}, {8, 4},
	{10, 5}, {10, 5}, {10, 5}, {14, 7}, {10, 5},
	{12, 6}, {12, 6}, {12, 6}, {16, 8}, {12, 6},
	{10, 5}, {10, 5}, {10, 5}, {14, 7}, {10, 5},
	{6, 3}, {6, 3}, {6, 3}, {10, 5}, {6, 3},
	// Cannon
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{-4, 0}, {2, 0}, {0, 0}, {0, 0}, {14, 2},
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{-4, 0}, {0, 0}, {0, 0}, {0, 0}, {12, 2},
	{0, 0}, {4, 0}, {4, 0}, {4, 0}, {16, 2},
	{0, 0}, {4, 0}, {4, 0}, {4, 0}, {16, 2},
	{2, 0}, {6, 0}, {6, 0}, {6, 0}, {18, 2},
	// Pawn
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{4, 6}, {4, 6}, {4, 6}, {4, 6}, {4, 6},
	{14, 22}, {16, 24}, {18, 26}, {20, 28}, {22, 30},
	{22, 30}, {26, 34}, {30, 38}, {34, 42}, {38, 46},
	{30, 38}, {34, 42}, {38, 46}, {42, 50}, {46, 54},
	{30, 38}, {34, 42}, {38, 46}, {42, 50}, {46, 54},
	{6, 10}, {8, 10}, {10, 10}, {12, 10}, {14, 10},
	{4, 4},     // rook mobility
	{2, 2},     // cannon mobility
	{6, 6},     // horse mobility
	{-20, -10}, // horse trapped
	{-8, -4},   // advisor shortage
	{-6, -3},   // elephant shortage
	{60, 20},   // empty-head cannon
	{15, 5},    // cannon pin
	{8, 4},     // advisor pair
	{8, 4},     // elephant pair
	{5, 10},    // pawn pair
	{6, 2},     // palace attacker
	{8, 4},     // tempo
	// END PARAMS
}
