// Package web is the board in the browser of `ucci serve`: an HTTP server
// that serves a page embedded in the binary and talks to it over a
// WebSocket, one session per tab. A session holds the board (a record: a
// tree of moves, the main line with its variations, and the line shown
// with a cursor, judged by the engine's referee), an optional game
// against an engine (clocks, strength, draw offers, resignation, take
// back) and the analysis of the position shown (MultiPV lines with win,
// draw and loss chances from the engine/wdl model, the book's moves). Its
// engine is a process driven through engineproc (OpenEngine, its info
// lines read by ParseInfo), chosen by index from the server's list, and
// ends when the tab closes. The page keeps the board and its settings in the browser's
// local storage and sends them back when it opens again; the server keeps
// nothing after a tab closes.
package web
