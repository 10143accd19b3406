// Package datagen makes the training positions of the neural network
// evaluation (tuning/posfile records), from two sources:
//
//   - Self-play: the engine plays itself in process from the built-in
//     openings plus a few random plies, each move searched to a fixed node
//     budget; every game is judged by the referee (perpetual check and
//     chase, the natural limit, mate and stalemate) or adjudicated when both
//     sides' scores agree on a decisive result. Quiet positions (not in check,
//     best move not a capture, no mate score) are kept with the search score
//     and the game's result.
//   - Relabelling: the positions of finished games from PGN files (the CCPD
//     master games), each searched to the node budget and kept with that
//     score and the game's result.
//
// Work is split into chunks of games, each written to its own file in the
// output directory under a temporary name and renamed when complete; a run
// that is interrupted and started again skips the chunks that exist. Each
// chunk depends only on the seed and its number (the table is cleared
// before every game and each search is single-threaded and node-limited),
// so the same command always makes the same files, with any number of
// workers.
package datagen
