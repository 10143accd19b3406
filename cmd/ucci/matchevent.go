package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/tuning/match"
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
	groups     *int
	advance    *int
	final      *string
	teams      teamFlags
	crosstable *string
	resume     *bool
	crashes    *int
}

// addEventFlags registers the event flags.
func addEventFlags(fs *flag.FlagSet) *eventFlags {
	f := &eventFlags{
		rounds:     fs.Int("rounds", 0, "swiss: rounds (required); berger, groups: 1 single or 2 double round robin"),
		tiebreakTC: fs.String("tiebreak-tc", "", "knockout: time control of the replays of tied matches (default -tc)"),
		replays:    fs.Int("replays", 3, "knockout: replays of a tied match before the armageddon game (a draw sends Black through)"),
		groups:     fs.Int("groups", 0, "groups: number of seeded groups"),
		advance:    fs.Int("advance", 1, "groups: players of each group who go on to the final"),
		final:      fs.String("final", "roundrobin", "groups: the final stage, roundrobin or knockout"),
		crosstable: fs.String("crosstable", "", "write the event's crosstable here: .csv or .json by the name, text otherwise"),
		resume:     fs.Bool("resume", false, "events: go on with the interrupted event whose games are in -pgn (same flags); new games are appended"),
		crashes:    fs.Int("crash-limit", 3, "events: withdraw an engine after this many games in a row lost by a crash or a failed start"),
	}
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
	switch strings.ToLower(*f.final) {
	case "roundrobin", "rr", "berger":
	case "knockout", "ko":
		o.FinalKnockout = true
	default:
		return fmt.Errorf("-final %q: want roundrobin or knockout", *f.final)
	}
	if *f.tiebreakTC != "" {
		c, err := timeman.Parse(*f.tiebreakTC)
		if err != nil {
			return fmt.Errorf("-tiebreak-tc: %v", err)
		}
		o.TiebreakControl = c
	}
	if !cfg.Format.IsEvent() {
		switch {
		case len(f.teams) > 0, *f.resume, *f.crosstable != "", *f.rounds != 0, *f.groups != 0:
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
	for _, t := range f.teams {
		team, err := parseTeam(t, cfg)
		if err != nil {
			return err
		}
		o.Teams = append(o.Teams, team)
	}
	if *f.resume {
		if pgnPath == "" {
			return errors.New("-resume needs the event's -pgn file")
		}
		fh, err := os.Open(pgnPath)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil // nothing played yet
		case err != nil:
			return err
		}
		defer fh.Close()
		if o.Resume, err = match.ReadResume(fh, pgnPath); err != nil {
			return fmt.Errorf("-resume: %v", err)
		}
	}
	return nil
}

// parseTeam reads NAME=ENGINE,ENGINE,...: an engine is the name of an
// -engine, or a SPEC added to the engines.
func parseTeam(text string, cfg *match.Config) (match.Team, error) {
	name, list, _ := strings.Cut(text, "=")
	t := match.Team{Name: strings.TrimSpace(name)}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		found := -1
		for i, e := range cfg.Engines {
			if e.DisplayName() == item {
				found = i
			}
		}
		if found < 0 {
			spec, err := match.ParseEngineSpec(item)
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

// writeCrosstable writes the event's crosstable to path: CSV for .csv,
// JSON for .json, the text tables otherwise.
func writeCrosstable(res *match.Result, path string) error {
	if path == "" || res == nil || res.Event == nil {
		return nil
	}
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	var werr error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		werr = res.Event.WriteCSV(fh)
	case ".json":
		werr = res.Event.WriteJSON(fh)
	default:
		werr = res.Event.WriteText(fh)
	}
	if err := fh.Close(); werr == nil {
		werr = err
	}
	return werr
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
