// Package engineproc holds what the programs that drive engine processes
// (the match runner, package match, and the browser board, package web)
// share about an engine: its spec (EngineSpec: command, arguments,
// directory, protocol, options, as "cmd=PATH name=NAME option.N=V ..."
// reads), the dialects it may speak (Protocol), the one parser of its info
// lines (ParseInfo) and the conversion of UCI's mate distances to the
// engine's mate scores (MateInMoves, on engine.ScoreMate).
package engineproc
