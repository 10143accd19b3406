package match

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/match/event"
)

// eventConfig returns an event of fake engines whose games are drawn at
// four plies; its places may be shared (no playoff), unless a test asks
// for one.
func eventConfig(t *testing.T, f Format, engines ...engineproc.EngineSpec) Config {
	t.Helper()
	cfg := testConfig(t, engine.StartFEN, engines[0], engines[1])
	cfg.Engines = engines
	cfg.Format, cfg.MaxPlies, cfg.Concurrency = f, 4, 2
	cfg.EventOptions.Playoff = event.PlayoffShare
	return cfg
}

// muteAfterStart returns a fake engine that starts at the event's roll
// call (20.2) and never answers isready after it.
func muteAfterStart(t *testing.T, name string) engineproc.EngineSpec {
	return fake(name, "-starts", filepath.Join(t.TempDir(), name+".starts"), "-readyfor", "1")
}

func fakes(names ...string) []engineproc.EngineSpec {
	var out []engineproc.EngineSpec
	for _, n := range names {
		out = append(out, fake(n))
	}
	return out
}

// TestEventSwissRun plays a Swiss of five fake engines: two games a round
// and a bye, the PGN tags, the crosstable in text, CSV and JSON.
func TestEventSwissRun(t *testing.T) {
	var pgnOut bytes.Buffer
	cfg := eventConfig(t, Swiss, fakes("a", "b", "c", "d", "e")...)
	cfg.EventOptions.Rounds = 3
	cfg.PGN = &pgnOut
	rounds := 0
	cfg.EventOptions.OnRound = func(r *Result) { rounds++ }
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 6 || rounds != 3 || res.Event == nil {
		t.Fatalf("%d games, %d rounds", len(res.Games), rounds)
	}
	games, bad, err := readPGN(pgnOut.String())
	if err != nil || len(bad) > 0 || len(games) != 6 {
		t.Fatalf("PGN: %d games, %v %v", len(games), bad, err)
	}
	boards := map[string]int{}
	for _, g := range games {
		if g.Tag("Stage") != "swiss" || g.Tag("Board") == "" {
			t.Errorf("tags %v", g.Tags)
		}
		boards[g.Tag("Round")+"/"+g.Tag("Board")]++
	}
	for _, k := range []string{"1/1", "1/2", "2/1", "2/2", "3/1", "3/2"} {
		if boards[k] != 1 {
			t.Errorf("round/board %s: %d games", k, boards[k])
		}
	}
	var text, csvOut, js bytes.Buffer
	res.Event.WriteText(&text)
	res.Event.WriteCSV(&csvOut)
	res.Event.WriteJSON(&js)
	if strings.Count(text.String(), "bye") != 3 || !strings.HasPrefix(text.String(), "swiss:\n") {
		t.Errorf("text crosstable:\n%s", text.String())
	}
	if lines := strings.Count(csvOut.String(), "\n"); lines != 6 {
		t.Errorf("CSV has %d lines:\n%s", lines, csvOut.String())
	}
	var decoded struct {
		Format string        `json:"format"`
		Tables []event.Table `json:"tables"`
	}
	if err := json.Unmarshal(js.Bytes(), &decoded); err != nil || decoded.Format != "swiss" || len(decoded.Tables[0].Standings) != 5 || len(decoded.Tables[0].Games) != 9 {
		t.Errorf("JSON %v: %s", err, js.String())
	}
	for _, r := range decoded.Tables[0].Standings {
		if r.Points != 2 || r.Byes != 1 { // three draws or two and a bye
			if r.Points != 1.5 || r.Byes != 0 {
				t.Errorf("row %+v", r)
			}
		}
	}
}

