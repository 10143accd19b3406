package match

import (
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
	// Teams, when set, makes a Berger, Swiss, Knockout or
	// DoubleElimination event a team event: the teams meet, their engines
	// playing board against board as TeamSystem sets them (Boards: the
	// boards of a match with reserves or line-ups; 0: a team's engines).
	// With TeamTotal any format is played by the engines, and the teams
	// are ranked by their members' places (12.5, 15.5).
	Teams      []Team
	TeamSystem TeamSystem
	Boards     int
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
	// Playoff settles a place that must not be shared (15.6) when the
	// tie-breaks leave it shared: a playoff of PlayoffGames games per
	// pairing (default 2) at PlayoffControl (default the event's), then
	// lots; lots; or a shared place. The places 1 to PlayoffPlaces
	// (default 1: the champion) must not be shared. Events with a table:
	// Berger, Swiss, teams, Groups with a round-robin final.
	Playoff        PlayoffRule
	PlayoffGames   int
	PlayoffControl timeman.Control
	PlayoffPlaces  int
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

// playoffGames returns the games per pairing of a playoff (default 2).
func (o *EventOptions) playoffGames() int {
	if o.PlayoffGames <= 0 {
		return 2
	}
	return o.PlayoffGames
}

// playoffPlaces returns the places that must not be shared (default 1).
func (o *EventOptions) playoffPlaces() int {
	if o.PlayoffPlaces <= 0 {
		return 1
	}
	return o.PlayoffPlaces
}

// withPlayoff wraps an event with a table in its playoffs (none when
// places may be shared).
func withPlayoff(e eventFormat, o *EventOptions, names []string) eventFormat {
	if o.Playoff == PlayoffShare {
		return e
	}
	switch x := e.(type) {
	case *teamEvent:
		if x.ko != nil {
			return e
		}
		return newTeamPlayoffEvent(x, o)
	case *roundRobinEvent:
		return newPlayoffEvent(x, o, func() []EventStanding { return x.standings(names) })
	case *swissEvent:
		return newPlayoffEvent(x, o, func() []EventStanding { return x.standings(names) })
	case *groupsEvent:
		if x.knockout {
			return e
		}
		return newPlayoffEvent(x, o, func() []EventStanding {
			if x.finalRR == nil {
				return nil
			}
			return x.finalRR.standings(names)
		})
	}
	return e
}

// newEventFormat builds the event of the configuration.
func newEventFormat(cfg *Config, names []string) (eventFormat, error) {
	e, err := newMainFormat(cfg, names)
	if err != nil {
		return nil, err
	}
	return withPlayoff(e, &cfg.EventOptions, names), nil
}

// newMainFormat builds the event of the configuration without its
// playoffs.
func newMainFormat(cfg *Config, names []string) (eventFormat, error) {
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
	if !o.PlayoffControl.IsZero() && o.Playoff != PlayoffGames {
		return nil, fmt.Errorf("a playoff control is for a playoff of games, not -playoff %s", o.Playoff)
	}
	ko := knockoutOptions{perMatch: cfg.Games, replays: o.replays(), armageddon: o.Armageddon, seed: o.Seed, double: cfg.Format == DoubleElimination}
	if len(o.Teams) > 0 && o.TeamSystem == TeamTotal {
		// 12.5: the engines play the individual event; the teams are
		// ranked from it (teamTotals).
		if err := checkTotalTeams(o.Teams, len(cfg.Engines)); err != nil {
			return nil, err
		}
	} else if len(o.Teams) > 0 {
		if o.Boards > 0 && o.TeamSystem != TeamReserves && o.TeamSystem != TeamLineup {
			return nil, fmt.Errorf("boards fewer than a team's engines are for the reserves and line-up systems (12.2, 12.3), not %s", o.TeamSystem)
		}
		to := teamOptions{system: o.TeamSystem, boards: o.Boards, seed: o.Seed}
		switch cfg.Format {
		case Berger:
			to.rounds, to.numbers = cycles, drawNumbers(seeds(len(o.Teams)), o.Seed, lotNumbers)
		case Swiss:
			to.swiss, to.rounds = true, o.Rounds
		case Knockout, DoubleElimination:
			to.knockout = &ko
		default:
			return nil, fmt.Errorf("team events are played as berger, swiss, knockout or double (or any format with -team-system total), not %s", cfg.Format)
		}
		return newTeamEvent(o.Teams, len(cfg.Engines), to)
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
