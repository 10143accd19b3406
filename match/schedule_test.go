package match

import (
	"reflect"
	"testing"
)

func TestSchedule(t *testing.T) {
	if got := pairings(Gauntlet, 3); !reflect.DeepEqual(got, [][2]int{{0, 1}, {0, 2}}) {
		t.Errorf("gauntlet %v", got)
	}
	if got := pairings(RoundRobin, 3); !reflect.DeepEqual(got, [][2]int{{0, 1}, {0, 2}, {1, 2}}) {
		t.Errorf("round robin %v", got)
	}
	jobs := schedule(pairings(Gauntlet, 3), 5, 2)
	if len(jobs) != 10 {
		t.Fatalf("%d jobs", len(jobs))
	}
	type key struct{ red, black, opening, pair int }
	var got []key
	for i, j := range jobs {
		if j.number != i+1 {
			t.Errorf("job %d numbered %d", i, j.number)
		}
		got = append(got, key{j.red, j.black, j.opening, j.pair})
	}
	want := []key{
		{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 2, 0, 3}, {2, 0, 0, 3},
		{0, 1, 1, 1}, {1, 0, 1, 1}, {0, 2, 1, 4}, {2, 0, 1, 4},
		{0, 1, 0, 2}, {0, 2, 0, 5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("schedule\n got %v\nwant %v", got, want)
	}
}