// TestEventResume: an event's PGN resumes it. The complete PGN replays the
// whole event without starting an engine (the engines' executable is
// removed); half of it plays only the other half.
func TestEventResume(t *testing.T) {
	var pgnOut bytes.Buffer
	bin := filepath.Join(t.TempDir(), "engine")
	if data, err := os.ReadFile(fakeBin); err != nil || os.WriteFile(bin, data, 0o755) != nil {
		t.Fatalf("copying the fake engine: %v", err)
	}
	var engines []engineproc.EngineSpec
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		engines = append(engines, engineproc.EngineSpec{Name: n, Cmd: bin})
	}
	cfg := eventConfig(t, Knockout, engines...)
	cfg.Games = 1
	cfg.EventOptions.Replays = 1
	cfg.EventOptions.Armageddon = true
	cfg.PGN = &pgnOut
	full, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	full.Event.WriteText(&want)
	// Every game is drawn: each tie takes the game, a replay and an
	// armageddon game (a draw sends Black through).
	if n := len(full.Games); n != 4*3 {
		t.Fatalf("%d games", n)
	}
	for _, b := range full.Event.Tables()[0].Bracket {
		if !b.Walkover && (!b.Armageddon || b.Replays != 1 || b.Games != 3) {
			t.Errorf("tie %+v: want a replay then armageddon", b)
		}
	}
	if !strings.Contains(want.String(), "in 3 games (1 replay, then armageddon)") {
		t.Errorf("bracket:\n%s", want.String())
	}
	resumed, err := ReadResume(strings.NewReader(pgnOut.String()), "event.pgn")
	if err != nil || resumed.Len() != 12 {
		t.Fatalf("resume: %v, %v", resumed, err)
	}

	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	missing := cfg
	missing.PGN = nil
	missing.EventOptions.Resume = resumed
	again, err := Run(context.Background(), missing)
	if err != nil {
		t.Fatalf("resuming a finished event: %v", err)
	}
	if data, err := os.ReadFile(fakeBin); err != nil || os.WriteFile(bin, data, 0o755) != nil {
		t.Fatalf("copying the fake engine back: %v", err)
	}
	var got bytes.Buffer
	again.Event.WriteText(&got)
	if got.String() != want.String() {
		t.Errorf("resumed:\n%s\nwant:\n%s", got.String(), want.String())
	}

	// Half the games: the rest is played. The games of the PGN are in the
	// order they finished, so the first ones are what an interrupted run
	// leaves.
	half := resumed.first(6)
	played := 0
	cfg.PGN = nil
	cfg.EventOptions.Resume = half
	cfg.OnGame = func(GameResult, *Result) { played++ }
	rest, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if played != 12-half.Len() || len(rest.Games) != 12 || half.Len() == 0 {
		t.Errorf("%d resumed, %d played, %d in all", half.Len(), played, len(rest.Games))
	}

	// A PGN of another event does not resume this one.
	other := cfg
	other.Engines = slices.Clone(engines)
	slices.Reverse(other.Engines)
	other.EventOptions.Resume = resumed
	var re *ResumeError
	if _, err := Run(context.Background(), other); !errors.As(err, &re) || re.Game != 1 || !strings.Contains(err.Error(), "-engine (engine 1) was") {
		t.Errorf("resuming another event: %v", err)
	}
}

// first returns the first n games of the record, as a record of their
// own.
func (r *Resume) first(n int) *Resume {
	out := &Resume{file: r.file, byKey: map[string]int{}}
	for i, rg := range r.games[:n] {
		out.byKey[eventKey(rg.game)] = i
		out.games = append(out.games, rg)
	}
	return out
}

// TestEventWithdrawal: an engine that crashes in every game is withdrawn
// after CrashLimit games; in a round robin of four, withdrawn after one of
// its three games, its results are cancelled (20.3).
func TestEventWithdrawal(t *testing.T) {
	engines := append(fakes("a", "b", "c"), fake("crasher", "-do", "crash"))
	cfg := eventConfig(t, Berger, engines...)
	cfg.EventOptions.CrashLimit = 1
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || !res.Players[3].Withdrawn {
		t.Fatalf("%d games played (want 1 by the crasher, 3 others), %+v", len(res.Games), res.Players[3])
	}
	rows := res.Event.Tables()[0].Standings
	last := rows[3]
	if last.Name != "crasher" || !last.Cancelled {
		t.Errorf("crasher's row %+v", last)
	}
	for _, r := range rows[:3] {
		if r.Games != 2 {
			t.Errorf("%s has %d games after the cancellation", r.Name, r.Games)
		}
	}
	var text bytes.Buffer
	res.Event.WriteText(&text)
	if !strings.Contains(text.String(), "results cancelled") {
		t.Errorf("crosstable:\n%s", text.String())
	}

	// In a Swiss the crasher keeps its (lost) game and is not paired again.
	cfg = eventConfig(t, Swiss, engines...)
	cfg.EventOptions.Rounds, cfg.EventOptions.CrashLimit = 3, 1
	res, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rows = res.Event.Tables()[0].Standings
	for _, r := range rows {
		if r.Name == "crasher" && (r.Games != 1 || !r.Withdrawn || r.Points != 0) {
			t.Errorf("Swiss crasher %+v", r)
		}
	}
	if len(res.Games) != 2+1+1 { // round 1: 2 games; then 3 players: 1 game and a bye
		t.Errorf("%d games", len(res.Games))
	}
}

