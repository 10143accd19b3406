package match

import (
	"strconv"

	"github.com/goxq/ucci/engine"
)

// fixture is one game an event schedules: who plays Red and Black, and
// where the game sits in the event (the PGN's [Stage], [Round] and [Board]).
type fixture struct {
	red, black int    // player indices (engines)
	stage      string // "round robin", "swiss", "group A", "final", "winners 1", ...
	round      int    // the round within the stage, from 1
	board      int    // the board (table) of the game in its round, from 1
	// match numbers the team matches of a round from 1 (0 in individual
	// events); board is then the board within the team match.
	match int
	// game numbers the games of a knockout tie from 1 (0 elsewhere): the
	// PGN's round is then "round.game".
	game int
	// tiebreak marks a replay of a tied knockout match (played at
	// -tiebreak-tc when one is given).
	tiebreak bool
	// tie is the knockout tie the game belongs to (nil elsewhere); group
	// numbers the group of a group stage from 1 (0 elsewhere).
	tie   *tie
	group int
	// team is the team match of a board game (nil elsewhere); playoff
	// the playoff a game belongs to (nil elsewhere).
	team    *teamMatch
	playoff *playoffStage
	// opening is the index of the opening the game starts from.
	opening int
}

// roundTag returns the PGN [Round] value: "3", or "3.2" for the second
// game of a knockout tie in round 3.
func (f fixture) roundTag() string {
	if f.game > 0 {
		return strconv.Itoa(f.round) + "." + strconv.Itoa(f.game)
	}
	return strconv.Itoa(f.round)
}

// key identifies a fixture within an event (for resuming from a PGN).
func (f fixture) key() string {
	return f.stage + "|" + f.roundTag() + "|" + strconv.Itoa(f.match) + "|" + strconv.Itoa(f.board)
}

// played is a finished fixture.
type played struct {
	fixture
	// points are Red's and Black's points: 1, ½ or 0 each (a double
	// forfeit gives 0 to both).
	points [2]float64
	// forfeit marks a game decided without play because an engine was
	// absent (withdrawn or could not start): 21.4's "+" and "-".
	forfeit bool
	// crash marks a game lost by a crash (an absent engine included): the
	// runner withdraws an engine after a run of them.
	crash bool
	// fouls marks the side (Red, Black) that lost the game by a foul
	// (犯规, see isFoul).
	fouls [2]bool
}

// isFoul tells whether a game lost for reason r was lost by a foul, as
// this runner counts them for the tie-breaks of 15.1-15.4 and the order of
// 18.4: a forbidden repetition (perpetual check, chase or attack), an
// illegal move, a time forfeit, or failing to start (an absence that is
// not a withdrawal).
func isFoul(r engine.Reason, a absence) bool {
	switch r {
	case engine.PerpetualCheck, engine.PerpetualChase, engine.PerpetualAttack,
		engine.IllegalMove, engine.TimeForfeit:
		return true
	case engine.Crash:
		return a == notStarted
	}
	return false
}

// foulOf returns the game's fouls: the loser's side, when it lost by a
// foul.
func foulOf(g GameResult) [2]bool {
	var out [2]bool
	for side := range 2 {
		c := engine.Color(side)
		if g.Termination.Outcome == engine.WinFor(c.Opponent()) && isFoul(g.Termination.Reason, g.absent[side]) {
			out[side] = true
		}
	}
	return out
}

// pointsOf returns the points player p scored in the game (0 when p did
// not play in it).
func (g played) pointsOf(p int) float64 {
	switch p {
	case g.red:
		return g.points[0]
	case g.black:
		return g.points[1]
	}
	return 0
}

// opponent returns the other player of the game.
func (g played) opponent(p int) int {
	if p == g.red {
		return g.black
	}
	return g.red
}

// has tells whether p played in the game.
func (g played) has(p int) bool { return p == g.red || p == g.black }

// eventFormat runs one event round by round. next returns the games of the
// next round (nil when the event is over); record takes their results in
// the same order; withdraw takes a player out (20.3, 20.4) before the next
// round is made.
type eventFormat interface {
	next() ([]fixture, error)
	record(games []played)
	withdraw(p int)
	// tables returns the format's tables for the event's names.
	tables(ev *Event) []EventTable
}
