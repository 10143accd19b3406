// Package web is the board in the browser of `ucci serve`: an HTTP server
// that serves a page embedded in the binary and talks to it over a
// WebSocket, one session per tab. A session holds the board (a record of
// moves with a cursor, judged by the engine's referee), an optional game
// against an engine (clocks, strength, draw offers, resignation, take
// back) and the analysis of the position shown (MultiPV lines with win,
// draw and loss chances from the engine/wdl model, the book's moves). Its
// engine is a process started through the match runner's engine code
// (match.OpenEngine), whose info lines engineproc reads, chosen by index
// from the server's list; it ends when the tab closes.
package web