// TestEventTeamsAndGroups runs a team round robin and groups with a
// knockout final through the runner.
func TestEventTeamsAndGroups(t *testing.T) {
	var pgnOut bytes.Buffer
	cfg := eventConfig(t, Berger, fakes("a1", "a2", "b1", "b2", "c1", "c2")...)
	cfg.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{0, 1}}, {Name: "B", Engines: []int{2, 3}}, {Name: "C", Engines: []int{4, 5}}}
	cfg.PGN = &pgnOut
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 6 {
		t.Errorf("%d games, want 3 matches of 2 boards", len(res.Games))
	}
	games, _, _ := readPGN(pgnOut.String())
	for _, g := range games {
		if g.Tag("RedTeam") == "" || g.Tag("Match") != "1" || (g.Tag("Board") == "1") != (g.Tag("Red")[1] == '1') {
			t.Errorf("team tags %v", g.Tags)
		}
	}
	teams := res.Event.Tables()[0].Teams
	if len(teams) != 3 || teams[0].MatchPoints != 2 || !teams[0].Shared {
		t.Errorf("teams %+v", teams)
	}

	cfg = eventConfig(t, Groups, fakes("1", "2", "3", "4", "5", "6")...)
	cfg.Games = 1
	cfg.EventOptions.Groups, cfg.EventOptions.Advance, cfg.EventOptions.FinalKnockout = 2, 1, true
	cfg.EventOptions.TiebreakControl, _ = timeman.Parse("3+0")
	pgnOut.Reset()
	cfg.PGN = &pgnOut
	res, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tables := res.Event.Tables()
	if len(tables) != 3 || tables[2].System != "knockout" || len(tables[2].Bracket) != 1 || tables[2].Bracket[0].Winner == "" {
		t.Errorf("groups then knockout: %+v", tables)
	}
	games, _, _ = readPGN(pgnOut.String())
	replays := 0
	for _, g := range games {
		if g.Tag("Stage") == "final knockout" && g.Tag("Round") != "1.1" {
			replays++
			if g.Tag("TimeControl") != "3" {
				t.Errorf("a replay at %s", g.Tag("TimeControl"))
			}
		}
	}
	if replays == 0 {
		t.Error("no replay in the final (every game is drawn)")
	}
}

// TestEventDoubleElimination runs a double elimination of four fake
// engines whose games are all drawn: every match goes to the armageddon
// game, Black goes through, and the bracket ends with a champion.
func TestEventDoubleElimination(t *testing.T) {
	cfg := eventConfig(t, DoubleElimination, fakes("a", "b", "c", "d")...)
	cfg.Games = 1
	cfg.EventOptions.Replays = -1
	cfg.EventOptions.Armageddon = true
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tables := res.Event.Tables()
	if len(tables) != 1 || tables[0].Title != "double elimination" {
		t.Fatalf("tables %+v", tables)
	}
	places := tables[0].Standings
	if len(places) != 4 || places[0].Rank != 1 || places[1].Rank != 2 || places[2].Rank != 3 || places[3].Rank != 4 {
		t.Errorf("places %+v", places)
	}
	// Two games each (the match and the armageddon game) for the 6 or 7
	// matches: winners 2+1, losers 1+1, grand final, maybe its reset.
	if n := len(res.Games); n != 12 && n != 14 {
		t.Errorf("%d games", n)
	}
}

