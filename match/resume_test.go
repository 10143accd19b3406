package match

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/match/event"
)

// bergerPGN plays a round robin of four fake engines (three rounds of two
// games, all drawn at the ply limit) and returns its configuration and
// PGN.
func bergerPGN(t *testing.T) (Config, string) {
	t.Helper()
	cfg := eventConfig(t, Berger, fakes("a", "b", "c", "d")...)
	return cfg, eventPGN(t, cfg)
}

// eventPGN plays the event of cfg and returns its PGN.
func eventPGN(t *testing.T, cfg Config) string {
	t.Helper()
	var out bytes.Buffer
	cfg.PGN = &out
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// pgnGames splits an event PGN into its games' text.
func pgnGames(text string) []string {
	parts := strings.SplitAfter(text, "\n\n[Game ")
	games := make([]string, len(parts))
	for i, p := range parts {
		if i > 0 {
			p = "[Game " + p
		}
		games[i] = strings.TrimSuffix(p, "[Game ")
	}
	return games
}

// editGame returns text with game n (from 1) edited by replacing old with
// new.
func editGame(t *testing.T, text string, n int, old, new string) string {
	t.Helper()
	games := pgnGames(text)
	if !strings.Contains(games[n-1], old) {
		t.Fatalf("game %d has no %q:\n%s", n, old, games[n-1])
	}
	games[n-1] = strings.Replace(games[n-1], old, new, 1)
	return strings.Join(games, "")
}

// TestReadResumeRefuses: a PGN that is not an event's whole record is
// refused with the game and the reason.
func TestReadResumeRefuses(t *testing.T) {
	_, text := bergerPGN(t)
	games := pgnGames(text)
	if len(games) != 6 || strings.Join(games, "") != text {
		t.Fatalf("%d games", len(games))
	}
	noise := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.UintN(256))
	}
	last := games[5]
	cases := []struct {
		name string
		text string
		game int
		want string
	}{
		{"text", "these are not\nthe games you are looking for\n", 0, "not PGN: there is no game in it"},
		{"random bytes", string(noise), -1, ""},
		{"cut in the movetext", text[:strings.LastIndex(text, " 2. ")], 6, "round robin round 3 board"},
		{"cut before the result", strings.TrimSuffix(text, "1/2-1/2\n\n"), 6, "is cut short"},
		{"cut in the tags", text[:len(text)-len(last)+40], 6, "the game is cut short"},
		// Inside the last comment of the last game, whatever its time.
		{"cut in a comment", text[:len(text)-len(last)+strings.LastIndex(last, "{")+2], 6, "is cut short"},
		{"illegal move", editGame(t, text, 2, "1. ", "1. A0-A5 "), 2, `move 1. "A0-A5": illegal move`},
		{"no place", editGame(t, text, 3, "[Stage \"round robin\"]\n", ""), 3, "not a game of an event"},
		{"twice", text + games[0], 7, "is the place of game 1 too"},
		{"unknown ending", editGame(t, text, 4, `[Termination "adjudication"]`, `[Termination "won"]`), 4, `[Termination "won"] is no ending`},
		{"unfinished", editGame(t, editGame(t, text, 4, `[Result "1/2-1/2"]`, `[Result "*"]`), 4, "1/2-1/2\n", "*\n"), 4, "has no result (*)"},
		{"result and marker", editGame(t, text, 5, `[Result "1/2-1/2"]`, `[Result "1-0"]`), 5, `[Result "1-0"] but the movetext ends with 1/2-1/2`},
		{"ply count", editGame(t, text, 1, `[PlyCount "4"]`, `[PlyCount "5"]`), 1, `[PlyCount "5"] but the movetext has 4 plies`},
	}
	for _, c := range cases {
		_, err := ReadResume(strings.NewReader(c.text), "event.pgn")
		var re *ResumeError
		if !errors.As(err, &re) || c.game >= 0 && re.Game != c.game || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want game %d: %q", c.name, err, c.game, c.want)
		}
	}
	for _, empty := range []string{"", "\n \r\n\t\n"} {
		if r, err := ReadResume(strings.NewReader(empty), "event.pgn"); err != nil || r.Len() != 0 {
			t.Errorf("%q: %v %v", empty, r, err)
		}
	}
	if r, err := ReadResume(strings.NewReader(text), "event.pgn"); err != nil || r.Len() != 6 {
		t.Errorf("the whole record: %v %v", r, err)
	}
}

