package event

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// checkTotalTeams checks the teams of a team-total event (12.5): two or
// more, of distinct names, each of one engine or more, no engine in two.
func checkTotalTeams(teams []Team, engines int) error {
	if len(teams) < 2 {
		return errors.New("a team event needs at least two teams")
	}
	named := map[string]bool{}
	seen := map[int]string{}
	for _, t := range teams {
		if named[t.Name] {
			return fmt.Errorf("two teams are named %q", t.Name)
		}
		named[t.Name] = true
		if len(t.Engines) == 0 {
			return fmt.Errorf("team %s has no engine", t.Name)
		}
		for _, e := range t.Engines {
			if e < 0 || e >= engines {
				return fmt.Errorf("team %s: no engine %d", t.Name, e+1)
			}
			if o, ok := seen[e]; ok {
				return fmt.Errorf("engine %d is in teams %s and %s", e+1, o, t.Name)
			}
			seen[e] = t.Name
		}
	}
	return nil
}

// teamTotals ranks the teams of a team-total event (12.5) by 15.5 from
// the final individual table rows: the sum of their members' places,
// lower first; then the best place, the second best, ...; then the
// fewest fouls; otherwise shared. A member without a place (its results
// cancelled, or still in a knockout) counts the last place.
func teamTotals(rows []Standing, teams []Team) []TeamStanding {
	place := map[int]Standing{}
	for _, r := range rows {
		place[r.Player] = r
	}
	out := make([]TeamStanding, len(teams))
	for i, t := range teams {
		ts := TeamStanding{Team: i, Name: t.Name}
		for _, e := range t.Engines {
			r, ok := place[e]
			p := r.Rank
			if !ok || p == 0 {
				p = len(rows)
			}
			ts.Places = append(ts.Places, p)
			ts.PlaceSum += p
			ts.Fouls += r.Fouls
		}
		sort.Ints(ts.Places)
		out[i] = ts
	}
	cmp := func(a, b TeamStanding) int {
		if a.PlaceSum != b.PlaceSum {
			return boolOrder(a.PlaceSum < b.PlaceSum)
		}
		for k := 0; k < len(a.Places) && k < len(b.Places); k++ {
			if a.Places[k] != b.Places[k] {
				return boolOrder(a.Places[k] < b.Places[k])
			}
		}
		if a.Fouls != b.Fouls {
			return boolOrder(a.Fouls < b.Fouls)
		}
		return 0
	}
	sort.SliceStable(out, func(i, j int) bool { return cmp(out[i], out[j]) < 0 })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && cmp(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
			out[i].Shared, out[i-1].Shared = true, true
		}
	}
	return out
}

// totalsTable returns the team-total table from the event's tables: the
// last one with places is the final.
func (ev *Event) totalsTable(tables []Table) Table {
	var rows []Standing
	for i := len(tables) - 1; i >= 0; i-- {
		if len(tables[i].Standings) > 0 {
			rows = tables[i].Standings
			break
		}
	}
	return Table{Title: "team total", System: "team total", Teams: teamTotals(rows, ev.teams)}
}

// writeTotals writes a team-total table: the places, their sum, fouls.
func writeTotals(b *strings.Builder, t Table) {
	tw := tabwriter.NewWriter(b, 0, 0, 1, ' ', 0)
	fmt.Fprintln(tw, "#\tTeam\tSum\tPlaces\tF\t")
	for _, r := range t.Teams {
		ps := make([]string, len(r.Places))
		for i, p := range r.Places {
			ps[i] = strconv.Itoa(p)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t\n", r.Place(), r.Name, r.PlaceSum, strings.Join(ps, " "), r.Fouls)
	}
	tw.Flush()
}
