package datagen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match"
	"github.com/goxq/ucci/tuning/posfile"
)

// Config configures a run.
type Config struct {
	Dir        string // output directory
	Seed       uint64
	Nodes      uint64 // node budget of each search
	Workers    int    // goroutines, one search each (0: one per core)
	HashMB     int    // table of each worker's searcher
	ChunkGames int    // games per chunk file
	// Searcher, if set, configures each worker's searcher (an evaluation
	// net, say) after it is made.
	Searcher func(*engine.Searcher) error
	// Progress, if set, is called after each chunk with the games and
	// positions it added.
	Progress func(games, positions int)
	// Only, if not empty, are the only chunks made (a broker's worker
	// makes one chunk of a run this way).
	Only []int
	// Remote, if set, makes the chunks instead of this process (on the
	// workers of a broker); Workers is then the number of chunks asked
	// for at once.
	Remote Remote
}

// Remote makes chunks elsewhere: the records of chunk c exactly as this
// process would make them with the same settings. done is called once
// the chunk's file is written.
type Remote interface {
	MakeChunk(ctx context.Context, chunk int) (recs []posfile.Record, done func(), err error)
}

// SelfPlayConfig configures self-play.
type SelfPlayConfig struct {
	Config
	Games          int // games in all (rounded up to whole chunks)
	RandomPliesMin int // random plies after the opening: at least
	RandomPliesMax int // and at most
	MaxPlies       int // a game this long is a draw
	// AdjudicateScore and AdjudicatePlies: a game ends as a win when the
	// side to move has scored at least AdjudicateScore (and its opponent at
	// most minus that) for AdjudicatePlies plies in a row; 0 turns it off.
	AdjudicateScore int
	AdjudicatePlies int
}

// DefaultSelfPlay returns the settings of `ucci tune datagen`.
func DefaultSelfPlay() SelfPlayConfig {
	return SelfPlayConfig{
		Config:         Config{Nodes: 5000, HashMB: 16, ChunkGames: 100, Seed: 1},
		Games:          1000,
		RandomPliesMin: 2, RandomPliesMax: 6,
		MaxPlies:        400,
		AdjudicateScore: 1000, AdjudicatePlies: 6,
	}
}

// SelfPlayFile is the name of self-play chunk c of a seed.
func SelfPlayFile(seed uint64, c int) string { return fmt.Sprintf("selfplay-s%d-%05d.bin", seed, c) }

// SelfPlay plays cfg.Games games and writes their positions to cfg.Dir.
func SelfPlay(ctx context.Context, cfg SelfPlayConfig) (Stats, error) {
	if err := cfg.check(); err != nil {
		return Stats{}, err
	}
	if cfg.RandomPliesMin < 0 || cfg.RandomPliesMax < cfg.RandomPliesMin || cfg.MaxPlies < 1 {
		return Stats{}, fmt.Errorf("datagen: random plies %d..%d, max plies %d", cfg.RandomPliesMin, cfg.RandomPliesMax, cfg.MaxPlies)
	}
	openings, err := match.DefaultOpenings()
	if err != nil {
		return Stats{}, err
	}
	chunks := (cfg.Games + cfg.ChunkGames - 1) / cfg.ChunkGames
	players := newPlayers(&cfg.Config)
	job := func(ctx context.Context, wk, c int, out []posfile.Record) ([]posfile.Record, error) {
		pl, err := players.get(wk)
		if err != nil {
			return out, err
		}
		for g := c * cfg.ChunkGames; g < (c+1)*cfg.ChunkGames; g++ {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
			out, err = pl.selfPlayGame(&cfg, openings, rng, out)
			if err != nil {
				return out, fmt.Errorf("game %d: %w", g, err)
			}
		}
		return out, nil
	}
	name := func(c int) string { return SelfPlayFile(cfg.Seed, c) }
	return runChunks(ctx, &cfg.Config, chunks, len(players.list), name, func(int) int { return cfg.ChunkGames }, job)
}

func (c *Config) check() error {
	if c.Dir == "" || c.Nodes == 0 || c.ChunkGames <= 0 || c.HashMB <= 0 {
		return fmt.Errorf("datagen: need a directory, a node budget, chunk size and hash size")
	}
	return nil
}

// player is one worker's searcher.
type player struct {
	s *engine.Searcher
}

// players holds each worker's player, made on first use.
type players struct {
	cfg  *Config
	list []*player
}

func newPlayers(cfg *Config) *players {
	n := cfg.Workers
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return &players{cfg: cfg, list: make([]*player, n)}
}

