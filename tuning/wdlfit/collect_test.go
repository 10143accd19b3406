package wdlfit

import (
	"context"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/wdl"
	"github.com/goxq/ucci/pgn"
)

// TestCollect: every ply from SkipPlies of the games with a result is
// searched; the score is the engine's at that depth and the result is seen
// from the side to move (Red's win is Black's loss); the game without a
// result and the game lost on time give nothing; the samples do not depend
// on the number of workers.
func TestCollect(t *testing.T) {
	opt := CollectOptions{Depth: 3, SkipPlies: 4, HashMB: 1, Workers: 1}
	set, err := Collect(context.Background(), []string{"testdata/three.pgn"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Sources) != 1 || set.Sources[0] != (SourceInfo{Name: "three.pgn", Games: 4, Used: 2}) {
		t.Fatalf("sources %+v", set.Sources)
	}
	if set.Depth != 3 {
		t.Errorf("depth %d", set.Depth)
	}
	if len(set.Samples) != 2*(14-4) {
		t.Fatalf("%d samples, want 20", len(set.Samples))
	}
	games := readTestGames(t)
	searcher := engine.NewSearcher(1)
	first := map[int]bool{}
	for _, x := range set.Samples {
		pos := games[x.Game].at(t, x.Ply)
		want := Win
		if (x.Game == 0) != (pos.SideToMove() == engine.Red) {
			want = Loss
		}
		if x.Result != want {
			t.Errorf("game %d ply %d: result %v, want %v", x.Game, x.Ply, x.Result, want)
		}
		if m := wdl.Material(pos); x.Material != m {
			t.Errorf("game %d ply %d: material %d, want %d", x.Game, x.Ply, x.Material, m)
		}
		// The first position of a game is searched with an empty table,
		// as here; later ones may find entries of the game's earlier plies.
		searcher.Clear()
		r := searcher.Search(pos, engine.Limits{Depth: 3}, nil)
		if !first[x.Game] && x.Score != r.Score {
			t.Errorf("game %d ply %d: score %d, a fresh search says %d", x.Game, x.Ply, x.Score, r.Score)
		}
		if x.Score < r.Score-150 || x.Score > r.Score+150 {
			t.Errorf("game %d ply %d: score %d, a fresh search says %d", x.Game, x.Ply, x.Score, r.Score)
		}
		first[x.Game] = true
	}
	opt.Workers = 3
	again, err := Collect(context.Background(), []string{"testdata/three.pgn"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range set.Samples {
		if again.Samples[i] != set.Samples[i] {
			t.Fatalf("sample %d: %+v with 1 worker, %+v with 3", i, set.Samples[i], again.Samples[i])
		}
	}
}

// TestCollectPositions: Positions spreads a budget over the games.
func TestCollectPositions(t *testing.T) {
	set, err := Collect(context.Background(), []string{"testdata/three.pgn"}, CollectOptions{Depth: 1, Positions: 6, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	per := map[int]int{}
	for _, x := range set.Samples {
		per[x.Game]++
	}
	if per[0] != 3 || per[1] != 3 || len(per) != 2 {
		t.Errorf("positions per game %v, want 3 of each decided game", per)
	}
	if _, err := Collect(context.Background(), []string{"testdata/three.pgn"}, CollectOptions{Depth: 0}); err == nil {
		t.Error("depth 0 accepted")
	}
	if _, err := Collect(context.Background(), []string{"testdata/missing.pgn"}, CollectOptions{Depth: 1}); err == nil {
		t.Error("a missing file accepted")
	}
}

// testGame is a game of testdata/three.pgn.
type testGame struct {
	start *engine.Position
	moves []engine.Move
}

// at returns the position before move ply.
func (g testGame) at(t *testing.T, ply int) *engine.Position {
	t.Helper()
	pos := *g.start
	for _, m := range g.moves[:ply] {
		pos.PlayGameMove(m)
	}
	return &pos
}

func readTestGames(t *testing.T) []testGame {
	t.Helper()
	games, bad, err := pgn.ReadFile("testdata/three.pgn")
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	var out []testGame
	for _, g := range games {
		start, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, testGame{start: start, moves: g.Moves})
	}
	return out
}
