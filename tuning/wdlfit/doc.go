// Package wdlfit fits the win/draw/loss model of engine/wdl to game results
// (`ucci tune wdl`, `make wdl`).
//
// Collect replays the games of PGN files (the CCPD master games, the
// engine's own games from `ucci match`), searches a sample of their
// positions to a fixed depth with the engine, as the engine would report
// them, and labels each with the material on the board and the game's
// result from the side to move's view. Fit finds the polynomial
// coefficients of a(m) and b(m) by maximum likelihood (damped Newton
// steps on the mean log-loss), holding out a share of the games to validate the fit.
// WriteGo writes the coefficients as engine/wdl's generated file and
// Chart draws the fitted curves against the data.
//
// Samples can be saved and loaded (WriteSamples, ReadSamples) so that a fit
// can be repeated without searching again. The file format is text, gzip
// when the name ends in .gz: comment lines starting with "#" (the header
// records the search depth and, per source, "# source NAME games G used U"),
// then one sample per line:
//
//	SOURCE<TAB>GAME<TAB>PLY<TAB>SCORE<TAB>MATERIAL<TAB>RESULT
//
// SOURCE is the input file's base name, GAME its game number (from 0), PLY
// the position's ply in the game, SCORE the search score in centipawns and
// RESULT w, d or l, both from the side to move's view.
package wdlfit
