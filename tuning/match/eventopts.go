package match

import (
	"errors"
	"fmt"

	"github.com/goxq/ucci/engine/timeman"
)

// EventOptions are the settings of the event formats (Berger, Swiss,
// Knockout, DoubleElimination, Groups).
type EventOptions struct {
	// Rounds is the number of rounds of a Swiss (required), or of cycles
	// of a round robin (Berger, the groups and a round-robin final: 1
	// single, 2 double with the colours swapped; default 1).
	Rounds int
	// TiebreakControl, when set, is the control of the replays of tied
	// knockout matches (Knockout, DoubleElimination, Groups with
	// FinalKnockout; the other formats refuse one).
	TiebreakControl timeman.Control
	// Replays is the number of tied replays of a knockout match (the
	// extra games of 11.1) before the decider; negative means none
	// (default 3).
	Replays int
	// Armageddon makes the decider of a knockout match still tied after
	// its replays one armageddon game (a draw sends Black through); by
	// default the lot decides, drawn from Seed.
	Armageddon bool
	// Groups and Advance: the number of groups, and of players of each
	// that go on to the final (Groups format). FinalKnockout plays the
	// final as a knockout instead of a round robin.
	Groups, Advance int
	FinalKnockout   bool
	// Teams, when set, makes a Berger or Swiss event a team event: the
	// teams meet, their engines playing board against board.
	Teams []Team
	// Seed draws the lots: the numbers of a round robin's table (制签: a
	// Berger event, each group, a round-robin final, a team round robin),
	// the colours of knockout matches and the decider of a tied one.
	Seed uint64
	// Resume, when set, is the record of an interrupted run of the same
	// event (read back from its PGN with ReadResume): its games are taken
	// as played, each replayed through the referee first; a record that
	// does not fit the event stops it with a *ResumeError (CheckResume
	// finds it without playing).
	Resume *Resume
	// CrashLimit withdraws an engine that loses this many games in a row
	// by a crash, a failed start included (default 3).
	CrashLimit int
	// OnRound, if set, is called after each round with the result so far
	// (Result.Event holds the tables).
	OnRound func(*Result)
}

// replays returns the number of replays of a tied knockout match: Replays
// with its default, 0 for none.
func (o *EventOptions) replays() int {
	if o.Replays == 0 {
		return 3
	}
	return max(o.Replays, 0)
}

// newEventFormat builds the event of the configuration.
func newEventFormat(cfg *Config, names []string) (eventFormat, error) {
	o := cfg.EventOptions
	players := seeds(len(cfg.Engines))
	cycles := max(o.Rounds, 1)
	knockouts := cfg.Format == Knockout || cfg.Format == DoubleElimination || cfg.Format == Groups && o.FinalKnockout
	if !o.TiebreakControl.IsZero() && !knockouts {
		return nil, fmt.Errorf("a tie-break control is for knockout matches, and a %s event has none", cfg.Format)
	}
	if o.Armageddon && !knockouts {
		return nil, fmt.Errorf("an armageddon decider is for knockout matches, and a %s event has none", cfg.Format)
	}
	ko := knockoutOptions{perMatch: cfg.Games, replays: o.replays(), armageddon: o.Armageddon, seed: o.Seed, double: cfg.Format == DoubleElimination}
	if len(o.Teams) > 0 {
		switch cfg.Format {
		case Berger:
			return newTeamEvent(o.Teams, len(cfg.Engines), teamOptions{rounds: cycles,
				numbers: drawNumbers(seeds(len(o.Teams)), o.Seed, lotNumbers)})
		case Swiss:
			return newTeamEvent(o.Teams, len(cfg.Engines), teamOptions{swiss: true, rounds: o.Rounds})
		}
		return nil, errors.New("team events are played as berger or swiss")
	}
	switch cfg.Format {
	case Berger:
		if o.Rounds > 2 {
			return nil, fmt.Errorf("a round robin is single or double (-rounds 1 or 2), not %d", o.Rounds)
		}
		return newRoundRobinEvent("round robin", drawNumbers(players, o.Seed, lotNumbers), cycles), nil
	case Swiss:
		return newSwissEvent("swiss", players, o.Rounds)
	case Knockout, DoubleElimination:
		return newKnockoutEvent(players, ko)
	case Groups:
		return newGroupsEvent(players, names, groupsOptions{groups: o.Groups, advance: o.Advance, knockout: o.FinalKnockout, cycles: cycles, ko: ko,
			lots: true, seed: o.Seed})
	}
	return nil, fmt.Errorf("%s is not an event format", cfg.Format)
}