// TestResumeRejudged: the games of a record are replayed through the
// referee and placed in the event before anything is played: an edited
// result or ending, or a game at a place the event does not have, stops
// the resume (CheckResume and Run alike).
func TestResumeRejudged(t *testing.T) {
	cfg, text := bergerPGN(t)
	cases := []struct {
		name string
		text string
		game int
		want string
	}{
		{"a draw made a win", editGame(t, editGame(t, text, 2, `[Result "1/2-1/2"]`, `[Result "1-0"]`), 2, "1/2-1/2\n", "1-0\n"), 2,
			"the game reached the ply limit (4), which draws it"},
		{"another ending", editGame(t, text, 3, `[Termination "adjudication"]`, `[Termination "checkmate"]`), 3,
			"it records 1/2-1/2 checkmate"},
		{"a round the event does not have", editGame(t, text, 1, `[Round "1"]`, `[Round "4"]`), 1, "this event has no such game (its next game to play is round robin round 1 board"},
		{"a stage the event does not have", editGame(t, text, 6, `[Stage "round robin"]`, `[Stage "final"]`), 6, "final round 3 board"},
		{"a board the event does not have", editGame(t, text, 6, `[Board "`, `[Board "3`), 6, "this event has no such game"},
		{"another engine", editGame(t, text, 1, `[Red "`, `[Red "z`), 1, "there (not the same event, or other engines or seed)"},
	}
	for _, c := range cases {
		r, err := ReadResume(strings.NewReader(c.text), "event.pgn")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		resumed := cfg
		resumed.EventOptions.Resume = r
		for _, run := range []func() error{
			func() error { return CheckResume(resumed) },
			func() error { _, err := Run(context.Background(), resumed); return err },
		} {
			var re *ResumeError
			if err := run(); !errors.As(err, &re) || re.Game != c.game || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want game %d: %q", c.name, err, c.game, c.want)
			}
		}
	}
	r, _ := ReadResume(strings.NewReader(text), "event.pgn")
	cfg.EventOptions.Resume = r
	if err := CheckResume(cfg); err != nil {
		t.Errorf("the record as written: %v", err)
	}
}

