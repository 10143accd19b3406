// Package protocol implements the engine's front end: the UCCI 3.0 protocol
// and the UCI dialect of xiangqi GUIs in one command loop, chosen by the
// first command (ucci or uci; a bare position/fen/startpos line selects UCI).
//
// Stdout carries protocol lines only, one per write, flushed at once; the
// loop never writes to stderr. Diagnostics go to a zerolog log file when one
// is configured. Bad input never stops the loop: a malformed FEN leaves no
// position (the next go answers nobestmove / bestmove (none)), a move list is
// applied up to its first illegal move, and unknown commands and options are
// ignored (UCCI) or reported with info string (UCI). Commands that arrive
// while the engine thinks are queued and applied after the search, except
// isready, stop, ponderhit, probe and quit, which are answered at once.
package protocol
