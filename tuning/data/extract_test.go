package data

import (
	"errors"
	"reflect"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// testGames reads the games of testdata/master24.pgn.
func testGames(t *testing.T) []*pgn.Game {
	t.Helper()
	games, bad, err := pgn.ReadFile("testdata/master24.pgn")
	if err != nil || len(bad) != 0 || len(games) != 24 {
		t.Fatalf("reading test games: %d games, %d bad, %v", len(games), len(bad), err)
	}
	return games
}

func TestExtractorSamplesAreQuietAndLabelled(t *testing.T) {
	games := testGames(t)
	x := NewExtractor(DefaultOptions())
	s := engine.NewSearcher(1)
	total := 0
	for id, g := range games[:6] {
		want, _ := ParseResult(g.Result)
		samples, err := x.Game(g, id)
		if err != nil {
			t.Fatalf("game %d: %v", id, err)
		}
		// At most one sample per position from ply 10 to the end.
		if n := len(g.Moves) + 1 - 10; len(samples) > n || len(samples) == 0 {
			t.Errorf("game %d: %d samples from %d positions", id, len(samples), n)
		}
		for _, smp := range samples {
			if smp.Result != want || smp.Game != id {
				t.Errorf("game %d: sample labelled %v game %d, want %v", id, smp.Result, smp.Game, want)
			}
			pos, err := engine.NewPosition(smp.FEN)
			if err != nil {
				t.Fatalf("sample FEN %q: %v", smp.FEN, err)
			}
			if pos.InCheck() {
				t.Errorf("sample in check: %s", smp.FEN)
			}
			var leaf engine.Position
			if s.QuietLeaf(pos, &leaf); leaf.Key() != pos.Key() {
				t.Errorf("sample %s is not quiet: its leaf is %s", smp.FEN, leaf.FEN())
			}
		}
		total += len(samples)
	}
	if total < 200 {
		t.Errorf("only %d samples from 6 games", total)
	}
}

func TestExtractorSkipsOpening(t *testing.T) {
	g := testGames(t)[0]
	all, err := NewExtractor(Options{SkipPlies: 0}).Game(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	late, err := NewExtractor(Options{SkipPlies: 40}).Game(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(late) >= len(all) || len(late) > len(g.Moves)+1-40 {
		t.Errorf("skip 40 gave %d samples, skip 0 gave %d, game has %d moves", len(late), len(all), len(g.Moves))
	}
	// The start position is quiet, so skip 0 samples it first.
	if all[0].FEN != engine.StartFEN {
		t.Errorf("first sample %q, want the start position", all[0].FEN)
	}
}

func TestExtractorSubsetIsReproducible(t *testing.T) {
	g := testGames(t)[1]
	opt := Options{SkipPlies: 10, MaxPerGame: 5, Seed: 42}
	a, err := NewExtractor(opt).Game(g, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewExtractor(opt).Game(g, 3)
	c, _ := NewExtractor(opt).Game(g, 4)
	if len(a) == 0 || len(a) > 5 {
		t.Fatalf("MaxPerGame 5 gave %d samples", len(a))
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed and game gave different samples")
	}
	fens := func(s []Sample) []string {
		var out []string
		for _, x := range s {
			out = append(out, x.FEN)
		}
		return out
	}
	if reflect.DeepEqual(fens(a), fens(c)) {
		t.Error("a different game number picked the same positions")
	}
	every, _ := NewExtractor(Options{SkipPlies: 10, Every: 4}).Game(g, 3)
	all, _ := NewExtractor(Options{SkipPlies: 10}).Game(g, 3)
	if len(every) > (len(all)+3)/4+1 || len(every) < len(all)/4-1 {
		t.Errorf("Every 4 gave %d samples of %d", len(every), len(all))
	}
}

func TestExtractorRejectsUnusableGames(t *testing.T) {
	x := NewExtractor(DefaultOptions())
	g := *testGames(t)[0]
	g.Result = "*"
	g.Tags = nil
	if _, err := x.Game(&g, 0); !errors.Is(err, ErrNoResult) {
		t.Errorf("game without result: %v", err)
	}
	g.Result = "1-0"
	g.FEN = "not a fen"
	if _, err := x.Game(&g, 0); !errors.Is(err, ErrBadStart) {
		t.Errorf("bad start FEN: %v", err)
	}
	// A game shorter than the skipped opening gives no samples and no error.
	short := pgn.Game{Result: "1-0", Moves: g.Moves[:4]}
	if s, err := x.Game(&short, 0); err != nil || len(s) != 0 {
		t.Errorf("short game: %d samples, %v", len(s), err)
	}
}

func TestExtractorMaxScore(t *testing.T) {
	g := testGames(t)[2]
	all, _ := NewExtractor(Options{SkipPlies: 10}).Game(g, 0)
	tight, _ := NewExtractor(Options{SkipPlies: 10, MaxScore: 1}).Game(g, 0)
	if len(tight) >= len(all) {
		t.Errorf("MaxScore 1 kept %d of %d samples", len(tight), len(all))
	}
}
