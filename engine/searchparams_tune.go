//go:build tune

package engine

// Tuning build: the search parameters are variables, listed in
// TunableParams so that the protocol can offer them as options.
var (
	rfpMargin             = 90
	rfpImproving          = 40
	rfpMaxDepth           = 7
	nullBaseReduction     = 3
	nullDepthDivisor      = 4
	nullEvalDivisor       = 200
	futilityBase          = 100
	futilityPerPly        = 90
	futilityMaxDepth      = 6
	lmpMaxDepth           = 8
	lmrHistoryDivisor     = 6000
	aspirationWindow      = 20
	qsDeltaMargin         = 150
	lazyEvalMargin        = 300
	historyBonusFactor    = 32
	historyBonusMax       = 4000
	captureHistoryDivisor = 128
	singularMinDepth      = 6
	singularMargin        = 2
	razorMaxDepth         = 3
	razorMargin           = 150
	historyPruneMaxDepth  = 3
	historyPruneMargin    = 1500
)

// TunableParams lists the search parameters of a tuning build.
var TunableParams = []TunableParam{
	{"RFPMargin", &rfpMargin, 30, 200},
	{"RFPImproving", &rfpImproving, 0, 100},
	{"RFPMaxDepth", &rfpMaxDepth, 3, 12},
	{"NullBaseReduction", &nullBaseReduction, 2, 5},
	{"NullDepthDivisor", &nullDepthDivisor, 2, 8},
	{"NullEvalDivisor", &nullEvalDivisor, 50, 500},
	{"FutilityBase", &futilityBase, 0, 300},
	{"FutilityPerPly", &futilityPerPly, 30, 200},
	{"FutilityMaxDepth", &futilityMaxDepth, 2, 10},
	{"LMPMaxDepth", &lmpMaxDepth, 3, 12},
	{"LMRHistoryDivisor", &lmrHistoryDivisor, 1000, 20000},
	{"AspirationWindow", &aspirationWindow, 5, 80},
	{"QSDeltaMargin", &qsDeltaMargin, 50, 400},
	{"LazyEvalMargin", &lazyEvalMargin, 100, 1000},
	{"HistoryBonusFactor", &historyBonusFactor, 8, 64},
	{"HistoryBonusMax", &historyBonusMax, 1000, 16000},
	{"CaptureHistoryDivisor", &captureHistoryDivisor, 16, 1024},
	{"SingularMinDepth", &singularMinDepth, 4, 12},
	{"SingularMargin", &singularMargin, 1, 8},
	{"RazorMaxDepth", &razorMaxDepth, 0, 6},
	{"RazorMargin", &razorMargin, 50, 500},
	{"HistoryPruneMaxDepth", &historyPruneMaxDepth, 0, 6},
	{"HistoryPruneMargin", &historyPruneMargin, 200, 8000},
}
