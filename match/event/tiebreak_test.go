package event

import (
	"fmt"
	"strings"
	"testing"
)

// games builds the games of a table from "A-B 1", "A-C =", "B-C 0" lines
// (Red first, then Red's result: 1, = or 0; "+" and "-" for forfeits;
// "1f" and "0f" for a game the loser lost by a foul).
func games(t *testing.T, names []string, lines ...string) []Played {
	t.Helper()
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	var out []Played
	for _, l := range lines {
		var pair, res string
		if _, err := fmt.Sscan(l, &pair, &res); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		a, b, _ := strings.Cut(pair, "-")
		g := Played{Fixture: Fixture{Red: idx[a], Black: idx[b]}}
		switch res {
		case "1", "+", "1f":
			g.Points = [2]float64{1, 0}
		case "=":
			g.Points = [2]float64{0.5, 0.5}
		case "0", "-", "0f":
			g.Points = [2]float64{0, 1}
		default:
			t.Fatalf("%q: result %q", l, res)
		}
		switch res { // a loss by a foul: "1f" Black's, "0f" Red's
		case "1f":
			g.Fouls[1] = true
		case "0f":
			g.Fouls[0] = true
		}
		g.Forfeit = res == "+" || res == "-"
		out = append(out, g)
	}
	return out
}