// TestEventOptionErrors: settings an event cannot use are refused before
// a game starts.
func TestEventOptionErrors(t *testing.T) {
	sprt, err := ParseSPRT("0,5,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	ctl, _ := timeman.Parse("1+0")
	cases := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"sprt", func(c *Config) { c.SPRT = &sprt }, "SPRT stops a gauntlet or round robin"},
		{"tiebreak", func(c *Config) { c.EventOptions.TiebreakControl = ctl }, "tie-break control is for knockout"},
		{"armageddon", func(c *Config) { c.EventOptions.Armageddon = true }, "armageddon decider is for knockout"},
		{"teams", func(c *Config) {
			c.EventOptions.Teams = []event.Team{{Name: "T", Engines: []int{0}}, {Name: "T", Engines: []int{1}}}
		}, `two teams are named "T"`},
	}
	for _, c := range cases {
		cfg := eventConfig(t, Berger, engineproc.EngineSpec{Name: "a", Cmd: "/nonexistent/a"}, engineproc.EngineSpec{Name: "b", Cmd: "/nonexistent/b"})
		c.edit(&cfg)
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestEventUnplayedGameKeepsItsPlace: both engines of a knockout tie of
// four games fail every handshake; after three they are withdrawn, and the
// tie's fourth game is not played. Its result must go to its own fixture
// (not to another game of the round), so that the tie is settled and the
// event ends.
func TestEventUnplayedGameKeepsItsPlace(t *testing.T) {
	cfg := eventConfig(t, Knockout, muteAfterStart(t, "a"), muteAfterStart(t, "b"))
	cfg.Games, cfg.Concurrency = 4, 1
	cfg.HandshakeTimeout = 400 * time.Millisecond // a fake that answers does so well within it, even on a loaded machine
	cfg.EventOptions.Replays = -1
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("the event did not end: %v", err)
	}
	b := res.Event.Tables()[0].Bracket
	if len(b) != 1 || b[0].Games != 4 {
		t.Errorf("bracket %+v: want the tie's 4 games counted", b)
	}
	if !res.Players[0].Withdrawn || !res.Players[1].Withdrawn {
		t.Errorf("players %+v", res.Players)
	}
}

// TestEventBothAbsent checks 21.3: when neither engine of a game starts,
// both forfeit it (0 each, "-/-"), and neither scores by the other's
// absence. A Swiss of four in which c and d never start: they meet in
// round 2 (both on 0).
func TestEventBothAbsent(t *testing.T) {
	cfg := eventConfig(t, Swiss, fake("a"), fake("b"), muteAfterStart(t, "c"), muteAfterStart(t, "d"))
	cfg.Concurrency = 1
	cfg.HandshakeTimeout = 400 * time.Millisecond // a fake that answers does so well within it, even on a loaded machine
	cfg.EventOptions.Rounds, cfg.EventOptions.CrashLimit = 3, 10
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	table := res.Event.Tables()[0]
	met := false
	for _, g := range table.Games {
		if (g.Red == "c" || g.Red == "d") && (g.Black == "c" || g.Black == "d") {
			met = true
			if g.Result != "-/-" || !g.Forfeit {
				t.Errorf("c - d: %+v, want a double forfeit -/-", g)
			}
		}
	}
	if !met {
		t.Fatalf("c and d did not meet: %+v", table.Games)
	}
	for _, r := range table.Standings {
		if (r.Name == "c" || r.Name == "d") && (r.Points != 0 || r.Rank < 3) {
			t.Errorf("%s never made a move: %+v", r.Name, r)
		}
	}
	for _, g := range res.Games {
		if (g.Red == 2 || g.Red == 3) && (g.Black == 2 || g.Black == 3) {
			t.Errorf("the double forfeit was counted as a game: %s", g.Termination)
		}
	}
}

