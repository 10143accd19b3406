package match

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/engineproc"
)

// eventSetting is a setting that defines an event, its pairings or its
// results, as every game of the event's PGN records it in a tag (flag is
// the ucci match flag that sets it), so that a resume with other settings
// can be refused.
type eventSetting struct {
	tag, flag, value string
}

// eventSettings returns the settings of the event of c (with its defaults
// and CrashLimit set), names being the engines' names, in the order of
// the tags:
//
//	[EventFormat "swiss"]          -format
//	[EventEngines "8"]             -engine: how many (SPECs given in -team included)
//	[EventEngine1 "level1 (spec 3fa2b1c09d8e)"]  each: its name and a digest of its SPEC
//	[EventAbsentAtStart "none"]    the engines (by number) that did not start before
//	                               round 1 (20.2; individual events, added by newEventRun)
//	[EventTeams "2"], [EventTeam1 "NAME=ENGINE,ENGINE"]  -team (none: "0")
//	[EventTeamSystem "fixed"], [EventBoards "0"]  -team-system, -boards (team events)
//	[EventRounds "5"]              -rounds (berger, swiss, groups)
//	[EventGroups "2"], [EventAdvance "1"], [EventFinal "roundrobin"]  (groups)
//	[EventPlayoff "games"], [EventPlayoffGames "2"], [EventPlayoffTimeControl "none"], [EventPlayoffPlaces "1"]
//	                               -playoff, -playoff-games, -playoff-tc, -playoff-places (events with a table)
//	[EventGames "2"], [EventReplays "3"], [EventTiebreakTimeControl "3+0.03"], [EventArmageddon "false"]
//	                               -games, -replays, -tiebreak-tc, -armageddon (knockout matches)
//	[EventSeed "1"], [EventOpenings "200 (sha256 ...)"]  -seed, -openings (in play order)
//	[EventTimeControl "10+0.1"], [EventRules "cxa"], [EventNaturalLimit "120"],
//	[EventFolds "3"], [EventMaxPlies "off"], [EventResign "off"], [EventDraw "off"],
//	[EventGrace "200"] (ms), [EventBanMoves "true"], [EventCrashLimit "3"]
//	[EventTablebases "36 tables (sha256 ...)"]  -tb, only when set
func (c *Config) eventSettings(names []string) []eventSetting {
	o := &c.EventOptions
	s := []eventSetting{
		{"EventFormat", "-format", c.Format.String()},
		{"EventEngines", "-engine", strconv.Itoa(len(c.Engines))},
	}
	for i, e := range c.Engines {
		s = append(s, eventSetting{"EventEngine" + strconv.Itoa(i+1), fmt.Sprintf("-engine (engine %d)", i+1),
			names[i] + " (spec " + specDigest(e) + ")"})
	}
	s = append(s, eventSetting{"EventTeams", "-team", strconv.Itoa(len(o.Teams))})
	if len(o.Teams) > 0 {
		s = append(s,
			eventSetting{"EventTeamSystem", "-team-system", o.TeamSystem.String()},
			eventSetting{"EventBoards", "-boards", strconv.Itoa(o.Boards)})
	}
	for i, t := range o.Teams {
		members := make([]string, len(t.Engines))
		for b, e := range t.Engines {
			members[b] = names[e]
		}
		s = append(s, eventSetting{"EventTeam" + strconv.Itoa(i+1), fmt.Sprintf("-team (team %d)", i+1), t.Name + "=" + strings.Join(members, ",")})
	}
	switch c.Format {
	case Berger, Groups:
		s = append(s, eventSetting{"EventRounds", "-rounds", strconv.Itoa(max(o.Rounds, 1))})
	case Swiss:
		s = append(s, eventSetting{"EventRounds", "-rounds", strconv.Itoa(o.Rounds)})
	}
	if c.Format == Groups {
		final := "roundrobin"
		if o.FinalKnockout {
			final = "knockout"
		}
		s = append(s,
			eventSetting{"EventGroups", "-groups", strconv.Itoa(o.Groups)},
			eventSetting{"EventAdvance", "-advance", strconv.Itoa(o.Advance)},
			eventSetting{"EventFinal", "-final", final})
	}
	if c.Format == Berger || c.Format == Swiss || c.Format == Groups && !o.FinalKnockout {
		playoffTC := "none"
		if !o.PlayoffControl.IsZero() {
			playoffTC = o.PlayoffControl.String()
		}
		s = append(s,
			eventSetting{"EventPlayoff", "-playoff", o.Playoff.String()},
			eventSetting{"EventPlayoffGames", "-playoff-games", strconv.Itoa(o.PlayoffGameCount())},
			eventSetting{"EventPlayoffTimeControl", "-playoff-tc", playoffTC},
			eventSetting{"EventPlayoffPlaces", "-playoff-places", strconv.Itoa(o.PlayoffPlaceCount())})
	}
	if c.Format == Knockout || c.Format == DoubleElimination || c.Format == Groups && o.FinalKnockout {
		tiebreak := "none"
		if !o.TiebreakControl.IsZero() {
			tiebreak = o.TiebreakControl.String()
		}
		s = append(s,
			eventSetting{"EventGames", "-games", strconv.Itoa(c.Games)},
			eventSetting{"EventReplays", "-replays", strconv.Itoa(o.ReplayCount())},
			eventSetting{"EventTiebreakTimeControl", "-tiebreak-tc", tiebreak},
			eventSetting{"EventArmageddon", "-armageddon", strconv.FormatBool(o.Armageddon)})
	}
	s = append(s,
		eventSetting{"EventSeed", "-seed", strconv.FormatUint(o.Seed, 10)},
		eventSetting{"EventOpenings", "-openings", openingsDigest(c.Openings)},
		eventSetting{"EventTimeControl", "-tc (with -tc-red, -tc-black, -movecap)", c.Control.String()},
		eventSetting{"EventRules", "-rules", c.Rules.String()},
		eventSetting{"EventNaturalLimit", "-naturallimit", offOr(c.NaturalLimit)},
		eventSetting{"EventFolds", "-folds", strconv.Itoa(c.Folds)},
		eventSetting{"EventMaxPlies", "-maxplies", offOr(c.MaxPlies)},
		eventSetting{"EventResign", "-resign", resignSetting(c.Adjudication)},
		eventSetting{"EventDraw", "-draw", drawSetting(c.Adjudication)},
		eventSetting{"EventGrace", "-grace", offOr(int(c.Grace / time.Millisecond))},
		eventSetting{"EventBanMoves", "-banmoves", strconv.FormatBool(!c.NoBanMoves)},
		eventSetting{"EventCrashLimit", "-crash-limit", strconv.Itoa(o.CrashLimit)},
	)
	if c.Tablebases != nil {
		s = append(s, eventSetting{"EventTablebases", "-tb", tablebasesDigest(c.Tablebases)})
	}
	return s
}

