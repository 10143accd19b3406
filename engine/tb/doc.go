// Package tb probes endgame tablebases (package tbgen builds them): for an ending with
// attacking pieces (chariot, horse, cannon, soldier) on one side only, the
// exact result of every position with either side to move, found by
// retrograde analysis under the referee's rules.
//
// # Values
//
// Each position holds win, draw or loss for the side to move and, for a
// decisive position, its distance to conversion (DTC) in plies: the number
// of plies, with the winner hurrying and the loser delaying, until a
// capture or the mate (or stalemate) that ends the game. A capture leads
// into a smaller table, which the generator reads as it goes (the smaller
// tables are built first).
//
// # Rules, and why they are exact here
//
// Checkmate and stalemate lose for the side to move (the referee's rule).
// Every position that retrograde analysis does not resolve is a draw:
// neither side can force a mate, a stalemate or a winning conversion, so
// play can only go on for ever. The defender has no attacking piece: its
// general never gives check (the generals may not face each other, so a
// general attacks nothing the rules let it take), and its advisors and
// elephants never give check either, so no cycle is ever a perpetual check
// by the defender. The attacker may give perpetual check, which the
// referee scores as a loss for it; the table treats that line as "not a
// win" (a draw), because the attacker always has the choice not to repeat
// and a cycle never helps it to a forced win. What the table does not
// model are the rare positions where the attacker's only legal moves keep
// up a forbidden perpetual, and chases by the defender's advisors and
// elephants (which may attack an unprotected attacking piece); there the
// referee could decide a repetition the table calls a draw. The
// attacker's own advisors and elephants never leave its half of the
// board, where no defending piece ever goes: they are never attacked or
// taken, and serve as blockers, screens for a cannon and spare moves. Positions
// whose material has no attacking piece on either side are draws (no side
// can ever give check, so there is no mate), and need no table.
//
// # The natural-move limit
//
// The tables ignore the natural-move limit (60 moves without a capture
// under the referee's rules): a win is a win however long its DTC. A
// conversion resets the limit's counter, so the limit matters only within
// one table. A win counts only when its DTC is no more than the plies left
// before the limit (see Value.WinWithin, LossWithin and WDLWithin): the
// search scores a longer one as a draw, at the root and inside the tree,
// as Syzygy's DTZ tables are used with the 50-move rule.
//
// # Indexing and files
//
// A table stores the attacking side as Red; a position with Black
// attacking is flipped top to bottom with the colours swapped. The
// attacking general is kept on files d-e by the left-right mirror, and each
// piece is indexed over the points it can reach (a general its palace, an
// advisor 5 points, an elephant 7, a soldier the 55 it can stand on, the
// other pieces 90); the pieces of one kind are numbered together as a set
// (two advisors on 5 points have 10 indexes, not 25).
// See File for the file format.
package tb
