// Package nnuetrain trains the engine's neural network evaluation (the layout
// of engine/nnue) on positions of tuning/posfile files.
//
// # Model and loss
//
// The float model mirrors the integer net: for each perspective the first
// layer's sum of the active features' weights plus a bias, the squared
// clipped ReLU clamp(x, 0, 1)^2, and one linear output per bucket over both
// activations (side to move first). The output o is the evaluation in
// units of nnue.Scale centipawns; the prediction is sigmoid(K * Scale * o),
// K being the engine's centipawn-to-result constant, and the loss is its
// squared error against the target
//
//	lambda * sigmoid(K * score) + (1 - lambda) * result
//
// where score is the record's search score and result 0, 0.5 or 1.
//
// In the general-bucket layout (nnue.ArchGeneral) the first layer has,
// besides each place's rows, one shared row per plain input: an active
// input adds its own row and its shared row, so that what a piece on a
// square is worth wherever the general stands is learnt from every
// position, and the places' rows learn only the difference (their rows
// start at zero). Quantize adds each shared row into its places' rows.
//
// # Training
//
// Positions are split into training and validation blocks (whole blocks of
// consecutive records, so a game rarely falls on both sides). Each epoch
// shuffles the training positions; each batch is split over the workers,
// whose gradients are summed before an Adam step; every weight is clipped
// after each step (nnue.FeatureWeightLimit, nnue.OutputWeightLimit) so that
// the quantised net cannot overflow. The learning rate decays by a factor each epoch. After the
// last epoch the model is quantised (nnue.QA, nnue.QB) and the quantised
// net's validation loss is measured with the engine's integer inference.
package nnuetrain
