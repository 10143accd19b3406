package event

import (
	"fmt"
	"strings"
	"testing"
)

// bergerText prints a table as "1-8 2-7 3-6 4-5 / 8-5 ..." with 1-based
// numbers.
func bergerText(rounds [][][2]int) string {
	var rs []string
	for _, r := range rounds {
		var ps []string
		for _, p := range r {
			ps = append(ps, fmt.Sprintf("%d-%d", p[0]+1, p[1]+1))
		}
		rs = append(rs, strings.Join(ps, " "))
	}
	return strings.Join(rs, " / ")
}

// TestBergerTables compares the tables with the published round-robin
// order tables (FIDE C.05 annex 1, the same as the Chinese 循环赛轮次表):
// the first-listed number plays Red; odd counts have the bye where the
// highest number would stand.
func TestBergerTables(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{4, "1-4 2-3 / 4-3 1-2 / 2-4 3-1"},
		{3, "2-3 / 1-2 / 3-1"},
		{6, "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1"},
		{8, "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / " +
			"3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1"},
		{10, "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / " +
			"10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / " +
			"4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1"},
	} {
		if got := bergerText(bergerRounds(c.n)); got != c.want {
			t.Errorf("%d players:\n got %s\nwant %s", c.n, got, c.want)
		}
	}
}

// TestBergerProperties checks every size up to 24: each pair meets once,
// each round seats everyone (but the bye), colours differ by at most one,
// and the second cycle swaps every game's colours.
func TestBergerProperties(t *testing.T) {
	for n := 2; n <= 24; n++ {
		rounds := roundRobinRounds(n, 2)
		if want := 2 * (n - 1 + n%2); len(rounds) != want {
			t.Fatalf("%d players: %d rounds, want %d", n, len(rounds), want)
		}
		half := len(rounds) / 2
		met := map[[2]int]int{}
		reds := make([]int, n)
		for r, pairs := range rounds {
			if len(pairs) != n/2 {
				t.Errorf("%d players round %d: %d pairs", n, r+1, len(pairs))
			}
			seen := map[int]bool{}
			for i, p := range pairs {
				if seen[p[0]] || seen[p[1]] || p[0] == p[1] {
					t.Errorf("%d players round %d: %v seated twice", n, r+1, p)
				}
				seen[p[0]], seen[p[1]] = true, true
				met[[2]int{min(p[0], p[1]), max(p[0], p[1])}]++
				if r < half {
					reds[p[0]]++
					if q := rounds[r+half][i]; q != [2]int{p[1], p[0]} {
						t.Errorf("%d players round %d board %d: second cycle %v, want colours swapped of %v", n, r+1, i+1, q, p)
					}
				}
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Errorf("%d players: %d distinct pairs", n, len(met))
		}
		for pr, k := range met {
			if k != 2 {
				t.Errorf("%d players: %v meet %d times in a double round robin", n, pr, k)
			}
		}
		for p, r := range reds {
			if games := n - 1; 2*r < games-1 || 2*r > games+1 {
				t.Errorf("%d players: player %d has %d Reds of %d games", n, p+1, r, games)
			}
		}
	}
}

// TestNumbersByLot: the numbers of a round robin's table are drawn by lot
// (制签) from the seed, in a Berger event, in each group and in a team
// round robin: another seed draws another order, the same seed the same.
func TestNumbersByLot(t *testing.T) {
	tableOrder := func(system System, o Options, names []string) []int {
		t.Helper()
		ev, err := New(system, 2, o, names)
		if err != nil {
			t.Fatal(err)
		}
		f := ev.format
		if p, ok := f.(*playoffEvent); ok {
			f = p.main
		}
		switch e := f.(type) {
		case *roundRobinEvent:
			return e.players
		case *groupsEvent:
			return append(append([]int(nil), e.groups[0].players...), e.groups[1].players...)
		case *teamEvent:
			return e.inner.(*roundRobinEvent).players
		}
		t.Fatalf("format %T", f)
		return nil
	}
	for _, c := range []struct {
		name   string
		system System
		o      Options
		names  []string
	}{
		{"berger", Berger, Options{}, []string{"1", "2", "3", "4", "5", "6", "7", "8"}},
		{"groups", Groups, Options{Groups: 2, Advance: 1}, []string{"1", "2", "3", "4", "5", "6", "7", "8"}},
		{"teams", Berger, Options{Teams: []Team{{"A", []int{0}}, {"B", []int{1}}, {"C", []int{2}}, {"D", []int{3}}, {"E", []int{4}}, {"F", []int{5}}}},
			[]string{"1", "2", "3", "4", "5", "6"}},
	} {
		orders := map[string]bool{}
		for seed := uint64(0); seed < 10; seed++ {
			c.o.Seed = seed
			a, b := tableOrder(c.system, c.o, c.names), tableOrder(c.system, c.o, c.names)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("%s seed %d: %v then %v", c.name, seed, a, b)
			}
			orders[fmt.Sprint(a)] = true
		}
		if len(orders) < 8 {
			t.Errorf("%s: %d orders in 10 seeds: %v", c.name, len(orders), orders)
		}
	}
}
