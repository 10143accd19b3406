package wdlfit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/wdl"
	"github.com/goxq/ucci/internal/safefile"

	"github.com/goxq/ucci/pgn"
	"github.com/goxq/ucci/tuning/data"
)

// CollectOptions says which positions Collect searches and how.
type CollectOptions struct {
	// Depth is the fixed search depth of every position.
	Depth int
	// Positions is the number of positions to take from each input file,
	// spread evenly over its games (a random choice per game, at most
	// one per ply); 0 takes them all.
	Positions int
	// SkipPlies leaves out the positions before this ply (the opening).
	SkipPlies int
	// Seed makes the choice of positions reproducible.
	Seed uint64
	// Workers is the number of searching goroutines (0: one per core).
	Workers int
	// HashMB is the table size of each worker's searcher.
	HashMB int
	// Progress, if set, is called after each game with the number of
	// positions searched in it.
	Progress func(n int)
	// Planned, if set, is called once per file, before its games are
	// searched, with the number of positions to search.
	Planned func(file string, n int)
}

// game is one usable game of an input file and the plies chosen from it.
type game struct {
	id      int
	start   *engine.Position
	moves   []engine.Move
	result  float64 // from Red's view
	plies   []int
	samples []Sample
}

// Collect searches positions of the games in the PGN files and returns
// them labelled with the game results. Games without a result, whose
// moves cannot be read, or whose result was decided off the board (a match
// runner's Termination "time-forfeit", "crash" or "illegal-move") are
// skipped; decisive scores (mates, rule results) are left out, as the
// model does not convert them. The samples come in
// input order and are the same for any number of workers.
func Collect(ctx context.Context, files []string, opt CollectOptions) (*Set, error) {
	if opt.Depth < 1 {
		return nil, errors.New("wdl: the search depth must be at least 1")
	}
	set := &Set{Depth: opt.Depth}
	names := map[string]bool{}
	for i, path := range files {
		name := filepath.Base(path)
		if names[name] {
			return nil, fmt.Errorf("wdl: two inputs named %s", name)
		}
		names[name] = true
		games, read, err := readGames(path)
		if err != nil {
			return nil, err
		}
		plan(games, opt, uint64(i))
		if opt.Planned != nil {
			n := 0
			for _, g := range games {
				n += len(g.plies)
			}
			opt.Planned(path, n)
		}
		if err := search(ctx, games, opt, i); err != nil {
			return nil, err
		}
		info := SourceInfo{Name: name, Games: read}
		for _, g := range games {
			if len(g.samples) > 0 {
				info.Used++
			}
			set.Samples = append(set.Samples, g.samples...)
		}
		set.Sources = append(set.Sources, info)
	}
	return set, nil
}

// readGames reads the games of a PGN file that have a result and a usable
// start; read counts every game, usable or not.
func readGames(path string) (games []*game, read int, err error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	rd := pgn.NewReader(f, path)
	for id := 0; ; id++ {
		g, err := rd.Next()
		var ge *pgn.GameError
		switch {
		case err == io.EOF:
			return games, id, nil
		case errors.As(err, &ge):
			continue
		case err != nil:
			return nil, id, fmt.Errorf("%s: %w", path, err)
		}
		if offTheBoard[g.Tag("Termination")] {
			continue
		}
		res, ok := data.ParseResult(g.Result)
		if !ok {
			if res, ok = data.ParseResult(g.Tag("Result")); !ok {
				continue
			}
		}
		start, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			continue
		}
		games = append(games, &game{id: id, start: start, moves: g.Moves, result: res})
	}
}

// offTheBoard holds the Termination tags of results that say nothing
// about the position: lost on time, by a crash, by an illegal move.
var offTheBoard = map[string]bool{
	engine.TimeForfeit.String(): true,
	engine.Crash.String():       true,
	engine.IllegalMove.String(): true,
}

// plan chooses the plies of each game: an even share of opt.Positions,
// at random among the plies from SkipPlies to the last move.
func plan(games []*game, opt CollectOptions, source uint64) {
	per := 0
	if opt.Positions > 0 && len(games) > 0 {
		per = (opt.Positions + len(games) - 1) / len(games)
	}
	for _, g := range games {
		var plies []int
		for ply := opt.SkipPlies; ply < len(g.moves); ply++ {
			plies = append(plies, ply)
		}
		if per > 0 && len(plies) > per {
			rng := rand.New(rand.NewPCG(opt.Seed^source<<32, uint64(g.id)))
			rng.Shuffle(len(plies), func(i, j int) { plies[i], plies[j] = plies[j], plies[i] })
			plies = plies[:per]
			slices.Sort(plies)
		}
		g.plies = plies
	}
}

// search runs the workers over the games of one file.
func search(ctx context.Context, games []*game, opt CollectOptions, source int) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	next := make(chan *game)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := engine.NewSearcher(max(opt.HashMB, 1))
			for g := range next {
				g.samples = searchGame(s, g, opt.Depth, source)
				if opt.Progress != nil {
					mu.Lock()
					opt.Progress(len(g.plies))
					mu.Unlock()
				}
			}
		}()
	}
	var err error
	for _, g := range games {
		if err = ctx.Err(); err != nil {
			break
		}
		next <- g
	}
	close(next)
	wg.Wait()
	return err
}

// searchGame replays a game and searches its chosen plies. A fresh table
// per game makes the scores independent of the order in which games reach
// a worker.
func searchGame(s *engine.Searcher, g *game, depth, source int) []Sample {
	s.Clear()
	pos := *g.start
	var out []Sample
	next := 0
	for ply := 0; ply < len(g.moves) && next < len(g.plies); ply++ {
		if ply == g.plies[next] {
			next++
			r := s.Search(&pos, engine.Limits{Depth: depth}, nil)
			if r.BestMove != engine.NoMove && r.Score > -engine.ScoreDecisive && r.Score < engine.ScoreDecisive {
				out = append(out, Sample{Source: source, Game: g.id, Ply: ply, Score: r.Score,
					Material: wdl.Material(&pos), Result: outcome(g.result, pos.SideToMove())})
			}
		}
		pos.PlayGameMove(g.moves[ply])
	}
	return out
}

// outcome turns a result from Red's view into the side to move's.
func outcome(red float64, side engine.Color) Outcome {
	if side == engine.Black {
		red = 1 - red
	}
	switch {
	case red > 0.75:
		return Win
	case red < 0.25:
		return Loss
	}
	return Draw
}
