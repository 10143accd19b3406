package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/match/event"
)

// teamFlags collects repeated -team NAME=ENGINE,ENGINE,... flags.
type teamFlags []string

func (t *teamFlags) String() string { return strings.Join(*t, " ") }

func (t *teamFlags) Set(s string) error {
	name, list, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" || strings.TrimSpace(list) == "" {
		return errors.New("want -team NAME=ENGINE,ENGINE,... (engine names of -engine flags, or SPECs)")
	}
	*t = append(*t, s)
	return nil
}

// eventFlags are the flags of the event formats of ucci match.
type eventFlags struct {
	rounds     *int
	tiebreakTC *string
	replays    *int
	armageddon *bool
	groups     *int
	advance    *int
	final      *string
	teams      teamFlags
	crosstable *string
	resume     *resumeFlag
	crashes    *int
	playoff    *string
	playoffGms *int
	playoffTC  *string
	playoffPl  *int
	teamSystem *string
	boards     *int
}

// resumeFlag is -resume: alone, an event goes on from its PGN; with a run
// id (-resume RUN or -resume=RUN), a match on a broker goes on with the
// run.
type resumeFlag struct {
	set bool
	run string
}

func (r *resumeFlag) String() string {
	if r == nil || !r.set {
		return "false"
	}
	if r.run != "" {
		return r.run
	}
	return "true"
}

func (r *resumeFlag) Set(s string) error {
	switch s {
	case "true":
		r.set, r.run = true, ""
	case "false":
		r.set, r.run = false, ""
	default:
		r.set, r.run = true, s
	}
	return nil
}

// IsBoolFlag lets -resume stand alone.
func (r *resumeFlag) IsBoolFlag() bool { return true }

// event tells whether -resume was given alone (an event's resume).
func (r *resumeFlag) event() bool { return r.set && r.run == "" }

