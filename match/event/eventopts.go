package event

import (
	"fmt"

	"github.com/goxq/ucci/engine/timeman"
)

// Options are the settings of an event (a System), as the competition
// rules define it; the runner's settings of its games are match.Config's.
type Options struct {
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
}

// ReplayCount returns the number of replays of a tied knockout match:
// Replays with its default, 0 for none.
func (o *Options) ReplayCount() int {
	if o.Replays == 0 {
		return 3
	}
	return max(o.Replays, 0)
}

// PlayoffGameCount returns the games per pairing of a playoff (default 2).
func (o *Options) PlayoffGameCount() int {
	if o.PlayoffGames <= 0 {
		return 2
	}
	return o.PlayoffGames
}

// PlayoffPlaceCount returns the places that must not be shared (default
// 1).
func (o *Options) PlayoffPlaceCount() int {
	if o.PlayoffPlaces <= 0 {
		return 1
	}
	return o.PlayoffPlaces
}

// withPlayoff wraps an event with a table in its playoffs (none when
// places may be shared).
func withPlayoff(e eventFormat, o *Options, names []string) eventFormat {
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
		return newPlayoffEvent(x, o, func() []Standing { return x.standings(names) })
	case *swissEvent:
		return newPlayoffEvent(x, o, func() []Standing { return x.standings(names) })
	case *groupsEvent:
		if x.knockout {
			return e
		}
		return newPlayoffEvent(x, o, func() []Standing {
			if x.finalRR == nil {
				return nil
			}
			return x.finalRR.standings(names)
		})
	}
	return e
}

// New builds the event of system among the players named names, with
// games the games of a knockout match (Knockout, DoubleElimination, Groups
// with FinalKnockout), or an error for settings the system refuses.
func New(system System, games int, o Options, names []string) (*Event, error) {
	e, err := newMainFormat(system, games, o, names)
	if err != nil {
		return nil, err
	}
	return &Event{format: withPlayoff(e, &o, names), names: names, teams: o.Teams, kind: system,
		totals: len(o.Teams) > 0 && o.TeamSystem == TeamTotal}, nil
}

// newMainFormat builds the event of the configuration without its
// playoffs.
func newMainFormat(system System, games int, o Options, names []string) (eventFormat, error) {
	engines := len(names)
	players := seeds(engines)
	cycles := max(o.Rounds, 1)
	knockouts := system == Knockout || system == DoubleElimination || system == Groups && o.FinalKnockout
	if !o.TiebreakControl.IsZero() && !knockouts {
		return nil, fmt.Errorf("a tie-break control is for knockout matches, and a %s event has none", system)
	}
	if o.Armageddon && !knockouts {
		return nil, fmt.Errorf("an armageddon decider is for knockout matches, and a %s event has none", system)
	}
	if !o.PlayoffControl.IsZero() && o.Playoff != PlayoffGames {
		return nil, fmt.Errorf("a playoff control is for a playoff of games, not -playoff %s", o.Playoff)
	}
	ko := knockoutOptions{perMatch: games, replays: o.ReplayCount(), armageddon: o.Armageddon, seed: o.Seed, double: system == DoubleElimination}
	if len(o.Teams) > 0 && o.TeamSystem == TeamTotal {
		// 12.5: the engines play the individual event; the teams are
		// ranked from it (teamTotals).
		if err := checkTotalTeams(o.Teams, engines); err != nil {
			return nil, err
		}
	} else if len(o.Teams) > 0 {
		if o.Boards > 0 && o.TeamSystem != TeamReserves && o.TeamSystem != TeamLineup {
			return nil, fmt.Errorf("boards fewer than a team's engines are for the reserves and line-up systems (12.2, 12.3), not %s", o.TeamSystem)
		}
		to := teamOptions{system: o.TeamSystem, boards: o.Boards, seed: o.Seed}
		switch system {
		case Berger:
			to.rounds, to.numbers = cycles, drawNumbers(seeds(len(o.Teams)), o.Seed, lotNumbers)
		case Swiss:
			to.swiss, to.rounds = true, o.Rounds
		case Knockout, DoubleElimination:
			to.knockout = &ko
		default:
			return nil, fmt.Errorf("team events are played as berger, swiss, knockout or double (or any format with -team-system total), not %s", system)
		}
		return newTeamEvent(o.Teams, engines, to)
	}
	switch system {
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
	return nil, fmt.Errorf("%s is not an event format", system)
}
