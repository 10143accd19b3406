package event

import (
	"fmt"
	"testing"
)

func TestSeedGroups(t *testing.T) {
	got := fmt.Sprint(seedGroups(seeds(10), 3))
	// Snake: 1 2 3 | 6 5 4 | 7 8 9 | 10 (0-based below).
	if want := "[[0 5 6] [1 4 7] [2 3 8 9]]"; got != want {
		t.Errorf("snake seeding %s, want %s", got, want)
	}
}

// playEvent runs a format to its end with Red's points from score.
func playEvent(t *testing.T, e eventFormat, score func(f Fixture) float64) []Fixture {
	t.Helper()
	var all []Fixture
	for i := 0; ; i++ {
		if i > 200 {
			t.Fatal("the event does not end")
		}
		fs, err := e.next()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			return all
		}
		all = append(all, fs...)
		var res []Played
		for _, f := range fs {
			res = append(res, result(f, score(f)))
		}
		e.record(res)
	}
}

// TestGroupsThenKnockout: eight players in two groups of four, two
// advance, a knockout final: A1 meets B2 and B1 meets A2.
func TestGroupsThenKnockout(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	e, err := newGroupsEvent(seeds(8), names, groupsOptions{groups: 2, advance: 2, knockout: true, cycles: 1, ko: knockoutOptions{seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	all := playEvent(t, e, higherSeedWins)
	// Groups A {1 4 5 8}, B {2 3 6 7}: 6 rounds-games each = 12 games,
	// then semi-finals 1-3 (B2) and 2-4 (A2), final 1-2.
	var final []string
	group := 0
	for _, f := range all {
		if f.Stage == "group A" || f.Stage == "group B" {
			group++
			continue
		}
		final = append(final, fmt.Sprintf("%s %d:%d", f.Stage, min(f.Red, f.Black)+1, max(f.Red, f.Black)+1))
	}
	if group != 12 || fmt.Sprint(final) != "[final knockout 1:3 final knockout 2:4 final knockout 1:2]" {
		t.Errorf("%d group games, final %v", group, final)
	}
	if e.finalKO.final.winner != 0 {
		t.Errorf("champion %d", e.finalKO.final.winner+1)
	}
}

// TestGroupsThenRoundRobin: a withdrawn group winner does not advance; the
// next of its group does.
func TestGroupsThenRoundRobin(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6"}
	e, _ := newGroupsEvent(seeds(6), names, groupsOptions{groups: 2, advance: 1, cycles: 1})
	var all []Fixture
	for {
		fs, err := e.next()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			break
		}
		all = append(all, fs...)
		var res []Played
		for _, f := range fs {
			res = append(res, result(f, higherSeedWins(f)))
		}
		e.record(res)
		if e.finalRR == nil && len(all) == 6 {
			e.withdraw(0) // after its group's games, before the final
		}
	}
	last := all[len(all)-1]
	if last.Stage != "final" || min(last.Red, last.Black) != 1 || max(last.Red, last.Black) != 3 {
		t.Errorf("final %+v (want 2 and 4: 1 withdrew from group A {1 4 5})", last)
	}
}

func TestGroupsOptions(t *testing.T) {
	for _, o := range []groupsOptions{{groups: 1, advance: 1}, {groups: 4, advance: 1}, {groups: 2, advance: 4}} {
		if _, err := newGroupsEvent(seeds(7), make([]string, 7), o); err == nil {
			t.Errorf("%+v accepted for 7 players", o)
		}
	}
}

// TestGroupsSharedPlaceToSeed: with the numbers drawn by lot, a place
// still shared that decides who advances goes to the better seed (entry
// order), not to the better number. Every game drawn: each group's
// players all share first place.
func TestGroupsSharedPlaceToSeed(t *testing.T) {
	names := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	for seed := uint64(0); seed < 8; seed++ {
		e, err := newGroupsEvent(seeds(8), names, groupsOptions{groups: 2, advance: 1, cycles: 1, lots: true, seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for {
			fs, _ := e.next()
			if len(fs) == 0 || e.finalRR != nil {
				break
			}
			var res []Played
			for _, f := range fs {
				res = append(res, result(f, 0.5))
			}
			e.record(res)
		}
		// Groups {1 4 5 8} and {2 3 6 7}: 1 and 2 advance.
		if got := fmt.Sprint(e.advancers()); got != "[0 1]" {
			t.Errorf("seed %d: advancers %s, want [0 1]", seed, got)
		}
	}
}
