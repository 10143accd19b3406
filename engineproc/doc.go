// Package engineproc drives an engine as a process, for the programs that
// play or analyse with engines (the match runner, package match, and the
// browser board, package web). It holds:
//
//   - the spec of an engine (EngineSpec: command, arguments, directory,
//     protocol, options, as "cmd=PATH name=NAME option.N=V ..." reads) and
//     the dialects it may speak (Protocol: UCCI, Pikafish-style UCI and
//     Fairy-Stockfish's generic UCI with ranks 1-10);
//   - the process: started in a process group of its own (killed with its
//     group, and by the kernel on Linux if the parent dies), its output
//     read line by line with the arrival time, its standard error and all
//     traffic written to a TrafficLog;
//   - the session (OpenSession): the handshake with protocol detection, the
//     spec's options, isready/readyok syncs, new games, quit then kill;
//   - the dialects' commands (SetoptionLine, PositionLine, GoLine, ...), the
//     one parser of bestmove (ParseBestMove) and info lines (ParseInfo), the
//     conversion of UCI's mate distances to the engine's mate scores
//     (MateInMoves, on engine.ScoreMate) and of moves between the
//     conventions' ranks (MoveToEngine, MoveFromEngine);
//   - Engine (OpenEngine), a session for interactive use as a GUI drives
//     one: its output delivered as it arrives, moves in ICCS.
//
// What a match does with a session (clocks, deadlines, judging, pondering)
// is package match's.
package engineproc
