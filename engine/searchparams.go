//go:build !tune

package engine

// Search parameters. In a tuning build (go build -tags tune) they become
// variables exposed as engine options (see searchparams_tune.go), so that
// SPSA can tune them through the protocol; keep the two lists in step.
const (
	rfpMargin             = 90   // reverse futility margin per ply
	rfpImproving          = 40   // reverse futility margin reduction when improving
	rfpMaxDepth           = 7    // deepest node for reverse futility
	nullBaseReduction     = 3    // null-move reduction at low depth
	nullDepthDivisor      = 4    // one more ply of reduction per this many plies
	nullEvalDivisor       = 200  // and per this much eval margin over beta
	futilityBase          = 100  // futility margin at depth 0
	futilityPerPly        = 90   // futility margin per ply
	futilityMaxDepth      = 6    // deepest node for futility pruning
	lmpMaxDepth           = 8    // deepest node for late-move pruning
	lmrHistoryDivisor     = 6000 // history score per ply of reduction change
	aspirationWindow      = 20   // initial aspiration half-width
	qsDeltaMargin         = 150  // delta-pruning margin in quiescence
	lazyEvalMargin        = 300  // quiescence stand-pat without positional terms beyond this
	historyBonusFactor    = 32   // history bonus per depth squared
	historyBonusMax       = 4000 // history bonus cap
	captureHistoryDivisor = 128  // capture history per unit of capture ordering score
	singularMinDepth      = 6    // shallowest node for singular extensions
	singularMargin        = 2    // singular-search margin below the table score per ply
	razorMaxDepth         = 3    // deepest node for razoring
	razorMargin           = 150  // razoring margin per ply
	historyPruneMaxDepth  = 3    // deepest node for history pruning
	historyPruneMargin    = 1500 // negative history per ply below which a quiet move is pruned
)
