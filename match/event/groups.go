package event

import (
	"fmt"
	"sort"
)

// groupsEvent is a group stage then a final (分组循环): seeded groups each
// play a round robin (13.1, ranked by 15.1), and the first advance of each
// group go on to a final stage, a round robin or a knockout.
type groupsEvent struct {
	names     []string // engine names (for the group tables)
	groups    []*roundRobinEvent
	advance   int
	knockout  bool // the final stage is a knockout (else a round robin)
	cycles    int  // round-robin cycles of the groups and of a round-robin final
	ko        knockoutOptions
	withdrawn map[int]bool
	finalRR   *roundRobinEvent
	finalKO   *knockoutEvent
	lots      bool
	seed      uint64
}

// numbers returns the players of group g (0: the final) in the order of
// their numbers in its table: by lot when the event draws them.
func (e *groupsEvent) numbers(players []int, g int) []int {
	if !e.lots {
		return players
	}
	return drawNumbers(players, e.seed, lotNumbers, uint64(g))
}

// groupsOptions are the settings of a groups-then-final event.
type groupsOptions struct {
	groups   int  // number of groups
	advance  int  // players of each group in the final
	knockout bool // final by knockout
	cycles   int  // round-robin cycles (1 single, 2 double)
	ko       knockoutOptions
	// lots draws the numbers of each group's table, and of a round-robin
	// final's, by lot from seed (制签); else they go by seed.
	lots bool
	seed uint64
}

// seedGroups deals the players (best seed first) into k groups in snake
// order: seeds 1..k go to groups A..K, seeds k+1..2k back from K to A,
// and so on, so that the groups are of even strength.
func seedGroups(players []int, k int) [][]int {
	out := make([][]int, k)
	for i, p := range players {
		g := i % k
		if (i/k)%2 == 1 {
			g = k - 1 - g
		}
		out[g] = append(out[g], p)
	}
	return out
}

// groupName returns "group A", "group B", ...
func groupName(i int) string { return "group " + string(rune('A'+i)) }

// newGroupsEvent deals the players into groups and prepares their round
// robins.
func newGroupsEvent(players []int, names []string, o groupsOptions) (*groupsEvent, error) {
	if o.groups < 2 || o.groups > 26 {
		return nil, fmt.Errorf("%d groups: want 2 to 26", o.groups)
	}
	if len(players) < 2*o.groups {
		return nil, fmt.Errorf("%d players cannot make %d groups of two or more", len(players), o.groups)
	}
	smallest := len(players) / o.groups
	if o.advance < 1 || o.advance > smallest {
		return nil, fmt.Errorf("-advance %d: want 1 to %d (the smallest group)", o.advance, smallest)
	}
	if o.groups*o.advance < 2 {
		return nil, fmt.Errorf("the final needs two players")
	}
	e := &groupsEvent{names: names, advance: o.advance, knockout: o.knockout, cycles: max(o.cycles, 1), ko: o.ko, withdrawn: map[int]bool{},
		lots: o.lots, seed: o.seed}
	for i, g := range seedGroups(players, o.groups) {
		rr := newRoundRobinEvent(groupName(i), e.numbers(g, i+1), e.cycles)
		rr.group = i + 1
		e.groups = append(e.groups, rr)
	}
	return e, nil
}

func (e *groupsEvent) next() ([]Fixture, error) {
	if e.finalRR == nil && e.finalKO == nil {
		var out []Fixture
		for _, g := range e.groups {
			fs, _ := g.next()
			out = append(out, fs...)
		}
		if len(out) > 0 {
			return out, nil
		}
		if err := e.startFinal(); err != nil {
			return nil, err
		}
	}
	if e.finalKO != nil {
		return e.finalKO.next()
	}
	return e.finalRR.next()
}

// advancers returns the players who go on to the final: the first advance
// of each group by its table (withdrawn players do not advance; the next
// one does), ordered by place, then by group: A1 B1 ... A2 B2 ..., so that
// a knockout final pairs the winners with other groups' runners-up.
func (e *groupsEvent) advancers() []int {
	byGroup := make([][]int, len(e.groups))
	for i, g := range e.groups {
		rows := g.standings(e.names)
		// A shared place goes to the better seed (the lower index), not
		// to the better number of the table.
		sort.SliceStable(rows, func(a, b int) bool {
			ra, rb := rows[a], rows[b]
			if ra.Cancelled != rb.Cancelled {
				return rb.Cancelled
			}
			if ra.Rank != rb.Rank {
				return ra.Rank < rb.Rank
			}
			return ra.Player < rb.Player
		})
		for _, r := range rows {
			if len(byGroup[i]) < e.advance && !r.Withdrawn && !r.Cancelled {
				byGroup[i] = append(byGroup[i], r.Player)
			}
		}
	}
	var out []int
	for place := 0; place < e.advance; place++ {
		for _, g := range byGroup {
			if place < len(g) {
				out = append(out, g[place])
			}
		}
	}
	return out
}

// startFinal makes the final stage from the group tables.
func (e *groupsEvent) startFinal() error {
	adv := e.advancers()
	if len(adv) < 2 {
		return fmt.Errorf("only %d players advance to the final", len(adv))
	}
	if e.knockout {
		o := e.ko
		o.stage = "final"
		ko, err := newKnockoutEvent(adv, o)
		if err != nil {
			return err
		}
		for p := range e.withdrawn {
			ko.withdraw(p)
		}
		e.finalKO = ko
		return nil
	}
	e.finalRR = newRoundRobinEvent("final", e.numbers(adv, 0), e.cycles)
	for p := range e.withdrawn {
		e.finalRR.withdraw(p)
	}
	return nil
}

func (e *groupsEvent) record(games []Played) {
	var final []Played
	for _, g := range games {
		if g.group > 0 {
			e.groups[g.group-1].record([]Played{g})
			continue
		}
		final = append(final, g)
	}
	switch {
	case len(final) == 0:
	case e.finalKO != nil:
		e.finalKO.record(final)
	case e.finalRR != nil:
		e.finalRR.record(final)
	}
}

func (e *groupsEvent) withdraw(p int) {
	e.withdrawn[p] = true
	for _, g := range e.groups {
		g.withdraw(p)
	}
	if e.finalKO != nil {
		e.finalKO.withdraw(p)
	}
	if e.finalRR != nil {
		e.finalRR.withdraw(p)
	}
}