// TestEventResumeKeepsForfeits: the games an absent engine forfeited are
// forfeits ("+" and "-") again when the event is resumed from its PGN.
func TestEventResumeKeepsForfeits(t *testing.T) {
	var pgnOut bytes.Buffer
	cfg := eventConfig(t, Swiss, fake("a"), fake("b"), fake("c"), muteAfterStart(t, "d"))
	cfg.Concurrency = 1
	cfg.HandshakeTimeout = 400 * time.Millisecond // a fake that answers does so well within it, even on a loaded machine
	cfg.EventOptions.Rounds = 3
	cfg.PGN = &pgnOut
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	res.Event.WriteText(&want)
	if !strings.Contains(want.String(), "-") || !strings.Contains(want.String(), "+") {
		t.Fatalf("no forfeit in the crosstable:\n%s", want.String())
	}
	r, err := ReadResume(strings.NewReader(pgnOut.String()), "event.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg.PGN = nil
	cfg.EventOptions.Resume = r
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	again.Event.WriteText(&got)
	if got.String() != want.String() {
		t.Errorf("resumed:\n%s\nwant:\n%s", got.String(), want.String())
	}
}

// TestEventWithdrawalReport: the report says why an engine was withdrawn
// (games lost by a crash, with the -crash-limit, or failed handshakes) and
// what became of its results: cancelled under 20.3 (not "forfeited the
// rest"), or standing.
func TestEventWithdrawalReport(t *testing.T) {
	engines := append(fakes("a", "b", "c"), fake("crasher", "-do", "crash"))
	cfg := eventConfig(t, Berger, engines...)
	cfg.EventOptions.CrashLimit = 1
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	res.WriteReport(&report)
	text := report.String()
	if !strings.Contains(text, "Withdrawn: crasher, after round 1: 1 game in a row lost by a crash (-crash-limit 1); its results are cancelled (20.3") ||
		strings.Contains(text, "forfeited") {
		t.Errorf("report:\n%s", text)
	}

	cfg = eventConfig(t, Swiss, fake("a"), fake("b"), fake("c"), muteAfterStart(t, "d"))
	cfg.Concurrency = 1
	cfg.HandshakeTimeout = 400 * time.Millisecond // a fake that answers does so well within it, even on a loaded machine
	cfg.EventOptions.Rounds, cfg.EventOptions.CrashLimit = 3, 10
	res, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	report.Reset()
	res.WriteReport(&report)
	if text := report.String(); !strings.Contains(text, "Withdrawn: d, after round 3: 3 failed handshakes in a row; its results stand (20.4)") {
		t.Errorf("report:\n%s", text)
	}
}

// TestEventFouls: the games an engine loses by a foul (here an illegal
// move in every game) are counted in its row and shown in the F column.
func TestEventFouls(t *testing.T) {
	cfg := eventConfig(t, Berger, fake("a"), fake("b"), fake("c", "-do", "illegal"))
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Event.Tables()[0].Standings
	for _, r := range rows {
		if want := map[bool]int{true: 2, false: 0}[r.Name == "c"]; r.Fouls != want {
			t.Errorf("%s: %d fouls, want %d", r.Name, r.Fouls, want)
		}
	}
	var text, csvOut bytes.Buffer
	res.Event.WriteText(&text)
	res.Event.WriteCSV(&csvOut)
	if !strings.Contains(text.String(), "Pts F SB") || !strings.Contains(csvOut.String(), ",fouls,") {
		t.Errorf("crosstable:\n%s\n%s", text.String(), csvOut.String())
	}
}

// TestEventKnockoutLot: a knockout whose games are all drawn: after its
// replay each match goes to the lot (no armageddon game unless asked),
// and the bracket says so.
func TestEventKnockoutLot(t *testing.T) {
	cfg := eventConfig(t, Knockout, fakes("a", "b", "c", "d")...)
	cfg.Games, cfg.EventOptions.Replays = 1, 1
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 3*2 {
		t.Errorf("%d games, want 3 matches of a game and a replay", len(res.Games))
	}
	var text bytes.Buffer
	res.Event.WriteText(&text)
	if strings.Count(text.String(), "in 2 games (1 replay, then the lot)") != 3 {
		t.Errorf("bracket:\n%s", text.String())
	}
}

// TestEventTeamWithdrawal checks 20.3 for teams: six one-board teams in a
// round robin, F's engine crashes in its first match and is withdrawn
// (-crash-limit 1); F has met one of its five opponents, so its results
// are cancelled: it is listed last without a rank, its match is struck
// out of the others' results, and its later matches are not played.
func TestEventTeamWithdrawal(t *testing.T) {
	engines := append(fakes("a", "b", "c", "d", "e"), fake("f", "-do", "crash"))
	cfg := eventConfig(t, Berger, engines...)
	cfg.EventOptions.CrashLimit = 1
	for i, n := range []string{"A", "B", "C", "D", "E", "F"} {
		cfg.EventOptions.Teams = append(cfg.EventOptions.Teams, event.Team{Name: n, Engines: []int{i}})
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 10+1 {
		t.Errorf("%d games, want the 10 among A-E and F's crash", len(res.Games))
	}
	rows := res.Event.Tables()[0].Teams
	last := rows[len(rows)-1]
	if last.Name != "F" || !last.Cancelled || last.Rank != 0 || last.Matches != 0 {
		t.Errorf("F's row %+v", last)
	}
	for _, r := range rows[:5] {
		if r.Matches != 4 || r.Cancelled {
			t.Errorf("%s: %+v, want 4 matches", r.Name, r)
		}
	}
	var report bytes.Buffer
	res.WriteReport(&report)
	if !strings.Contains(report.String(), "its team F withdrew; its results are cancelled (20.3") {
		t.Errorf("report:\n%s", report.String())
	}
}

// TestEventPlayoff checks 15.6: in a round robin whose games are all
// drawn, first place is not shared. By default a playoff of two games
// per pairing among those level (here all four) settles it, at its own
// control, then lots part those still level; -playoff lot settles it by
// lot, share leaves it shared. With two places that must not be shared,
// second place is settled too. A resume of the whole PGN plays nothing
// more and draws the same table.
func TestEventPlayoff(t *testing.T) {
	run := func(rule event.PlayoffRule, places int, pgnOut *bytes.Buffer) (*Result, string) {
		t.Helper()
		cfg := eventConfig(t, Berger, fakes("a", "b", "c", "d")...)
		cfg.EventOptions.Playoff, cfg.EventOptions.PlayoffPlaces = rule, places
		if rule == event.PlayoffGames {
			cfg.EventOptions.PlayoffControl, _ = timeman.Parse("3+0")
		}
		if pgnOut != nil {
			cfg.PGN = pgnOut
		}
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var text bytes.Buffer
		res.Event.WriteText(&text)
		return res, text.String()
	}
	ranks := func(res *Result) string {
		var out []string
		for _, r := range res.Event.Tables()[0].Standings {
			out = append(out, r.Place())
		}
		return strings.Join(out, " ")
	}
	var pgnOut bytes.Buffer
	res, text := run(event.PlayoffGames, 1, &pgnOut)
	if got := ranks(res); got != "1 2= 2= 2=" || len(res.Games) != 6+12 {
		t.Errorf("playoff: places %s, %d games:\n%s", got, len(res.Games), text)
	}
	if !strings.Contains(text, "playoff (round robin):") || !strings.Contains(text, "(playoff 3, lot)") {
		t.Errorf("playoff text:\n%s", text)
	}
	games, _, _ := readPGN(pgnOut.String())
	playoffs := 0
	for _, g := range games {
		if g.Tag("Stage") == "playoff" {
			playoffs++
			if g.Tag("TimeControl") != "3" || g.Tag("EventPlayoff") != "games" {
				t.Errorf("playoff game tags %v", g.Tags)
			}
		}
	}
	if playoffs != 12 {
		t.Errorf("%d playoff games in the PGN", playoffs)
	}
	r, err := ReadResume(strings.NewReader(pgnOut.String()), "event.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg := eventConfig(t, Berger, fakes("a", "b", "c", "d")...)
	cfg.EventOptions.Playoff, cfg.EventOptions.PlayoffPlaces = event.PlayoffGames, 1
	cfg.EventOptions.PlayoffControl, _ = timeman.Parse("3+0")
	cfg.EventOptions.Resume = r
	played := 0
	cfg.OnGame = func(GameResult, *Result) { played++ }
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var againText bytes.Buffer
	again.Event.WriteText(&againText)
	if played != 0 || againText.String() != text {
		t.Errorf("resumed: %d played\n%s\nwant:\n%s", played, againText.String(), text)
	}

	res, text = run(event.PlayoffLot, 1, nil)
	if got := ranks(res); got != "1 2= 2= 2=" || len(res.Games) != 6 || !strings.Contains(text, "(place by lot)") {
		t.Errorf("lot: places %s, %d games:\n%s", got, len(res.Games), text)
	}
	res, text = run(event.PlayoffLot, 2, nil)
	if got := ranks(res); got != "1 2 3= 3=" {
		t.Errorf("lot for two places: %s:\n%s", got, text)
	}
	res, text = run(event.PlayoffShare, 1, nil)
	if got := ranks(res); got != "1= 1= 1= 1=" {
		t.Errorf("share: %s:\n%s", got, text)
	}
}

// TestEventTeamPlayoff: a team round robin whose matches are all drawn
// has one first team, after a playoff of team matches.
func TestEventTeamPlayoff(t *testing.T) {
	cfg := eventConfig(t, Berger, fakes("a1", "a2", "b1", "b2", "c1", "c2")...)
	cfg.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{0, 1}}, {Name: "B", Engines: []int{2, 3}}, {Name: "C", Engines: []int{4, 5}}}
	cfg.EventOptions.Playoff = event.PlayoffGames
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tables := res.Event.Tables()
	teams := tables[0].Teams
	if teams[0].Rank != 1 || teams[0].Shared || teams[0].Playoff == "" || len(tables) != 2 || tables[1].Title != "playoff" {
		t.Errorf("tables %+v", tables)
	}
	if len(res.Games) != 6+12 {
		t.Errorf("%d games, want 6 and a playoff of 3 pairings x 2 matches x 2 boards", len(res.Games))
	}
}

// TestEventTeamKnockout: two teams of two boards in a knockout, two
// matches a tie (13.4, 13.5): the first-listed team (by lot) has Red on
// board 1 in the first match and Black in the second; every game is
// drawn, so after a replay the lot sends a team through; the bracket
// names the teams.
func TestEventTeamKnockout(t *testing.T) {
	cfg := eventConfig(t, Knockout, fakes("a1", "a2", "b1", "b2")...)
	cfg.Games, cfg.EventOptions.Replays = 2, 1
	cfg.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{0, 1}}, {Name: "B", Engines: []int{2, 3}}}
	var pgnOut bytes.Buffer
	cfg.PGN = &pgnOut
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 8 {
		t.Errorf("%d games, want 2 boards x 2 matches x (the tie and its replay)", len(res.Games))
	}
	tables := res.Event.Tables()
	if len(tables) != 1 || len(tables[0].Bracket) != 1 || tables[0].Bracket[0].First != "A" || !tables[0].Bracket[0].Lot || tables[0].Bracket[0].Winner == "" {
		t.Fatalf("tables %+v", tables)
	}
	games, _, _ := readPGN(pgnOut.String())
	board1 := map[string]string{} // round → the team with Red on board 1
	for _, g := range games {
		if g.Tag("Board") == "1" {
			board1[g.Tag("Round")] = g.Tag("RedTeam")
		}
	}
	if board1["1.1"] == board1["1.2"] || board1["1.2"] == board1["1.3"] || board1["1.3"] == board1["1.4"] {
		t.Errorf("board 1's Red by match: %v", board1)
	}
}