// tablebasesDigest returns the number of tables and the first 12 hex
// digits of the SHA-256 of their materials' names, in order.
func tablebasesDigest(ts *tb.Tables) string {
	h := sha256.New()
	mats := ts.Materials()
	for _, m := range mats {
		fmt.Fprintln(h, m)
	}
	return fmt.Sprintf("%d tables (sha256 %s)", len(mats), hex.EncodeToString(h.Sum(nil)[:6]))
}

// enginesSettings returns the index in settings just after the
// [EventEngineN] tags: where [EventAbsentAtStart] goes.
func enginesSettings(settings []eventSetting) int {
	i := 0
	for i < len(settings) && (settings[i].tag == "EventFormat" || strings.HasPrefix(settings[i].tag, "EventEngine")) {
		i++
	}
	return i
}

// offOr returns n, or "off" when n is not positive.
func offOr(n int) string {
	if n <= 0 {
		return "off"
	}
	return strconv.Itoa(n)
}

// resignSetting and drawSetting write the score rules as -resign and
// -draw take them.
func resignSetting(a ScoreRules) string {
	if a.ResignMoves <= 0 {
		return "off"
	}
	return fmt.Sprintf("%d,%d", a.ResignScore, a.ResignMoves)
}

func drawSetting(a ScoreRules) string {
	if a.DrawMoves <= 0 {
		return "off"
	}
	return fmt.Sprintf("%d,%d,%d", a.DrawScore, a.DrawMoves, a.DrawAfter)
}

// specDigest returns the first 12 hex digits of the SHA-256 of an
// engine's SPEC (command, arguments, directory, protocol, options, units,
// pondering, name), as given.
func specDigest(e engineproc.EngineSpec) string {
	data, _ := json.Marshal(e) // a struct of strings, numbers and booleans
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// openingsDigest returns the number of openings and the first 12 hex
// digits of the SHA-256 of their positions and moves, in play order.
func openingsDigest(ops []Opening) string {
	h := sha256.New()
	for _, o := range ops {
		fmt.Fprint(h, o.FEN)
		for _, m := range o.Moves {
			fmt.Fprint(h, " ", m.String())
		}
		fmt.Fprintln(h)
	}
	return fmt.Sprintf("%d (sha256 %s)", len(ops), hex.EncodeToString(h.Sum(nil)[:6]))
}

// checkSettings refuses a record whose games were played with other
// settings than want (the values as the PGN holds them): the first game
// of the file that differs, with the flag.
func (r *Resume) checkSettings(want []eventSetting) error {
	for _, rg := range r.games {
		g := rg.game
		fail := func(format string, a ...any) error {
			return &ResumeError{File: r.file, Game: rg.number, Reason: fmt.Sprintf(format, a...)}
		}
		if g.Tag("EventFormat") == "" {
			return fail("no [EventFormat] tag: the PGN holds no record of the event's settings (it was written before " +
				"events recorded them, or by another program), so it cannot be checked against this run and is not resumed; " +
				"start the event anew with another -pgn")
		}
		known := map[string]bool{}
		for _, s := range want {
			known[s.tag] = true
			switch got := g.Tag(s.tag); {
			case got == s.value:
			case got == "":
				return fail("the event was played with other settings: there is no [%s] (%s), this run has %q", s.tag, s.flag, s.value)
			default:
				return fail("the event was played with other settings: %s was %q there ([%s]), this run has %q", s.flag, got, s.tag, s.value)
			}
		}
		for _, t := range g.Tags {
			if strings.HasPrefix(t.Name, "Event") && t.Name != "Event" && !known[t.Name] {
				return fail("the event was played with other settings: [%s %q] is no setting of this run", t.Name, t.Value)
			}
		}
	}
	return nil
}
