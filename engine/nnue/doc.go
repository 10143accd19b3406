// Package nnue is the engine's neural network evaluation: an efficiently
// updatable network (NNUE) whose first layer is kept up to date move by
// move, with the layout, file format and integer inference the engine
// uses. It knows nothing of positions: pieces are engine.Piece codes (type
// in bits 0-2, King = 1 ... Pawn = 7, colour in bit 3, Black = 1) and
// squares are rank*9+file (0-89) from Red's side.
//
// # Architecture (layouts 2 and 3)
//
// Inputs: for each perspective (a side's own view), one feature per piece
// on the board: (own or enemy, type, square), 2*7*90 = 1260 features. The
// board is seen from the perspective's side (ranks counted from it) and
// mirrored left to right when its general stands right of the centre file
// (file f), so both halves of the palace share weights. Both perspectives
// share the same first-layer weights. In layout 3 (ArchGeneral) each of
// the six places of the perspective's own general (GeneralBucket: palace
// rank, centre file or not) has its own 1260 inputs, 7560 in all, so that
// the weights of every piece depend on where the general stands; layout 2
// (ArchPlain) has one set.
//
// First layer: inputs -> L1 (256) per perspective, int16 weights and
// biases scaled by QA (255). The accumulator of each perspective is the
// bias plus the weights of its active features.
//
// Output: the two accumulators (side to move first) through the squared
// clipped ReLU, clamp(x, 0, 1)^2, into one of OutputBuckets (8) linear
// outputs chosen by the number of pieces on the board; int16 weights
// scaled by QB (256) and int32 biases scaled by QA*QB. The output times
// Scale is the evaluation in centipawns from the side to move.
//
// # Inference
//
// Every sum is an integer sum, so the vectorised kernels (AVX2 on amd64,
// chosen at run time) and the portable ones give bit-identical results.
package nnue
