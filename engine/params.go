package engine

// Evaluation parameters: every weight of the evaluation, as middle-game and
// end-game pairs, in one flat table so that the tuner can rewrite this file.
// Piece-square tables are half tables (files a-e from Red's view, ranks 0-9);
// files f-i mirror them, and Black uses the same tables turned around.
//
// `ucci tune texel` writes this file (engine.FormatParams). The tuned
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
	// material
	{0, 0}, {0, 0}, {121, 44}, {82, 41}, {114, 182}, {303, 453}, {153, 214}, {33, 62},
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
	{0, 0}, {0, 0}, {0, 0}, {20, -1}, {34, -3},
	{0, 0}, {0, 0}, {0, 0}, {-33, -4}, {-8, 5},
	{0, 0}, {0, 0}, {0, 0}, {-138, -17}, {-79, -15},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Advisor
	{0, 0}, {0, 0}, {0, 0}, {-5, -9}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {9, 9},
	{0, 0}, {0, 0}, {0, 0}, {-9, 2}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Elephant
	{0, 0}, {0, 0}, {2, -2}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{-11, -8}, {0, 0}, {0, 0}, {0, 0}, {9, 3},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {-19, 3}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	// Horse
	{38, -94}, {-43, 2}, {-27, -41}, {-58, 8}, {-102, -72},
	{-44, -21}, {-86, 39}, {-37, 9}, {-24, -5}, {-5, -73},
	{-24, -5}, {-20, -3}, {-16, -9}, {14, 6}, {-23, -8},
	{-29, 22}, {-27, 2}, {-6, -1}, {-5, 8}, {15, 2},
	{9, 23}, {-5, 4}, {41, 0}, {10, 14}, {16, 9},
	{-18, 23}, {6, 19}, {21, -8}, {49, 12}, {53, -5},
	{-4, -2}, {77, 23}, {15, 7}, {73, 11}, {4, 6},
	{26, 59}, {18, 28}, {-10, -18}, {91, -42}, {15, 5},
	{-11, 22}, {26, 34}, {55, 4}, {9, -3}, {126, -48},
	{-26, 37}, {12, -9}, {-14, 19}, {40, -11}, {42, 2},
	// Rook
	{-35, -32}, {-7, -25}, {-12, -45}, {-2, -19}, {-70, -93},
	{-18, -44}, {-6, -25}, {4, -25}, {-5, -13}, {-2, -66},
	{-16, -32}, {-8, -2}, {-6, 3}, {14, -18}, {-17, 5},
	{-2, 14}, {9, 4}, {1, 27}, {11, 17}, {11, 33},
	{10, -9}, {2, 17}, {13, 1}, {10, 8}, {8, 14},
	{-16, 29}, {1, 12}, {0, 25}, {4, 9}, {5, 30},
	{20, 7}, {10, 26}, {22, 22}, {16, 22}, {10, 23},
	{-8, 25}, {16, 4}, {-41, 15}, {-7, -14}, {5, -15},
	{22, 11}, {25, 25}, {-29, 9}, {-11, 14}, {71, -13},
	{1, 36}, {20, 22}, {-42, 7}, {21, -36}, {61, -28},
	// Cannon
	{-11, -12}, {-11, -19}, {2, -25}, {11, -4}, {28, 4},
	{5, 0}, {-2, -6}, {24, -10}, {5, 3}, {32, 0},
	{-7, 7}, {-17, 0}, {5, -4}, {3, -6}, {7, 18},
	{-25, 4}, {-22, 4}, {2, -5}, {-4, 1}, {25, 1},
	{1, -6}, {-15, 8}, {-11, 1}, {-18, -3}, {18, 5},
	{15, -7}, {-11, 6}, {-8, 2}, {-11, 2}, {37, -2},
	{8, -1}, {-11, 4}, {-2, 2}, {-10, 4}, {19, 20},
	{20, 1}, {1, -24}, {-38, -44}, {-49, -56}, {-40, -64},
	{-25, 29}, {-13, 16}, {-53, -26}, {-45, -31}, {-87, -15},
	{58, -11}, {37, 3}, {-63, -19}, {-64, -23}, {-60, -83},
	// Pawn
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
	{-26, -13}, {0, 0}, {-24, -13}, {0, 0}, {8, 9},
	{-17, -14}, {4, 6}, {-3, -5}, {4, 6}, {4, 17},
	{2, 7}, {23, 15}, {14, 29}, {55, 37}, {45, 35},
	{28, 1}, {2, 28}, {40, 28}, {68, 39}, {52, 44},
	{3, 1}, {85, 3}, {36, -3}, {102, 25}, {47, 43},
	{15, -5}, {151, -24}, {110, -35}, {193, -31}, {114, 115},
	{-77, 34}, {45, -53}, {-3, -53}, {78, -25}, {-54, -126},
	{2, 4},    // rook mobility
	{1, 2},    // cannon mobility
	{4, 8},    // horse mobility
	{-1, -15}, // horse trapped
	{8, 12},   // advisor shortage
	{0, 0},    // elephant shortage
	{56, -20}, // empty-head cannon
	{15, 5},   // cannon pin
	{5, -6},   // advisor pair
	{7, 0},    // elephant pair
	{-50, 21}, // pawn pair
	{31, 23},  // palace attacker
	{5, 2},    // tempo
	// END PARAMS
}
