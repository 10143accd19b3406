package event

import (
	"fmt"
	"strings"
	"testing"
)

// teamRows prints a team table as "1 A 4/2, 2 B 4/2, ..." (rank, name,
// match points/game points), "=" marking a shared rank.
func teamRows(rows []TeamStanding) string {
	var parts []string
	for _, r := range rows {
		parts = append(parts, fmt.Sprintf("%d%s %s %g/%g", r.Rank, map[bool]string{true: "=", false: ""}[r.Shared], r.Name, r.MatchPoints, r.GamePoints))
	}
	return strings.Join(parts, ", ")
}

// playTeams plays the event with Red's points from score(red, black).
func playTeams(t *testing.T, e *teamEvent, score func(red, black int) float64) [][]Fixture {
	t.Helper()
	var rounds [][]Fixture
	for {
		fs, err := e.next()
		if err != nil {
			t.Fatal(err)
		}
		if fs == nil {
			return rounds
		}
		rounds = append(rounds, fs)
		var res []Played
		for _, f := range fs {
			res = append(res, result(f, score(f.Red, f.Black)))
		}
		e.record(res)
	}
}

// TestTeamBoards: four teams of two; the first-listed team of each match
// (the Berger table over the teams) has Red on board 1, the other on
// board 2.
func TestTeamBoards(t *testing.T) {
	teams := []Team{{"A", []int{0, 1}}, {"B", []int{2, 3}}, {"C", []int{4, 5}}, {"D", []int{6, 7}}}
	e, err := newTeamEvent(teams, 8, teamOptions{rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	rounds := playTeams(t, e, func(int, int) float64 { return 1 })
	// Round 1 of the table: 1-4 2-3, so A-D and B-C.
	if got := fixtureText(rounds[0]); got != "1-7 8-2 3-5 6-4" {
		t.Errorf("round 1: %s", got)
	}
	for _, f := range rounds[0] {
		if f.Match == 0 || f.Board != 1+(f.Red%2) {
			t.Errorf("fixture %+v", f)
		}
	}
	// Red wins everything: every match is drawn 1-1.
	for _, r := range e.standings() {
		if r.MatchPoints != 3 || r.GamePoints != 3 || r.Drawn != 3 || r.Rank != 1 || !r.Shared {
			t.Errorf("all drawn: %+v", r)
		}
	}
}

// TestTeamTieBreaks checks the orders on constructed one-board teams
// (match points are twice the game points there).
func TestTeamTieBreaks(t *testing.T) {
	teams := []Team{{"A", []int{0}}, {"B", []int{1}}, {"C", []int{2}}, {"D", []int{3}}}
	// A beats B and D, loses to C; B beats C and D; C draws D. A and B
	// have 4 match points and 2 game points: A beat B, so A is first.
	wins := map[[2]int]float64{{0, 1}: 1, {2, 0}: 1, {0, 3}: 1, {1, 2}: 1, {1, 3}: 1, {2, 3}: 0.5}
	score := func(red, black int) float64 {
		if s, ok := wins[[2]int{red, black}]; ok {
			return s
		}
		return 1 - wins[[2]int{black, red}]
	}
	e, _ := newTeamEvent(teams, 4, teamOptions{rounds: 1})
	playTeams(t, e, score)
	if got, want := teamRows(e.standings()), "1 A 4/2, 2 B 4/2, 3 C 3/1.5, 4 D 1/0.5"; got != want {
		t.Errorf("round robin: %s, want %s", got, want)
	}
	// A team Swiss of five over three rounds: a bye is worth a won match.
	teams = append(teams, Team{"E", []int{4}})
	e, err := newTeamEvent(teams, 5, teamOptions{swiss: true, rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	playTeams(t, e, func(red, black int) float64 { return higherSeedWins(Fixture{Red: red, Black: black}) })
	byes := 0
	for _, m := range e.matches {
		if m.second < 0 {
			byes++
			if m.points[0] != 2 || m.games[0] != 1 {
				t.Errorf("bye %+v", m)
			}
		}
	}
	rows := e.standings()
	if byes != 3 || rows[0].Name != "A" || rows[0].MatchPoints < 4 {
		t.Errorf("%d byes, table %s", byes, teamRows(rows))
	}
	for _, r := range rows {
		if r.Matches != 3 {
			t.Errorf("%s played %d matches", r.Name, r.Matches)
		}
	}
}

func TestTeamChecks(t *testing.T) {
	for _, teams := range [][]Team{
		{{"A", []int{0}}},
		{{"A", []int{0, 1}}, {"B", []int{2}}},
		{{"A", []int{0}}, {"B", []int{0}}},
		{{"A", []int{0}}, {"B", []int{9}}},
		{{"A", []int{0}}, {"B", []int{1}}},
	} {
		if _, err := newTeamEvent(teams, 3, teamOptions{rounds: 1}); err == nil {
			t.Errorf("%v accepted", teams)
		}
	}
}

// boardScores returns a score function (Red's points) from the points of
// engine a against engine b, given once per pair.
func boardScores(points map[[2]int]float64) func(red, black int) float64 {
	return func(red, black int) float64 {
		if s, ok := points[[2]int{red, black}]; ok {
			return s
		}
		return 1 - points[[2]int{black, red}]
	}
}

// TestTeamRoundRobinGamesWon checks 15.3: match points, game points, then
// games won (全队胜局), then head-to-head. Three teams of three boards, all
// on 2 match points and 3 game points: A and C won two games each, B one;
// A beat C.
func TestTeamRoundRobinGamesWon(t *testing.T) {
	teams := []Team{{"A", []int{0, 1, 2}}, {"B", []int{3, 4, 5}}, {"C", []int{6, 7, 8}}}
	score := boardScores(map[[2]int]float64{
		{0, 3}: 0, {1, 4}: 0.5, {2, 5}: 0.5, // A-B 1-2
		{0, 6}: 1, {1, 7}: 1, {2, 8}: 0, // A-C 2-1
		{3, 6}: 0.5, {4, 7}: 0.5, {5, 8}: 0, // B-C 1-2
	})
	e, _ := newTeamEvent(teams, 9, teamOptions{rounds: 1})
	playTeams(t, e, score)
	rows := e.standings()
	if got, want := teamRows(rows), "1 A 2/3, 2 C 2/3, 3 B 2/3"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	won := map[string]int{}
	for _, r := range rows {
		won[r.Name] = r.GamesWon
	}
	if won["A"] != 2 || won["B"] != 1 || won["C"] != 2 {
		t.Errorf("games won %v", won)
	}
}

// TestTeamSwissMatchesWon checks 15.4: match points, opponents' match
// points, game points, then matches won (全队胜场). One-board teams over
// two rounds: X beat P and lost to Q, Y drew Q and P: both have 2 match
// points, 4 opponents' match points and 1 game point; X won a match.
func TestTeamSwissMatchesWon(t *testing.T) {
	teams := []Team{{"X", []int{0}}, {"Y", []int{1}}, {"P", []int{2}}, {"Q", []int{3}}}
	e, err := newTeamEvent(teams, 4, teamOptions{swiss: true, rounds: 2})
	if err != nil {
		t.Fatal(err)
	}
	e.matches = []*teamMatch{
		{round: 1, match: 1, first: 0, second: 2, games: [2]float64{1, 0}, points: [2]float64{2, 0}, boards: 1, won: [2]int{1, 0}},
		{round: 1, match: 2, first: 1, second: 3, games: [2]float64{0.5, 0.5}, points: [2]float64{1, 1}, boards: 1},
		{round: 2, match: 1, first: 3, second: 0, games: [2]float64{1, 0}, points: [2]float64{2, 0}, boards: 1, won: [2]int{1, 0}},
		{round: 2, match: 2, first: 2, second: 1, games: [2]float64{0.5, 0.5}, points: [2]float64{1, 1}, boards: 1},
	}
	if got, want := teamRows(e.standings()), "1 Q 3/1.5, 2 X 2/1, 3 Y 2/1, 4 P 1/0.5"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}

// TestTeamWithdrawalStands: a team that withdraws after meeting half of
// its opponents keeps its results (20.3) and forfeits the rest: its
// opponent wins the match with every board, without a game. A team of
// two boards that loses one engine plays on (the engine's boards are
// forfeited by the runner).
func TestTeamWithdrawalStands(t *testing.T) {
	teams := []Team{{"A", []int{0}}, {"B", []int{1}}, {"C", []int{2}}, {"D", []int{3}}}
	e, _ := newTeamEvent(teams, 4, teamOptions{rounds: 1})
	var games []Fixture
	for r := 1; ; r++ {
		if r == 3 {
			e.withdraw(3) // D after two rounds: two of its three opponents met
		}
		fs, err := e.next()
		if err != nil {
			t.Fatal(err)
		}
		if fs == nil {
			break
		}
		var res []Played
		for _, f := range fs {
			games = append(games, f)
			res = append(res, result(f, 1))
		}
		e.record(res)
	}
	if len(games) != 5 {
		t.Errorf("%d games played, want 5 (D's third match forfeited)", len(games))
	}
	rows := e.standings()
	forfeits := 0
	for _, m := range e.matches {
		if m.forfeit {
			forfeits++
			if d := map[bool]int{true: 1, false: 0}[m.second == 3]; m.points[d] != 0 || m.points[1-d] != 2 || m.games[1-d] != 1 {
				t.Errorf("forfeited match %+v", m)
			}
		}
	}
	for _, r := range rows {
		if r.Name == "D" && (!r.Withdrawn || r.Cancelled || r.Matches != 3 || r.Rank == 0) {
			t.Errorf("D: %+v", r)
		}
	}
	if forfeits != 1 {
		t.Errorf("%d forfeited matches", forfeits)
	}

	teams = []Team{{"A", []int{0, 1}}, {"B", []int{2, 3}}}
	e, _ = newTeamEvent(teams, 4, teamOptions{rounds: 1})
	e.withdraw(1)
	if fs, _ := e.next(); len(fs) != 2 || e.out[0] {
		t.Errorf("a team with one of two engines: %v, out %v", fs, e.out)
	}
}

// TestTeamSystems checks the board rules of 12.2 to 12.4 on two teams.
func TestTeamSystems(t *testing.T) {
	// 12.2: three engines for two boards: the first two still in, in the
	// listed order; once engine 1 is withdrawn, 2 and 3 (never 3 above 2).
	teams := []Team{{"A", []int{0, 1, 2}}, {"B", []int{3, 4, 5}}}
	e, err := newTeamEvent(teams, 6, teamOptions{rounds: 2, system: TeamReserves, boards: 2})
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := e.next()
	if got := fixtureText(fs); got != "1-4 5-2" {
		t.Errorf("reserves, match 1: %s", got)
	}
	e.record([]Played{result(fs[0], 0.5), result(fs[1], 0.5)})
	e.withdraw(0)
	fs, _ = e.next()
	if got := fixtureText(fs); got != "4-2 3-5" {
		t.Errorf("reserves after engine 1 withdrew: %s", got)
	}
	if _, err := newTeamEvent(teams, 6, teamOptions{rounds: 1, system: TeamReserves, boards: 4}); err == nil {
		t.Error("four boards for teams of three accepted")
	}

	// 12.3: the board order is drawn by lot before each match: over a
	// double round robin of two teams, from the seed, not always the
	// listed one, and the same for the same seed.
	orders := map[string]bool{}
	for seed := uint64(0); seed < 6; seed++ {
		var text []string
		for range 2 {
			e, _ := newTeamEvent(teams, 6, teamOptions{rounds: 2, system: TeamLineup, seed: seed})
			fs, _ := e.next()
			text = append(text, fixtureText(fs))
		}
		if text[0] != text[1] {
			t.Errorf("seed %d: line-ups %v", seed, text)
		}
		orders[text[0]] = true
	}
	if len(orders) < 3 {
		t.Errorf("line-ups by lot: %v", orders)
	}

	// 12.4: every engine of A meets every engine of B, each engine Red
	// and Black as evenly as can be.
	e, _ = newTeamEvent([]Team{{"A", []int{0, 1}}, {"B", []int{2, 3}}}, 4, teamOptions{rounds: 1, system: TeamAllPlay})
	fs, _ = e.next()
	met := map[[2]int]bool{}
	reds := map[int]int{}
	var res []Played
	for _, f := range fs {
		met[[2]int{min(f.Red, f.Black), max(f.Red, f.Black)}] = true
		reds[f.Red]++
		res = append(res, result(f, 1))
	}
	if len(fs) != 4 || len(met) != 4 || reds[0] != 1 || reds[1] != 1 || reds[2] != 1 || reds[3] != 1 {
		t.Errorf("all-play match %s", fixtureText(fs))
	}
	e.record(res)
	if rows := e.standings(); rows[0].MatchPoints != 1 || rows[0].GamePoints != 2 || rows[0].Matches != 1 {
		t.Errorf("all-play table %+v", rows)
	}
}

// TestTeamTotals checks 15.5 on constructed places: the sum of the
// members' places, then the best place, the second, ..., then fouls.
func TestTeamTotals(t *testing.T) {
	rows := []Standing{
		{Player: 0, Rank: 1}, {Player: 1, Rank: 2}, {Player: 2, Rank: 3}, {Player: 3, Rank: 4},
		{Player: 4, Rank: 5}, {Player: 5, Rank: 6}, {Player: 6, Rank: 7, Fouls: 1}, {Player: 7, Rank: 7},
	}
	// A 1+6 = 7, B 2+5 = 7 (A's best place wins), C 3+4 = 7 (worse best
	// than A and B), D 7+7 with a foul against E 7+7 without... D and E
	// share members? No: D {6}, E {7}: both 7, E without the foul first.
	teams := []Team{{"A", []int{0, 5}}, {"B", []int{1, 4}}, {"C", []int{2, 3}}, {"D", []int{6}}, {"E", []int{7}}}
	got := teamTotals(rows, teams)
	var parts []string
	for _, r := range got {
		parts = append(parts, fmt.Sprintf("%d %s %d", r.Rank, r.Name, r.PlaceSum))
	}
	if s, want := strings.Join(parts, ", "), "1 A 7, 2 B 7, 3 C 7, 4 E 7, 5 D 7"; s != want {
		t.Errorf("%s, want %s", s, want)
	}
}
