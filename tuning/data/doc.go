// Package data builds the labelled positions the evaluation tuner learns
// from: quiet positions taken from finished games, each labelled with the
// game's result from Red's point of view (1 win, 0.5 draw, 0 loss).
//
// # Pipeline
//
// For every game with a result, the Extractor replays the moves, skips the
// opening plies and positions in check, picks positions (all of them, every
// n-th, or a seeded random subset per game), replaces each by the leaf of a
// quiescence search (engine.Searcher.QuietLeaf) so that no capture is
// pending, and drops leaves in check or with a mate score. Generate runs
// the extractor over PGN files on several goroutines and writes the samples
// in input order, so the same input and options always give the same file.
//
// # File format
//
// One sample per line, tab-separated:
//
//	RESULT<TAB>GAME<TAB>FEN
//
// RESULT is 1, 0.5 or 0 (Red's score), GAME the number of the source game
// (counted from 0 over all inputs, so that a tuner can split training and
// validation data by game), FEN the quiet position. Lines starting with #
// are comments (the generator records its inputs and options there); a
// name ending in .gz is gzip-compressed.
//
// # Attribution
//
// Data made from the CCPD master games (Chinese Chess Practical Dataset by
// Yu-Han Tseng, CC BY 4.0) must credit the dataset, its author and the
// licence; Generate writes that credit into the header when asked to.
package data
