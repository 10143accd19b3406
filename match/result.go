package match

import (
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match/event"
)

// PlayerStats is one engine's record over the match.
type PlayerStats struct {
	Name string
	Record
	// TimeLosses counts games lost on time.
	TimeLosses int
	// LeftTotal sums the time left on the engine's clock at the end of its
	// games; see AverageLeft.
	LeftTotal time.Duration
	// PonderHits and PonderMisses count the opponent's moves that were and
	// were not the reply the engine pondered on (engines that ponder).
	PonderHits, PonderMisses int
	// Withdrawn is set for an engine that failed its handshake too often in
	// a row, or that an event withdrew (EventOptions.CrashLimit); it
	// forfeited its remaining games. Withdrawal says why: "3 failed
	// handshakes in a row", "after round 2: 3 games in a row lost by a
	// crash (-crash-limit 3)".
	Withdrawn  bool
	Withdrawal string
}

// Points returns wins plus half the draws.
func (p PlayerStats) Points() float64 { return float64(p.Wins) + float64(p.Draws)/2 }

// AverageLeft returns the average time left on the clock at game end.
func (p PlayerStats) AverageLeft() time.Duration {
	if n := p.Games(); n > 0 {
		return p.LeftTotal / time.Duration(n)
	}
	return 0
}

// PairingStats is the record of one pairing from its first engine's view.
type PairingStats struct {
	First, Second int // engine indices
	Record
	// Penta counts completed game pairs (one opening, both colours) by the
	// first engine's points in the pair: 0, 0.5, 1, 1.5, 2.
	Penta [5]int
}

// Result is the state of a match: every finished game and the tallies.
type Result struct {
	// Names are the engines' names (EngineNames: display names, the same
	// name told apart by a number).
	Names []string
	// Format is the tournament format.
	Format Format
	// Planned is the number of scheduled games.
	Planned int
	// Games lists the finished games in the order they finished.
	Games []GameResult
	// Players holds each engine's record (index as Config.Engines).
	Players []PlayerStats
	// Pairings holds the record of each pairing, in schedule order.
	Pairings []PairingStats
	// AbsentAtStart lists the engines of an event that did not start
	// before its first round (20.2): the event was drawn among the
	// others, and they are in neither Names nor Players.
	AbsentAtStart []Absentee
	// Terminations counts the games by the reason they ended.
	Terminations map[engine.Reason]int
	// SPRT is the state of the test, nil without one.
	SPRT *SPRTStatus
	// Interrupted is set when the match was cancelled before the end.
	Interrupted bool
	// Unplayed counts the scheduled games between two absent engines
	// (withdrawn, or in an event both failing to start: 21.3),
	// neither played nor scored.
	Unplayed int
	// Event holds the tables, crosstable and bracket of an event format
	// (nil for gauntlets and round robins).
	Event *event.Event

	pending map[int]float64 // first game of a pair: first engine's points
}

// newResult prepares an empty result.
func newResult(cfg *Config, pairs [][2]int, planned int) *Result {
	r := &Result{
		Format:       cfg.Format,
		Planned:      planned,
		Terminations: map[engine.Reason]int{},
		pending:      map[int]float64{},
	}
	r.Names = EngineNames(cfg.Engines)
	for _, name := range r.Names {
		r.Players = append(r.Players, PlayerStats{Name: name})
	}
	for _, p := range pairs {
		r.Pairings = append(r.Pairings, PairingStats{First: p[0], Second: p[1]})
	}
	return r
}

// add counts a finished game; pair is the id of its game pair.
func (r *Result) add(g GameResult, pair int) {
	r.addUnpaired(g)
	ps := &r.Pairings[g.Pairing]
	s := g.Score(ps.First)
	if first, ok := r.pending[pair]; ok {
		delete(r.pending, pair)
		ps.Penta[int((first+s)*2)]++
	} else {
		r.pending[pair] = s
	}
}

// addUnpaired counts a finished game that belongs to no game pair (an
// event's).
func (r *Result) addUnpaired(g GameResult) {
	r.Games = append(r.Games, g)
	r.Terminations[g.Termination.Reason]++
	for c, e := range [2]int{g.Red, g.Black} {
		p := &r.Players[e]
		p.Record.add(g.Score(e))
		p.LeftTotal += g.Left[c]
		if g.Forfeit[c] {
			p.TimeLosses++
		}
		p.PonderHits += g.PonderHits[c]
		p.PonderMisses += g.PonderMisses[c]
	}
	ps := &r.Pairings[g.Pairing]
	ps.Record.add(g.Score(ps.First))
}
