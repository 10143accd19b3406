package main

// params is the one list of the search parameters: the option name, the
// value and the range SPSA may explore. The Go name in package engine is
// the option name with its leading capitals lowered (RFPMargin: rfpMargin).
var params = []param{
	{"RFPMargin", 90, 30, 200, "reverse futility margin per ply"},
	{"RFPImproving", 40, 0, 100, "reverse futility margin reduction when improving"},
	{"RFPMaxDepth", 7, 3, 12, "deepest node for reverse futility"},
	{"NullBaseReduction", 3, 2, 5, "null-move reduction at low depth"},
	{"NullDepthDivisor", 4, 2, 8, "one more ply of reduction per this many plies"},
	{"NullEvalDivisor", 200, 50, 500, "and per this much eval margin over beta"},
	{"FutilityBase", 100, 0, 300, "futility margin at depth 0"},
	{"FutilityPerPly", 90, 30, 200, "futility margin per ply"},
	{"FutilityMaxDepth", 6, 2, 10, "deepest node for futility pruning"},
	{"LMPMaxDepth", 8, 3, 12, "deepest node for late-move pruning"},
	{"LMRMinDepth", 3, 3, 8, "shallowest node for late-move reductions"},
	{"LMRMinMoves", 2, 1, 5, "moves searched at full depth before late-move reductions start"},
	{"LMRBase", 75, 0, 200, "late-move reduction's constant part, in hundredths of a ply"},
	{"LMRDivisor", 225, 100, 400, "late-move reduction: ln(depth) × ln(move number) divided by this, in hundredths"},
	{"LMRHistoryDivisor", 8000, 1000, 30000, "history score (main and continuation) per ply of reduction change"},
	{"AspirationWindow", 20, 5, 80, "initial aspiration half-width"},
	{"QSDeltaMargin", 150, 50, 400, "delta-pruning margin in quiescence"},
	{"LazyEvalMargin", 300, 100, 1000, "quiescence stand-pat without positional terms beyond this"},
	{"HistoryBonusFactor", 32, 8, 64, "history bonus per depth squared"},
	{"HistoryBonusMax", 4000, 1000, 16000, "history bonus cap"},
	{"CaptureHistoryDivisor", 128, 16, 1024, "capture history per unit of capture ordering score"},
	{"SingularMinDepth", 6, 4, 12, "shallowest node for singular extensions"},
	{"SingularMargin", 2, 1, 8, "singular-search margin below the table score per ply"},
	{"RazorMaxDepth", 3, 0, 6, "deepest node for razoring"},
	{"RazorMargin", 150, 50, 500, "razoring margin per ply"},
	{"HistoryPruneMaxDepth", 3, 0, 6, "deepest node for history pruning"},
	{"HistoryPruneMargin", 2500, 200, 12000, "negative history (main and continuation) per ply below which a quiet move is pruned"},
	{"CheckExtMinDepth", 0, 0, 16, "shallowest node whose checking moves are extended one ply"},
	{"LMRCheckMinDepth", 99, 3, 99, "shallowest node whose checking moves are late-move reduced (99: never)"},
	{"SEEPruneMaxDepth", 0, 0, 10, "deepest node whose moves losing material in the exchange test are pruned (0: none)"},
	{"SEECaptureMargin", 100, 20, 400, "exchange pruning: a capture losing more than this per ply is skipped"},
	{"SEEQuietMargin", 30, 5, 150, "exchange pruning: a quiet move losing more than this per ply squared is skipped"},
}
