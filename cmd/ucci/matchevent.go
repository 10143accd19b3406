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
	"github.com/goxq/ucci/internal/safefile"
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
	resume     *resumeFlag
	crashes    *int
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
		tiebreakTC: fs.String("tiebreak-tc", "", "knockout: time control of the replays of tied matches (default -tc)"),
		replays:    fs.Int("replays", 3, "knockout: replays of a tied match before the armageddon game (a draw sends Black through)"),
		groups:     fs.Int("groups", 0, "groups: number of seeded groups"),
		advance:    fs.Int("advance", 1, "groups: players of each group who go on to the final"),
		final:      fs.String("final", "roundrobin", "groups: the final stage, roundrobin or knockout"),
		crosstable: fs.String("crosstable", "", "write the event's crosstable here: .csv or .json by the name, text otherwise"),
		resume:     &resumeFlag{},
		crashes:    fs.Int("crash-limit", 3, "events: withdraw an engine after this many games in a row lost by a crash or a failed start"),
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
	for _, t := range f.teams {
		team, err := parseTeam(t, cfg)
		if err != nil {
			return err
		}
		o.Teams = append(o.Teams, team)
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
// JSON for .json, the text tables otherwise (a new version renamed into
// place when complete: writeOut).
func writeCrosstable(res *match.Result, path string) error {
	if path == "" || res == nil || res.Event == nil {
		return nil
	}
	return writeOut(path, nil, func(w io.Writer) error {
		switch strings.ToLower(filepath.Ext(path)) {
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