// order prints a table as "C 2.5, B 2.5, A 2 ..." with "=" before a shared rank.
func order(rows []Standing) string {
	var parts []string
	for _, r := range rows {
		s := fmt.Sprintf("%d%s %s", r.Rank, map[bool]string{true: "=", false: ""}[r.Shared], r.Name)
		if r.Cancelled {
			s = "- " + r.Name
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// TestRoundRobinTieBreaks checks the order of 15.1 on constructed single
// round robins of five: the values were worked out by hand.
func TestRoundRobinTieBreaks(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E"}
	all := []int{0, 1, 2, 3, 4}
	for _, c := range []struct {
		what  string
		lines []string
		want  string
		check func(rows []Standing) string
	}{{
		// C and B 2.5 points, SB 4.25 each (C: D 2 + E 1 + ½·B 2.5;
		// B: ½·A 2 + ½·C 2.5 + ½·D 2 + E 1); C has two wins, B one. A and
		// D 2 points: SB A 4.75 (½·B + C + ½·D), D 3.25 (½·A + ½·B + E).
		"wins", []string{"A-B =", "A-C 1", "A-D =", "A-E 0", "B-C =", "B-D =", "B-E 1", "C-D 1", "C-E 1", "D-E 1"},
		"1 C, 2 B, 3 A, 4 D, 5 E",
		func(rows []Standing) string {
			if rows[0].SB != 4.25 || rows[1].SB != 4.25 || rows[2].SB != 4.75 || rows[3].SB != 3.25 {
				return fmt.Sprintf("SB %v %v %v %v", rows[0].SB, rows[1].SB, rows[2].SB, rows[3].SB)
			}
			return ""
		},
	}, {
		// D and A 2.5 points, SB 4.5 (A: B 2 + C 2 + ½·E 1; D: A 2.5 +
		// ½·B 2 + E 1), two wins each: D beat A, so D is first. B and C 2
		// points, SB B 3.75 (C 2 + ½·D + ½·E), C 3.5 (D + E).
		"head-to-head", []string{"A-B 1", "A-C 1", "A-D 0", "A-E =", "B-C 1", "B-D =", "B-E =", "C-D 1", "C-E 1", "D-E 1"},
		"1 D, 2 A, 3 B, 4 C, 5 E",
		func(rows []Standing) string {
			if rows[0].HeadToHead != 1 || rows[1].HeadToHead != 0 {
				return fmt.Sprintf("head-to-head %v %v", rows[0].HeadToHead, rows[1].HeadToHead)
			}
			return ""
		},
	}, {
		// A and B drew and beat everyone else: level on everything, they
		// share first place.
		"shared", []string{"A-B =", "A-C 1", "A-D 1", "A-E 1", "B-C 1", "B-D 1", "B-E 1", "C-D 1", "C-E 1", "D-E 1"},
		"1= A, 1= B, 3 C, 4 D, 5 E", nil,
	}, {
		// A forfeit counts as a win and a loss: A 1.5, C 1, B 0.5.
		"forfeit", []string{"A-B +", "A-C =", "B-C ="},
		"1 A, 2 C, 3 B, 4= D, 4= E", nil,
	}} {
		rows := rankPlayers(all, names, games(t, names, c.lines...), tbRoundRobin, nil, nil)
		if got := order(rows); got != c.want {
			t.Errorf("%s: %s, want %s", c.what, got, c.want)
		}
		if c.check != nil {
			if msg := c.check(rows); msg != "" {
				t.Errorf("%s: %s", c.what, msg)
			}
		}
	}
}

// TestSwissTieBreaks checks 15.2: points, opponents' score, wins, shared.
func TestSwissTieBreaks(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "F"}
	// Three rounds of six players.
	g := games(t, names,
		"A-B 1", "C-D =", "E-F 1", // round 1
		"A-C 1", "B-E 1", "D-F =", // round 2
		"D-A 0", "F-B 0", "C-E 0") // round 3
	// Points: A 3, B 2, C 0.5, D 1, E 2, F 0.5.
	// Buchholz: B = A 3 + E 2 + F 0.5 = 5.5; E = F 0.5 + B 2 + C 0.5 = 3.
	// C = D 1 + A 3 + E 2 = 6; F = E 2 + D 1 + B 2 = 5.
	rows := rankPlayers([]int{0, 1, 2, 3, 4, 5}, names, g, tbSwiss, nil, nil)
	if got, want := order(rows), "1 A, 2 B, 3 E, 4 D, 5 C, 6 F"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	bh := map[string]float64{}
	for _, r := range rows {
		bh[r.Name] = r.Buchholz
	}
	if bh["B"] != 5.5 || bh["E"] != 3 || bh["C"] != 6 || bh["F"] != 5 {
		t.Errorf("Buchholz %v", bh)
	}
	// A bye: a win's point, but no win for the wins tie-break (胜局
	// counts games won) and no opponent for the opponents' score.
	g = append(g, Played{Fixture: Fixture{Red: 5, Black: -1}, Points: [2]float64{1, 0}})
	rows = rankPlayers([]int{0, 1, 2, 3, 4, 5}, names, g, tbSwiss, nil, nil)
	for _, r := range rows {
		if r.Name == "F" && (r.Points != 1.5 || r.Wins != 0 || r.Byes != 1 || r.Games != 3 || r.Buchholz != 5) {
			t.Errorf("F after a bye: %+v", r)
		}
	}
	if got, want := order(rows), "1 A, 2 B, 3 E, 4 F, 5 D, 6 C"; got != want {
		// F 1.5 (Buchholz 5) ahead of D 1 and C 0.5.
		t.Errorf("with a bye: %s, want %s", got, want)
	}
}

// TestFoulsOrder checks 18.4 with 15.1 and 15.2: among players level on
// points, those who lost games by a foul come after those who did not,
// fewer fouls first, before the other tie-breaks.
func TestFoulsOrder(t *testing.T) {
	names := []string{"A", "B", "C", "D"}
	// A round robin of four: A beat B and C, lost to D; B beat C and D; C
	// drew D. A and B 2 points, SB A 2.5 (B 2 + C ½), B 2 (C ½ + D 1½).
	g := games(t, names, "A-B 1", "A-C 1", "A-D 0", "B-C 1", "B-D 1", "C-D =")
	if got, want := order(rankPlayers([]int{0, 1, 2, 3}, names, g, tbRoundRobin, nil, nil)), "1 A, 2 B, 3 D, 4 C"; got != want {
		t.Errorf("round robin: %s, want %s", got, want)
	}
	// A lost to D by a foul: B goes first.
	g = games(t, names, "A-B 1", "A-C 1", "A-D 0f", "B-C 1", "B-D 1", "C-D =")
	rows := rankPlayers([]int{0, 1, 2, 3}, names, g, tbRoundRobin, nil, nil)
	if got, want := order(rows), "1 B, 2 A, 3 D, 4 C"; got != want {
		t.Errorf("round robin with A's foul: %s, want %s", got, want)
	}
	if rows[1].Fouls != 1 || rows[0].Fouls != 0 {
		t.Errorf("fouls %+v %+v", rows[0], rows[1])
	}
	// A Swiss of six over two rounds: A, B and D on 1 point, Buchholz D
	// 3, A 2.5, B 1.5; E and F on ½ share fifth place.
	names = []string{"A", "B", "C", "D", "E", "F"}
	all := []int{0, 1, 2, 3, 4, 5}
	g = games(t, names, "A-C 0", "B-D 0", "E-F =", "A-E 1", "B-F 1", "C-D 1")
	if got, want := order(rankPlayers(all, names, g, tbSwiss, nil, nil)), "1 C, 2 D, 3 A, 4 B, 5= E, 5= F"; got != want {
		t.Errorf("swiss: %s, want %s", got, want)
	}
	// A lost its first game by a foul: it goes after B.
	g = games(t, names, "A-C 0f", "B-D 0", "E-F =", "A-E 1", "B-F 1", "C-D 1")
	if got, want := order(rankPlayers(all, names, g, tbSwiss, nil, nil)), "1 C, 2 D, 3 B, 4 A, 5= E, 5= F"; got != want {
		t.Errorf("swiss with A's foul: %s, want %s", got, want)
	}
}

// TestHeadToHeadColumn: the H2H column of a round-robin grid shows the
// points against the players level on the criteria before it, and "-"
// for a player level with nobody (where nothing is computed).
func TestHeadToHeadColumn(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E"}
	// D and A level on points, SB and wins: D beat A (H2H 1 and 0).
	g := games(t, names, "A-B 1", "A-C 1", "A-D 0", "A-E =", "B-C 1", "B-D =", "B-E =", "C-D 1", "C-E 1", "D-E 1")
	for i := range g {
		g[i].Round = 1
	}
	ev := &Event{names: names}
	table := ev.individual("round robin", "round robin", rankPlayers([]int{0, 1, 2, 3, 4}, names, g, tbRoundRobin, nil, nil), g)
	var b strings.Builder
	writeGrid(&b, table)
	h2h := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n")[1:] {
		f := strings.Fields(line)
		h2h[f[1]] = f[len(f)-1]
	}
	if want := map[string]string{"D": "1", "A": "0", "B": "-", "C": "-", "E": "-"}; fmt.Sprint(h2h) != fmt.Sprint(want) {
		t.Errorf("H2H %v, want %v:\n%s", h2h, want, b.String())
	}
}