// TestEventTeamTotal: 12.5, the engines play a Berger event of their own;
// the teams are ranked by their members' places (15.5).
func TestEventTeamTotal(t *testing.T) {
	cfg := eventConfig(t, Berger, fake("a1"), fake("a2"), fake("b1", "-do", "illegal"), fake("b2"))
	cfg.EventOptions.Teams = []event.Team{{Name: "A", Engines: []int{0, 1}}, {Name: "B", Engines: []int{2, 3}}}
	cfg.EventOptions.TeamSystem = event.TeamTotal
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tables := res.Event.Tables()
	if len(res.Games) != 6 || len(tables) != 2 || tables[1].System != "team total" {
		t.Fatalf("%d games, tables %+v", len(res.Games), tables)
	}
	// b1 loses every game, the others draw theirs: a1, a2 and b2 share
	// first place, b1 is fourth: A 1+1, B 1+4.
	if first := tables[1].Teams[0]; first.Place() != "1" || first.Name != "A" || first.PlaceSum != 2 || tables[1].Teams[1].PlaceSum != 5 {
		t.Errorf("team totals %+v", tables[1].Teams)
	}
	var text bytes.Buffer
	res.Event.WriteText(&text)
	if !strings.Contains(text.String(), "team total:") {
		t.Errorf("text:\n%s", text.String())
	}
}