// joinResumeRun turns "-resume RUN" into "-resume=RUN" (the flag package
// takes a boolean flag's value only after "="): ucci match has no
// arguments, so a word after -resume is its run id.
func joinResumeRun(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if (a == "-resume" || a == "--resume") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			out = append(out, a+"="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}

// addEventFlags registers the event flags.
func addEventFlags(fs *flag.FlagSet) *eventFlags {
	f := &eventFlags{
		rounds:     fs.Int("rounds", 0, "swiss: rounds (required); berger, groups: 1 single or 2 double round robin"),
		tiebreakTC: fs.String("tiebreak-tc", "", "knockout (also double, groups with -final knockout): time control of the replays of tied matches (default -tc)"),
		replays:    fs.Int("replays", 3, "knockout: replays of a tied match (extra games) before the lot decides it; 0 to 1000"),
		armageddon: fs.Bool("armageddon", false, "knockout: a match still tied after its replays is decided by one armageddon game (a draw sends Black through) instead of by lot"),
		groups:     fs.Int("groups", 0, "groups: number of seeded groups"),
		advance:    fs.Int("advance", 1, "groups: players of each group who go on to the final"),
		final:      fs.String("final", "roundrobin", "groups: the final stage, roundrobin or knockout"),
		crosstable: fs.String("crosstable", "", "write the event's crosstable here: CSV for .csv, JSON for .json, text for .txt or no extension"),
		resume:     &resumeFlag{},
		crashes:    fs.Int("crash-limit", 3, "events: withdraw an engine after this many games in a row lost by a crash or a failed start"),
		playoff:    fs.String("playoff", "games", "berger, swiss, groups (round-robin final), teams: settle a first place (-playoff-places) the tie-breaks leave shared by a playoff of games then lots (games), by lot (lot), or leave it shared (share)"),
		playoffGms: fs.Int("playoff-games", 2, "-playoff games: games per pairing of the playoff (colours swapped from game to game); 1 to 100"),
		playoffTC:  fs.String("playoff-tc", "", "-playoff games: time control of the playoff (default -tc)"),
		playoffPl:  fs.Int("playoff-places", 1, "the places 1 to N that must not be shared (-playoff); 1 to 1000"),
		teamSystem: fs.String("team-system", "fixed", "-team: fixed (boards in the listed order), reserves (-boards N of the listed engines still in, order kept), lineup (board order by lot before each match), allplay (every engine against every engine of the other team), total (the engines play the event, teams ranked by their members' places)"),
		boards:     fs.Int("boards", 0, "-team-system reserves or lineup: boards of a match (default: a team's engines); 1 to 100"),
	}
	fs.Var(f.resume, "resume", "events: go on with the interrupted event whose games are in -pgn (same flags; new games are appended); -resume RUN with -broker: go on with the stopped run RUN (same flags; the PGN is written anew with every game of the run)")
	fs.Var(&f.teams, "team", "a team: NAME=ENGINE,ENGINE,... (repeat; engine names of -engine flags, or SPECs), boards in that order; makes berger or swiss a team event")
	return f
}

// apply fills the event options of cfg; teams may add engines.
func (f *eventFlags) apply(cfg *match.Config, pgnPath string) error {
	o := &cfg.EventOptions
	o.Rounds, o.Groups, o.Advance = *f.rounds, *f.groups, *f.advance
	o.Replays = *f.replays
	if o.Replays == 0 {
		o.Replays = -1 // the flag's 0 means none; the option's 0 the default
	}
	o.CrashLimit = *f.crashes
	o.Armageddon = *f.armageddon
	switch strings.ToLower(*f.final) {
	case "roundrobin", "rr", "berger":
	case "knockout", "ko":
		o.FinalKnockout = true
	default:
		return fmt.Errorf("-final %q: want roundrobin or knockout", *f.final)
	}
	if err := cliflags.IntIn("replays", *f.replays, 0, 1000); err != nil {
		return err
	}
	if err := f.applyPlayoff(cfg); err != nil {
		return err
	}
	if *f.armageddon && !hasKnockout(cfg.Format, o.FinalKnockout) {
		return fmt.Errorf("-armageddon decides a knockout match still tied after its replays: give it with -format knockout, double, or groups with -final knockout, not %s", cfg.Format)
	}
	if *f.tiebreakTC != "" {
		if !hasKnockout(cfg.Format, o.FinalKnockout) {
			return fmt.Errorf("-tiebreak-tc is the control of a knockout's replays: give it with -format knockout, double, or groups with -final knockout, not %s", cfg.Format)
		}
		c, err := timeman.Parse(*f.tiebreakTC)
		if err != nil {
			return fmt.Errorf("-tiebreak-tc: %v", err)
		}
		o.TiebreakControl = c
	}
	if !cfg.Format.IsEvent() {
		switch {
		case len(f.teams) > 0, f.resume.event(), *f.crosstable != "", *f.rounds != 0, *f.groups != 0:
			return fmt.Errorf("-team, -resume, -crosstable, -rounds and -groups are for the event formats (berger, swiss, knockout, double, groups), not %s", cfg.Format)
		}
		return nil
	}
	if cfg.Format == match.Swiss && o.Rounds <= 0 {
		return errors.New("a Swiss needs -rounds N")
	}
	if cfg.Format == match.Groups && o.Groups < 2 {
		return errors.New("-format groups needs -groups K (2 or more)")
	}
	if _, err := crosstableKind(*f.crosstable); err != nil {
		return err
	}
	for _, t := range f.teams {
		team, err := parseTeam(t, cfg)
		if err != nil {
			return err
		}
		for _, other := range o.Teams {
			if other.Name == team.Name {
				return fmt.Errorf("-team: two teams are named %q (a team's name tells it apart in the tables)", team.Name)
			}
		}
		o.Teams = append(o.Teams, team)
	}
	if err := f.applyTeamSystem(o); err != nil {
		return err
	}
	if f.resume.run != "" {
		return errors.New("-resume RUN is for a match on a broker (-broker), not an event")
	}
	if f.resume.event() {
		if pgnPath == "" {
			return errors.New("-resume needs the event's -pgn file")
		}
		fh, _, err := safefile.Open(pgnPath)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil // nothing played yet
		case err != nil:
			return err
		}
		defer fh.Close()
		if o.Resume, err = match.ReadResume(fh, pgnPath); err != nil {
			return err
		}
	}
	return nil
}

// applyTeamSystem fills the team system and boards of a team event (12).
func (f *eventFlags) applyTeamSystem(o *match.EventOptions) error {
	system, err := event.ParseTeamSystem(*f.teamSystem)
	if err != nil {
		return fmt.Errorf("-%v", err)
	}
	switch {
	case len(o.Teams) == 0 && (system != event.TeamFixed || *f.boards != 0):
		return errors.New("-team-system and -boards are for team events (-team)")
	case *f.boards != 0 && system != event.TeamReserves && system != event.TeamLineup:
		return fmt.Errorf("-boards is for -team-system reserves or lineup, not %s", system)
	case *f.boards != 0:
		if err := cliflags.IntIn("boards", *f.boards, 1, 100); err != nil {
			return err
		}
	}
	o.TeamSystem, o.Boards = system, *f.boards
	return nil
}

