package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/pgn"
)

// realEngines returns n -engine flags of the engine at skill level 0 (a
// small node budget: fast games), named l0, l1, ...
func realEngines(tb testing.TB, n int) []string {
	bin := enginetest.Binary(tb)
	var args []string
	for i := range n {
		args = append(args, "-engine", "cmd="+bin+" name=l"+string(rune('0'+i))+" option.skilllevel=0 option.hashsize=4")
	}
	return args
}

// TestMatchSwissEvent plays a Swiss of five real engine processes over
// two rounds (a bye each round) and checks the PGN tags and the CSV
// crosstable.
func TestMatchSwissEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	dir := t.TempDir()
	pgnPath, csvPath := filepath.Join(dir, "swiss.pgn"), filepath.Join(dir, "swiss.csv")
	args := append(realEngines(t, 5), "-format", "swiss", "-rounds", "2", "-playoff", "share", "-tc", "10+0.1", "-maxplies", "30",
		"-concurrency", "2", "-pgn", pgnPath, "-crosstable", csvPath, "-quiet")
	code, out, errOut := runCapture(append([]string{"match"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "swiss:\n") || strings.Contains(out, "swiss (swiss)") || strings.Count(out, "bye") < 2 {
		t.Errorf("report:\n%s", out)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) != 4 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
	for _, g := range games {
		if g.Tag("Stage") != "swiss" || (g.Tag("Round") != "1" && g.Tag("Round") != "2") || g.Tag("Board") == "" {
			t.Errorf("tags %v", g.Tags)
		}
	}
	f, _ := os.Open(csvPath)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 6 || rows[0][0] != "table" {
		t.Errorf("CSV: %v %v", rows, err)
	}
}

// TestMatchKnockoutEvent plays a knockout of four real engines, one game
// a match: games cut at 16 plies are drawn, so ties go to a replay at the
// tie-break control and then (-armageddon) to the armageddon game; the JSON crosstable
// holds the bracket. Resuming the finished event plays nothing more.
func TestMatchKnockoutEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	dir := t.TempDir()
	pgnPath, jsonPath := filepath.Join(dir, "ko.pgn"), filepath.Join(dir, "ko.json")
	args := append(realEngines(t, 4), "-format", "knockout", "-games", "1", "-replays", "1", "-armageddon", "-tc", "10+0.1", "-tiebreak-tc", "5+0.05",
		"-maxplies", "16", "-concurrency", "2", "-seed", "3", "-pgn", pgnPath, "-crosstable", jsonPath, "-quiet")
	code, out, errOut := runCapture(append([]string{"match"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	games, bad, err := pgn.ReadFile(pgnPath)
	if err != nil || len(bad) > 0 || len(games) < 3 {
		t.Fatalf("PGN: %d games, %d bad, %v", len(games), len(bad), err)
	}
	for _, g := range games {
		replay := !strings.HasSuffix(g.Tag("Round"), ".1")
		if replay != (g.Tag("TimeControl") == "5+0.05") || g.Tag("Stage") != "knockout" {
			t.Errorf("round %s at %s", g.Tag("Round"), g.Tag("TimeControl"))
		}
	}
	data, _ := os.ReadFile(jsonPath)
	var ev struct {
		Format string `json:"format"`
		Tables []struct {
			Bracket []struct {
				Round  int    `json:"round"`
				Winner string `json:"winner"`
			} `json:"bracket"`
		} `json:"tables"`
	}
	if err := json.Unmarshal(data, &ev); err != nil || ev.Format != "knockout" || len(ev.Tables) != 1 || len(ev.Tables[0].Bracket) != 3 {
		t.Fatalf("JSON %v:\n%s", err, data)
	}
	if final := ev.Tables[0].Bracket[2]; final.Round != 2 || final.Winner == "" {
		t.Errorf("final %+v", final)
	}
	code, again, errOut := runCapture(append([]string{"match"}, append(args, "-resume")...)...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s", code, errOut)
	}
	after, _, _ := pgn.ReadFile(pgnPath)
	if len(after) != len(games) || !strings.Contains(again, "places:") {
		t.Errorf("resuming the finished event: %d games in the PGN, %d before\n%s", len(after), len(games), again)
	}
}

// TestParseTeamSameNames: a team names an engine by the name it goes by,
// "ucci (2)" for the second of two engines named ucci.
func TestParseTeamSameNames(t *testing.T) {
	cfg := match.Config{Engines: []engineproc.EngineSpec{{Cmd: "/a/ucci"}, {Cmd: "/b/ucci"}, {Cmd: "/c/other"}}}
	team, err := parseTeam("A=ucci (2),other", &cfg)
	if err != nil || !slices.Equal(team.Engines, []int{1, 2}) || len(cfg.Engines) != 3 {
		t.Errorf("team %+v, %d engines, %v", team, len(cfg.Engines), err)
	}
}

// TestMatchEventFlagErrors: flags that make no sense for the format, or
// that would be misread, are refused (exit 2) before anything is played
// or written.
func TestMatchEventFlagErrors(t *testing.T) {
	dir := t.TempDir()
	two := []string{"match", "-engine", "cmd=/nonexistent/a name=a", "-engine", "cmd=/nonexistent/b name=b"}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-format", "knockout", "-replays", "-1"}, "-replays -1: out of range"},
		{[]string{"-format", "berger", "-sprt", "0,5,0.05,0.05"}, "-sprt stops a gauntlet or round robin"},
		{[]string{"-format", "swiss", "-rounds", "2", "-sprt", "0,5,0.05,0.05"}, "-sprt stops a gauntlet or round robin"},
		{[]string{"-tiebreak-tc", "1+0"}, "-tiebreak-tc is the control of a knockout's replays"},
		{[]string{"-format", "swiss", "-rounds", "2", "-tiebreak-tc", "1+0"}, "-tiebreak-tc is the control of a knockout's replays"},
		{[]string{"-format", "groups", "-groups", "2", "-tiebreak-tc", "1+0"}, "-tiebreak-tc is the control of a knockout's replays"},
		{[]string{"-format", "berger", "-armageddon"}, "-armageddon decides a knockout match"},
		{[]string{"-format", "knockout", "-playoff", "lot"}, "settle the shared places of a table"},
		{[]string{"-format", "berger", "-playoff", "coin"}, `-playoff "coin": want games, lot or share`},
		{[]string{"-format", "berger", "-playoff", "lot", "-playoff-tc", "1+0"}, "-playoff-tc is the control of a playoff of games"},
		{[]string{"-format", "berger", "-playoff-games", "0"}, "-playoff-games 0: out of range"},
		{[]string{"-format", "berger", "-team-system", "allplay"}, "-team-system and -boards are for team events"},
		{[]string{"-format", "berger", "-team", "T=a", "-team", "U=b", "-team-system", "mixed"}, `-team system "mixed": want fixed`},
		{[]string{"-format", "berger", "-team", "T=a", "-team", "U=b", "-boards", "1"}, "-boards is for -team-system reserves or lineup"},
		{[]string{"-format", "berger", "-crosstable", filepath.Join(dir, "table.pgn")}, "unknown extension .pgn"},
		{[]string{"-format", "berger", "-crosstable", filepath.Join(dir, "table.csv.bak")}, "unknown extension .bak"},
		{[]string{"-format", "berger", "-team", "T=a", "-team", "T=b"}, `two teams are named "T"`},
	}
	for _, c := range cases {
		code, _, errOut := runCapture(append(append([]string{}, two...), c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, want 2 and %q:\n%s", c.args, code, c.want, errOut)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written: %v", entries)
	}
	for _, ok := range []string{"t.csv", "t.JSON", "t.txt", "table"} {
		if kind, err := crosstableKind(filepath.Join(dir, ok)); err != nil || kind == "" {
			t.Errorf("-crosstable %s: %q %v", ok, kind, err)
		}
	}
}

// TestMatchEventResumeRefused: -resume replays the PGN through the
// referee; a PGN that is not the event's record stops it (exit 2, the game
// and the reason) and is left as it was.
func TestMatchEventResumeRefused(t *testing.T) {
	fake := buildFakeEngine(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "rr.pgn")
	args := []string{"match", "-format", "berger", "-playoff", "share", "-tc", "5+0", "-maxplies", "4", "-concurrency", "2", "-pgn", pgnPath, "-quiet"}
	for _, n := range []string{"a", "b", "c", "d"} {
		args = append(args, "-engine", "cmd="+fake+" name="+n)
	}
	if code, out, errOut := runCapture(args...); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	record, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(record)
	at := strings.Index(text, "\n\n[Game ") + 2 // the second game
	second := text[at:]
	edited := text[:at] + strings.Replace(strings.Replace(second, `[Result "1/2-1/2"]`, `[Result "0-1"]`, 1), "1/2-1/2\n", "0-1\n", 1)
	cases := []struct {
		name, text, want string
	}{
		{"random bytes", "\x8f\x01 \xfe\xff random\x00 bytes\n\x13\x37\n", "rr.pgn: not PGN: there is no game in it"},
		{"an edited result", edited, "rr.pgn: game 2: round robin round "},
		{"an edited result", edited, "it records 0-1 adjudication, but the game reached the ply limit (4), which draws it"},
		{"a truncated game", text[:len(text)-12], "rr.pgn: game 6: round robin round "},
	}
	for _, c := range cases {
		os.WriteFile(pgnPath, []byte(c.text), 0o644)
		code, _, errOut := runCapture(append(args, "-resume")...)
		after, _ := os.ReadFile(pgnPath)
		if code != 2 || !strings.Contains(errOut, c.want) || string(after) != c.text {
			t.Errorf("%s: exit %d, want 2 and %q, the PGN unchanged (%v):\n%s", c.name, code, c.want, string(after) == c.text, errOut)
		}
	}
	// Other flags, or a PGN of the time before the settings were
	// recorded in it.
	var old []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "[Event") || strings.HasPrefix(line, "[Event ") {
			old = append(old, line)
		}
	}
	flagCases := []struct {
		text  string
		flags []string
		want  string
	}{
		{text, []string{"-rounds", "2"}, `game 1: the event was played with other settings: -rounds was "1" there ([EventRounds]), this run has "2"`},
		{text, []string{"-tc", "6+0"}, "other settings: -tc (with -tc-red, -tc-black, -movecap) was \"5\" there"},
		{text, []string{"-seed", "3"}, "other settings: -seed was \"0\" there"},
		{text, []string{"-engine", "cmd=" + fake + " name=e"}, "other settings: -engine was \"4\" there"},
		{text, []string{"-resign", "500,3"}, "other settings: -resign was \"off\" there"},
		{strings.Join(old, "\n"), nil, "game 1: no [EventFormat] tag"},
	}
	for _, c := range flagCases {
		os.WriteFile(pgnPath, []byte(c.text), 0o644)
		code, _, errOut := runCapture(append(append(slices.Clone(args), c.flags...), "-resume")...)
		after, _ := os.ReadFile(pgnPath)
		if code != 2 || !strings.Contains(errOut, c.want) || string(after) != c.text {
			t.Errorf("%q: exit %d, want 2 and %q, the PGN unchanged (%v):\n%s", c.flags, code, c.want, string(after) == c.text, errOut)
		}
	}

	os.WriteFile(pgnPath, record, 0o644)
	code, out, errOut := runCapture(append(args, "-resume")...)
	if after, _ := os.ReadFile(pgnPath); code != 0 || string(after) != text || !strings.Contains(out, "round robin") {
		t.Errorf("resuming the finished event: exit %d, PGN unchanged %v\n%s\n%s", code, string(after) == text, out, errOut)
	}
}

// TestMatchHeader: the line that starts a match says how many games each
// pairing plays in a match, and how an event plays instead (one game per
// pairing and round, the games of a knockout match): not the -games of a
// match, which berger and swiss do not use.
func TestMatchHeader(t *testing.T) {
	cases := []struct {
		format match.Format
		edit   func(*match.Config)
		want   string
	}{
		{match.Gauntlet, nil, "gauntlet, 2 games per pairing"},
		{match.Berger, nil, "berger, single round robin, 1 game per pairing"},
		{match.Berger, func(c *match.Config) { c.EventOptions.Rounds = 2 }, "berger, double round robin, 1 game per pairing and cycle"},
		{match.Swiss, func(c *match.Config) { c.EventOptions.Rounds = 5 }, "swiss, 5 rounds, 1 game per pairing"},
		{match.Knockout, nil, "knockout, 2 games per match"},
	}
	for _, c := range cases {
		cfg := match.Config{Engines: make([]engineproc.EngineSpec, 4), Format: c.format, Games: 2}
		if c.edit != nil {
			c.edit(&cfg)
		}
		if got := matchHeader(&cfg); !strings.Contains(got, ", "+c.want+", tc ") {
			t.Errorf("%s: %q, want %q", c.format, got, c.want)
		}
	}
}