// get returns worker wk's player.
func (ps *players) get(wk int) (*player, error) {
	if pl := ps.list[wk]; pl != nil {
		return pl, nil
	}
	s := engine.NewSearcher(ps.cfg.HashMB)
	if ps.cfg.Searcher != nil {
		if err := ps.cfg.Searcher(s); err != nil {
			return nil, err
		}
	}
	ps.list[wk] = &player{s: s}
	return ps.list[wk], nil
}

// search returns the best move and score (side to move) of pos.
func (pl *player) search(pos *engine.Position, nodes uint64) engine.Result {
	return pl.s.Search(pos, engine.Limits{Nodes: nodes}, nil)
}

// pending is a kept position waiting for its game's result.
type pending struct {
	rec  posfile.Record
	side engine.Color
}

// selfPlayGame plays one game and appends its kept positions to out.
func (pl *player) selfPlayGame(cfg *SelfPlayConfig, openings []match.Opening, rng *rand.Rand, out []posfile.Record) ([]posfile.Record, error) {
	g, err := startGame(openings, rng, cfg.RandomPliesMin+rng.IntN(cfg.RandomPliesMax-cfg.RandomPliesMin+1))
	if err != nil {
		return out, err
	}
	pl.s.Clear()
	var kept []pending
	streak := 0 // see nextStreak
	verdict := g.Verdict()
	outcome := verdict.Outcome
	for ply := len(g.Moves()); !verdict.Over(); ply++ {
		if ply >= cfg.MaxPlies {
			outcome = engine.Draw
			break
		}
		pos := g.Position()
		res := pl.search(pos, cfg.Nodes)
		if res.BestMove == engine.NoMove {
			return out, fmt.Errorf("no move in an ongoing game at %s", pos.FEN())
		}
		if keep(pos, res) {
			kept = append(kept, pending{posfile.Encode(pos, res.Score, posfile.Draw, ply), pos.SideToMove()})
		}
		if cfg.AdjudicateScore > 0 {
			redScore := res.Score
			if pos.SideToMove() == engine.Black {
				redScore = -redScore
			}
			streak = nextStreak(streak, redScore, cfg.AdjudicateScore)
			if abs(streak) >= cfg.AdjudicatePlies {
				winner := engine.Red
				if streak < 0 {
					winner = engine.Black
				}
				outcome = engine.WinFor(winner)
				break
			}
		}
		if verdict, err = g.Play(res.BestMove); err != nil {
			return out, err
		}
		outcome = verdict.Outcome
	}
	for _, k := range kept {
		k.rec.SetResult(resultFor(outcome, k.side))
		out = append(out, k.rec)
	}
	return out, nil
}

// nextStreak updates a run of decisive scores seen from Red: positive
// when Red has been winning by at least limit for that many plies in a row,
// negative likewise for Black.
func nextStreak(streak, redScore, limit int) int {
	switch {
	case redScore >= limit:
		return max(streak, 0) + 1
	case redScore <= -limit:
		return min(streak, 0) - 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keep tells whether a searched position is a training position: quiet
// (not in check, the best move not a capture), searched to at least one
// completed iteration, and with an ordinary score, neither a mate nor a
// result of the repetition rules (which depend on the moves before the
// position, not on the position).
func keep(pos *engine.Position, res engine.Result) bool {
	return !pos.InCheck() && !res.BestMove.IsCapture() && res.Depth > 0 && !posfile.Decisive(res.Score)
}

// resultFor turns a game outcome into the result for side.
func resultFor(o engine.Outcome, side engine.Color) posfile.Result {
	switch o {
	case engine.WinFor(side):
		return posfile.Win
	case engine.WinFor(side.Opponent()):
		return posfile.Loss
	}
	return posfile.Draw
}

// startGame sets up an opening from the set followed by random legal
// plies, trying again when the random plies end the game.
func startGame(openings []match.Opening, rng *rand.Rand, randomPlies int) (*engine.Game, error) {
	for {
		op := openings[rng.IntN(len(openings))]
		g, err := engine.NewGame(op.FEN, engine.RulesCXA)
		if err != nil {
			return nil, err
		}
		for _, m := range op.Moves {
			if _, err := g.Play(m); err != nil {
				return nil, err
			}
		}
		for range randomPlies {
			if g.Verdict().Over() {
				break
			}
			pos := g.Position()
			var list engine.MoveList
			pos.GenerateLegalMoves(&list)
			if _, err := g.Play(list.Moves[rng.IntN(list.Count)]); err != nil {
				return nil, err
			}
		}
		if !g.Verdict().Over() {
			return g, nil
		}
	}
}
