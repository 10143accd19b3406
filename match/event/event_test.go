package event

import (
	"strconv"
	"testing"
)

// TestNewBerger: a Berger event of four built by New, Red winning every
// game, ends after its six games with a table that places everyone; New
// refuses settings the system does not take.
func TestNewBerger(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	ev, err := New(Berger, 2, Options{Playoff: PlayoffShare, Seed: 1}, names)
	if err != nil {
		t.Fatal(err)
	}
	if games := playEvent(t, ev.format, func(Fixture) float64 { return 1 }); len(games) != 6 {
		t.Fatalf("%d games, want 6", len(games))
	}
	tables := ev.Tables()
	if len(tables) != 1 || len(tables[0].Standings) != 4 || len(tables[0].Games) != 6 {
		t.Fatalf("tables %+v", tables)
	}
	for _, r := range tables[0].Standings {
		if r.Place() == "-" {
			t.Errorf("%s has no place", r.Name)
		}
	}
	if _, err := New(Swiss, 2, Options{}, names); err == nil {
		t.Error("a Swiss without rounds was accepted")
	}
}

// TestOpeningOrder: the games of a knockout match after the first repeat
// its opening (the colours swapped), each tie and board on its own; every
// other game takes the next opening of the set, round after round.
func TestOpeningOrder(t *testing.T) {
	ev, err := New(Knockout, 2, Options{Replays: 1, Seed: 3}, []string{"a", "b", "c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	const set = 5
	order := NewOpeningOrder(set)
	first := map[string]int{} // tie (stage, round, board) and pair of games → the opening of its odd game
	next := 0
	for _, f := range playEvent(t, ev.format, func(Fixture) float64 { return 0.5 }) { // every tie goes to its replays
		opening := order.Next(f)
		tie := f.Stage + "|" + strconv.Itoa(f.Round) + "|" + strconv.Itoa(f.Board) + "|" + strconv.Itoa((f.Game+1)/2)
		if f.Game%2 == 0 {
			if o, ok := first[tie]; !ok || opening != o {
				t.Errorf("%s game %d: opening %d, want its first game's %d", f.Stage, f.Game, opening, o)
			}
			continue
		}
		if opening != next%set {
			t.Errorf("%s round %d game %d: opening %d, want %d", f.Stage, f.Round, f.Game, opening, next%set)
		}
		first[tie] = opening
		next++
	}
	if next < 4 {
		t.Errorf("%d openings drawn: the ties were not replayed", next)
	}
}

// TestForfeit: 21.4, the present side wins a game its opponent is absent
// from; 21.3, both lose when both are absent.
func TestForfeit(t *testing.T) {
	f := Fixture{Red: 0, Black: 1}
	for _, c := range []struct {
		red, black bool
		want       [2]float64
	}{{true, false, [2]float64{0, 1}}, {false, true, [2]float64{1, 0}}, {true, true, [2]float64{0, 0}}} {
		if p := Forfeit(f, c.red, c.black); !p.Forfeit || p.Points != c.want {
			t.Errorf("red gone %v, black gone %v: %+v", c.red, c.black, p)
		}
	}
}
