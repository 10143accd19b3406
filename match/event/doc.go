// Package event holds the event systems as the competition rules define
// them, without engines: Berger round robins by the round-robin order
// table (13.1), Swiss pairing (a maximum-weight matching by Edmonds'
// blossom algorithm, ranked by Murty's method, with a look-ahead), single
// and double knockouts with replays of tied matches, seeded groups then a
// final, team events by the systems of article 12, playoffs of a shared
// place (15.6), the lots drawn from the seed, withdrawals under 20.3 and
// 20.4, the tables by the tie-breaks of article 15, and the crosstables
// and brackets written as text, CSV or JSON.
//
// An event is played by a runner (package match) through a small
// interface: New builds the Event of a System from its Options and the
// players' names; the runner asks Event.Next for the games of the next
// round (Fixtures), plays them, and reports their results in the same
// order with Event.Record (Played: each side's points, a forfeit, a
// crash, a foul), and withdraws a player with Event.Withdraw; the tables
// are read from the Event as it stands.
//
// The dependency goes one way: match imports event, and event imports
// nothing of match. The systems are rules about players and results, and
// know nothing of engines, processes, clocks or PGN files; they are
// tested here on constructed results (and simulated events), while the
// runner's tests play events with engine processes.
package event