// applyPlayoff fills the playoff options of cfg (15.6): for the events
// with a table; any other is refused the flags set away from their
// defaults.
func (f *eventFlags) applyPlayoff(cfg *match.Config) error {
	o := &cfg.EventOptions
	table := cfg.Format == match.Berger || cfg.Format == match.Swiss || cfg.Format == match.Groups && !o.FinalKnockout
	if !table {
		if *f.playoff != "games" || *f.playoffGms != 2 || *f.playoffTC != "" || *f.playoffPl != 1 {
			return fmt.Errorf("-playoff, -playoff-games, -playoff-tc and -playoff-places settle the shared places of a table: give them with -format berger, swiss, or groups with -final roundrobin, not %s", cfg.Format)
		}
		return nil
	}
	rule, err := event.ParsePlayoffRule(*f.playoff)
	if err != nil {
		return fmt.Errorf("-%v", err)
	}
	if err := cliflags.FirstError(cliflags.IntIn("playoff-games", *f.playoffGms, 1, 100), cliflags.IntIn("playoff-places", *f.playoffPl, 1, 1000)); err != nil {
		return err
	}
	o.Playoff, o.PlayoffGames, o.PlayoffPlaces = rule, *f.playoffGms, *f.playoffPl
	if *f.playoffTC != "" {
		if rule != event.PlayoffGames {
			return fmt.Errorf("-playoff-tc is the control of a playoff of games, not of -playoff %s", rule)
		}
		c, err := timeman.Parse(*f.playoffTC)
		if err != nil {
			return fmt.Errorf("-playoff-tc: %v", err)
		}
		o.PlayoffControl = c
	}
	return nil
}

// parseTeam reads NAME=ENGINE,ENGINE,...: an engine is the name an
// -engine goes by (match.EngineNames: "ucci (2)" for the second of two
// named ucci), or a SPEC added to the engines.
func parseTeam(text string, cfg *match.Config) (event.Team, error) {
	name, list, _ := strings.Cut(text, "=")
	t := event.Team{Name: strings.TrimSpace(name)}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		found := slices.Index(match.EngineNames(cfg.Engines), item)
		if found < 0 {
			spec, err := engineproc.ParseEngineSpec(item)
			if err != nil {
				return t, fmt.Errorf("-team %s: %q is neither an engine's name nor a SPEC: %v", t.Name, item, err)
			}
			cfg.Engines = append(cfg.Engines, spec)
			found = len(cfg.Engines) - 1
		}
		t.Engines = append(t.Engines, found)
	}
	return t, nil
}

// hasKnockout tells whether an event of format f (with a knockout final
// for groups) plays knockout matches.
func hasKnockout(f match.Format, finalKnockout bool) bool {
	return f == match.Knockout || f == match.DoubleElimination || f == match.Groups && finalKnockout
}

// crosstableKind returns the kind of crosstable the name asks for by its
// extension, case aside: ".csv", ".json", or ".txt" for text (also a name
// without an extension); any other extension is refused, so that a name
// such as out.pgn is not taken for text by mistake.
func crosstableKind(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".csv", ".json", ".txt":
		return ext, nil
	case "":
		return ".txt", nil
	default:
		return "", fmt.Errorf("-crosstable %s: unknown extension %s (want .csv, .json, or .txt or none for text)", path, filepath.Ext(path))
	}
}

// writeCrosstable writes the event's crosstable to path, in the format of
// its extension (crosstableKind): a new version renamed into place when
// complete (writeOut).
func writeCrosstable(res *match.Result, path string) error {
	if path == "" || res == nil || res.Event == nil {
		return nil
	}
	kind, err := crosstableKind(path)
	if err != nil {
		return err
	}
	return writeOut(path, nil, func(w io.Writer) error {
		switch kind {
		case ".csv":
			return res.Event.WriteCSV(w)
		case ".json":
			return res.Event.WriteJSON(w)
		}
		return res.Event.WriteText(w)
	})
}

// roundPrinter prints the tables after each round of an event.
func roundPrinter(w io.Writer) func(*match.Result) {
	round := 0
	return func(r *match.Result) {
		round++
		fmt.Fprintf(w, "\nafter round %d (%d games):\n", round, len(r.Games))
		r.Event.WriteText(w)
	}
}

// matchHeader returns the line that starts a match: its engines, format,
// games (per pairing in a match; per pairing and round in berger and
// swiss, which do not use -games; per match in a knockout), time control,
// openings and concurrency.
func matchHeader(cfg *match.Config) string {
	games := fmt.Sprintf("%d games per pairing", cfg.Games)
	perMatch := fmt.Sprintf("%d games per match", cfg.Games)
	if cfg.Games == 1 {
		perMatch = "1 game per match"
	}
	o := &cfg.EventOptions
	switch cfg.Format {
	case match.Berger:
		games = "single round robin, 1 game per pairing"
		if o.Rounds == 2 {
			games = "double round robin, 1 game per pairing and cycle"
		}
	case match.Swiss:
		games = fmt.Sprintf("%d rounds, 1 game per pairing", o.Rounds)
	case match.Knockout, match.DoubleElimination:
		games = perMatch
	case match.Groups:
		games = fmt.Sprintf("%d groups, 1 game per pairing", o.Groups)
		if o.FinalKnockout {
			games += ", final knockout " + perMatch
		}
	}
	if len(o.Teams) > 0 {
		games = fmt.Sprintf("%d teams, ", len(o.Teams)) + games + " and board"
	}
	return fmt.Sprintf("match: %d engines, %s, %s, tc %s, %d openings, concurrency %d",
		len(cfg.Engines), cfg.Format, games, cfg.Control, len(cfg.Openings), cfg.Concurrency)
}