// TestResumeSettings: every game of an event's PGN records the settings
// that define the event, and a resume with any other is refused, naming
// the flag; a PGN without them (written before they were recorded) is
// refused too.
func TestResumeSettings(t *testing.T) {
	ctl := func(s string) timeman.Control {
		c, err := timeman.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	berger := eventConfig(t, Berger, fakes("a", "b", "c", "d")...)
	berger.EventOptions.Playoff = event.PlayoffGames // all drawn: a playoff in the record
	knockout := eventConfig(t, Knockout, fakes("a", "b")...)
	knockout.Games, knockout.EventOptions.Replays, knockout.EventOptions.TiebreakControl = 1, 1, ctl("3+0")
	teams := eventConfig(t, Swiss, fakes("a1", "a2", "b1", "b2")...)
	teams.EventOptions.Rounds = 1
	teams.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{0, 1}}, {Name: "B", Engines: []int{2, 3}}}
	groups := eventConfig(t, Groups, fakes("1", "2", "3", "4")...)
	groups.EventOptions.Groups, groups.EventOptions.Advance = 2, 1
	other := eventConfig(t, Berger, fakes("a", "b", "c", "d")...).Openings // one opening
	other = append(other, other[0])
	cases := []struct {
		event Config
		flag  string
		edit  func(*Config)
	}{
		{berger, "-format", func(c *Config) { c.Format, c.EventOptions.Rounds = Swiss, 3 }},
		{berger, `-engine was "4"`, func(c *Config) { c.Engines = append(c.Engines, fake("e")) }},
		{berger, "-engine (engine 2)", func(c *Config) { c.Engines[1].Args = []string{"-delay", "1ms"} }},
		{berger, "-engine (engine 3)", func(c *Config) { c.Engines[2].Name = "x" }},
		{berger, "-rounds", func(c *Config) { c.EventOptions.Rounds = 2 }},
		{berger, "-seed", func(c *Config) { c.EventOptions.Seed = 7 }},
		{berger, "-openings", func(c *Config) { c.Openings = other }},
		{berger, "-tc", func(c *Config) { c.Control = ctl("5+0.1") }},
		{berger, "-tc", func(c *Config) { c.Control = ctl("5+0@1") }},
		{berger, "-rules", func(c *Config) { c.Rules = engine.RulesAXF }},
		{berger, "-naturallimit", func(c *Config) { c.NaturalLimit = Off }},
		{berger, "-folds", func(c *Config) { c.Folds = 4 }},
		{berger, "-maxplies", func(c *Config) { c.MaxPlies = 6 }},
		{berger, "-resign", func(c *Config) { c.Adjudication.ParseResign("600,3") }},
		{berger, "-draw", func(c *Config) { c.Adjudication.ParseDraw("0,5,20") }},
		{berger, "-grace", func(c *Config) { c.Grace = Off }},
		{berger, "-banmoves", func(c *Config) { c.NoBanMoves = true }},
		{berger, "-crash-limit", func(c *Config) { c.EventOptions.CrashLimit = 5 }},
		{berger, "-playoff", func(c *Config) { c.EventOptions.Playoff = event.PlayoffLot }},
		{berger, "-playoff-games", func(c *Config) { c.EventOptions.PlayoffGames = 4 }},
		{berger, "-playoff-tc", func(c *Config) { c.EventOptions.PlayoffControl = ctl("2+0") }},
		{berger, "-playoff-places", func(c *Config) { c.EventOptions.PlayoffPlaces = 3 }},
		{knockout, "-games", func(c *Config) { c.Games = 2 }},
		{knockout, "-replays", func(c *Config) { c.EventOptions.Replays = 2 }},
		{knockout, "-armageddon", func(c *Config) { c.EventOptions.Armageddon = true }},
		{knockout, "-tiebreak-tc", func(c *Config) { c.EventOptions.TiebreakControl = timeman.Control{} }},
		{knockout, "-seed", func(c *Config) { c.EventOptions.Seed = 1 }},
		{teams, "-team (team 1)", func(c *Config) { c.EventOptions.Teams[0].Name = "Z" }},
		{teams, "-team (team 1)", func(c *Config) {
			c.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{1, 0}}, {Name: "B", Engines: []int{2, 3}}}
		}},
		{teams, "-team was \"2\"", func(c *Config) { c.EventOptions.Teams = nil; c.EventOptions.Rounds = 3 }},
		{teams, "-team-system", func(c *Config) { c.EventOptions.TeamSystem = event.TeamAllPlay }},
		{groups, "-groups", func(c *Config) { c.EventOptions.Groups = 1 }},
		{groups, "-advance", func(c *Config) { c.EventOptions.Advance = 2 }},
		{groups, "-final", func(c *Config) { c.EventOptions.FinalKnockout = true }},
	}
	records := map[Format]*Resume{}
	for _, event := range []Config{berger, knockout, teams, groups} {
		text := eventPGN(t, event)
		r, err := ReadResume(strings.NewReader(text), "event.pgn")
		if err != nil {
			t.Fatal(err)
		}
		records[event.Format] = r
		resumed := event
		resumed.EventOptions.Resume = r
		if err := CheckResume(resumed); err != nil {
			t.Errorf("%s with its own settings: %v", event.Format, err)
		}
		// The settings follow the standard tags, [Format] and the event's
		// own tags.
		g := r.games[0].game
		var names []string
		for _, tag := range g.Tags {
			names = append(names, tag.Name)
		}
		order := strings.Join(names, " ")
		if names[0] != "Game" || !strings.Contains(order, "Format") || strings.Index(order, "Format") > strings.Index(order, "EventFormat") ||
			strings.Index(order, "Stage") > strings.Index(order, "EventFormat") || g.Tag("EventCrashLimit") != "3" {
			t.Errorf("%s: tags %s", event.Format, order)
		}
		// A PGN written before the settings were recorded.
		var old []string
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "[Event") || strings.HasPrefix(line, "[Event ") {
				old = append(old, line)
			}
		}
		r, err = ReadResume(strings.NewReader(strings.Join(old, "\n")), "old.pgn")
		if err != nil {
			t.Fatal(err)
		}
		resumed.EventOptions.Resume = r
		if err := CheckResume(resumed); err == nil || !strings.Contains(err.Error(), "old.pgn: game 1: no [EventFormat] tag") {
			t.Errorf("%s without the settings' tags: %v", event.Format, err)
		}
	}
	for _, c := range cases {
		cfg := c.event
		cfg.Engines = slices.Clone(cfg.Engines)
		cfg.EventOptions.Teams = slices.Clone(cfg.EventOptions.Teams)
		c.edit(&cfg)
		cfg.EventOptions.Resume = records[c.event.Format]
		var re *ResumeError
		if err := CheckResume(cfg); !errors.As(err, &re) || re.Game != 1 || !strings.Contains(err.Error(), "the event was played with other settings: "+c.flag) {
			t.Errorf("%s %s: %v", c.event.Format, c.flag, err)
		}
	}
}

// TestResumeOddNames: names the PGN writer changes (control characters
// turned into spaces, quotes escaped, a long name cut to fit its line in
// [Red] and in [Black]) still resume their event.
func TestResumeOddNames(t *testing.T) {
	cfg := eventConfig(t, Berger, fakes("tab\there", `quo"te\`, strings.Repeat("long", 70), "d")...)
	r, err := ReadResume(strings.NewReader(eventPGN(t, cfg)), "event.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg.EventOptions.Resume = r
	if err := CheckResume(cfg); err != nil {
		t.Error(err)
	}
}
