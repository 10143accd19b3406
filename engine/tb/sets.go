package tb

import (
	"fmt"
	"sort"
)

// defenderSets are the advisors and elephants a defending side may have.
var defenderSets = []string{"", "A", "B", "AA", "AB", "BB", "AAB", "ABB", "AABB"}

// attackerSets are the attacking pieces of the named sets.
var (
	oneAttacker  = []string{"R", "N", "C", "P"}
	twoAttackers = []string{"RR", "RN", "RC", "RP", "NN", "NC", "NP", "CC", "CP", "PP"}
)

// SetNames lists the named sets of Set.
var SetNames = []string{"small", "one", "two", "own", "all"}

// Set returns the materials of a named set: "small" the tables the tests
// build (one attacking piece against a general with at most one advisor
// or elephant), "one" one attacking piece against every defence (36
// tables), "two" adds two attacking pieces against every defence (126:
// Fang, Hsu and Hsu's endings without the attacker's own defenders),
// "own" one attacking piece with each side's any advisors and elephants
// (324), "all" both "two" and "own" (414).
func Set(name string) ([]Material, error) {
	var names []string
	add := func(att []string, defs []string) {
		for _, a := range att {
			for _, d := range defs {
				names = append(names, "K"+a+"K"+d)
			}
		}
	}
	own := func() {
		for _, o := range defenderSets[1:] {
			for _, a := range oneAttacker {
				for _, d := range defenderSets {
					names = append(names, "K"+a+o+"K"+d)
				}
			}
		}
	}
	switch name {
	case "small":
		add(oneAttacker, []string{"", "A", "B"})
	case "one":
		add(oneAttacker, defenderSets)
	case "two":
		add(oneAttacker, defenderSets)
		add(twoAttackers, defenderSets)
	case "own":
		add(oneAttacker, defenderSets)
		own()
	case "all":
		add(oneAttacker, defenderSets)
		add(twoAttackers, defenderSets)
		own()
	default:
		return nil, fmt.Errorf("unknown tablebase set %q (want one of %v)", name, SetNames)
	}
	out := make([]Material, 0, len(names))
	for _, n := range names {
		m, err := ParseMaterial(n)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return NewLayout(out[i]).size < NewLayout(out[j]).size })
	return out, nil
}
