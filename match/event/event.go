package event

import "strconv"

// Fixture is one game an event schedules: who plays Red and Black, and
// where the game sits in the event (the PGN's [Stage], [Round] and [Board]).
type Fixture struct {
	Red, Black int    // player indices (engines)
	Stage      string // "round robin", "swiss", "group A", "final", "winners 1", ...
	Round      int    // the round within the stage, from 1
	Board      int    // the board (table) of the game in its round, from 1
	// Match numbers the team matches of a round from 1 (0 in individual
	// events); Board is then the board within the team match.
	Match int
	// Game numbers the games of a knockout tie from 1 (0 elsewhere): the
	// PGN's round is then "round.game".
	Game int
	// Tiebreak marks a replay of a tied knockout match (played at
	// -tiebreak-tc when one is given).
	Tiebreak bool
	// tie is the knockout tie the game belongs to (nil elsewhere); group
	// numbers the group of a group stage from 1 (0 elsewhere).
	tie   *tie
	group int
	// team is the team match of a board game (nil elsewhere); playoff
	// the playoff a game belongs to (nil elsewhere).
	team    *teamMatch
	playoff *playoffStage
	// Opening is the index of the opening the game starts from, set by
	// the runner (OpeningOrder chooses it).
	Opening int
}

// RoundTag returns the PGN [Round] value: "3", or "3.2" for the second
// game of a knockout tie in round 3.
func (f Fixture) RoundTag() string {
	if f.Game > 0 {
		return strconv.Itoa(f.Round) + "." + strconv.Itoa(f.Game)
	}
	return strconv.Itoa(f.Round)
}

// InPlayoff tells whether the game belongs to a playoff (15.6), played at
// Options.PlayoffControl when one is given.
func (f Fixture) InPlayoff() bool { return f.playoff != nil }

// Key identifies a fixture within an event (for resuming from a PGN).
func (f Fixture) Key() string {
	return f.Stage + "|" + f.RoundTag() + "|" + strconv.Itoa(f.Match) + "|" + strconv.Itoa(f.Board)
}

// Played is a finished fixture, as the runner reports it to the event.
type Played struct {
	Fixture
	// Points are Red's and Black's points: 1, ½ or 0 each (a double
	// forfeit gives 0 to both).
	Points [2]float64
	// Forfeit marks a game decided without play because an engine was
	// absent (withdrawn or could not start): 21.4's "+" and "-".
	Forfeit bool
	// Crash marks a game lost by a crash (an absent engine included): the
	// runner withdraws an engine after a run of them.
	Crash bool
	// Fouls marks the side (Red, Black) that lost the game by a foul
	// (犯规: a forbidden repetition, an illegal move, a time forfeit, a
	// failed start), for the tie-breaks of 15.1-15.4 and the order of 18.4.
	Fouls [2]bool
}

// pointsOf returns the points player p scored in the game (0 when p did
// not play in it).
func (g Played) pointsOf(p int) float64 {
	switch p {
	case g.Red:
		return g.Points[0]
	case g.Black:
		return g.Points[1]
	}
	return 0
}

// opponent returns the other player of the game.
func (g Played) opponent(p int) int {
	if p == g.Red {
		return g.Black
	}
	return g.Red
}

// has tells whether p played in the game.
func (g Played) has(p int) bool { return p == g.Red || p == g.Black }

// Forfeit returns a game not played because of absent engines: the
// present side wins (21.4's + and -), both lose when both are absent
// (21.3).
func Forfeit(f Fixture, redGone, blackGone bool) Played {
	p := Played{Fixture: f, Forfeit: true}
	if !redGone {
		p.Points[0] = 1
	}
	if !blackGone {
		p.Points[1] = 1
	}
	return p
}

// Next returns the games of the event's next round, none when the event
// is over.
func (ev *Event) Next() ([]Fixture, error) { return ev.format.next() }

// Record takes the results of the round Next returned, in its order.
func (ev *Event) Record(games []Played) { ev.format.record(games) }

// Withdraw takes player p out of the event (20.3, 20.4) before its next
// round is made.
func (ev *Event) Withdraw(p int) { ev.format.withdraw(p) }

// eventFormat runs one event round by round. next returns the games of the
// next round (nil when the event is over); record takes their results in
// the same order; withdraw takes a player out (20.3, 20.4) before the next
// round is made.
type eventFormat interface {
	next() ([]Fixture, error)
	record(games []Played)
	withdraw(p int)
	// tables returns the format's tables for the event's names.
	tables(ev *Event) []Table
}
