// Package engine implements the xiangqi rules core and the search: board
// representation, FEN, legal move generation, perft, the referee that applies
// the competition rules (mate, stalemate, natural limit, repetition with
// perpetual check and chase), evaluation, time management and the Lazy SMP
// alpha-beta search.
//
// Coordinates follow UCCI: files a-i from Red's left to right, ranks 0-9 from
// Red's back rank. A square is rank*9+file.
package engine
