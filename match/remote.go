package match

import (
	"context"
	"fmt"

	"github.com/goxq/ucci/engineproc"
)

// ScheduledGame is one game of the schedule as a Remote or a Player gets
// it: its number, pairing, game pair, engines (indices into
// Config.Engines) and opening (index into Config.Openings).
type ScheduledGame struct {
	Number, Pairing, Pair, Red, Black, Opening int
}

// Remote plays the game pairs of a gauntlet or round robin somewhere else
// than in local engine processes (the workers of a broker).
type Remote interface {
	// PlayPair plays the games of one game pair (one opening, colours
	// swapped; cfg has its defaults) and returns their results in the
	// order of games, with Number, Pairing, Opening, Red and Black as
	// scheduled. commit, when not nil, is called once Run has counted the
	// results and written their PGN. An error stops the match; when ctx
	// has ended the error is ignored (the match was stopped).
	PlayPair(ctx context.Context, cfg *Config, games []ScheduledGame) (results []GameResult, commit func(), err error)
}

// scheduled returns the job as a Remote or a Player sees it.
func (j job) scheduled() ScheduledGame {
	return ScheduledGame{Number: j.number, Pairing: j.pairing, Pair: j.pair, Red: j.red, Black: j.black, Opening: j.opening}
}

// gamePairs groups the jobs by game pair, in schedule order (the games of
// a pair are next to each other in the schedule).
func gamePairs(jobs []job) [][]job {
	var out [][]job
	for i, j := range jobs {
		if i > 0 && jobs[i-1].pair == j.pair {
			out[len(out)-1] = append(out[len(out)-1], j)
			continue
		}
		out = append(out, []job{j})
	}
	return out
}

// playRemote plays one game pair through cfg.Remote and reports its games;
// the last one carries the commit.
func playRemote(ctx context.Context, cfg *Config, p []job, out chan<- outcome) {
	games := make([]ScheduledGame, len(p))
	for i, j := range p {
		games[i] = j.scheduled()
	}
	results, commit, err := cfg.Remote.PlayPair(ctx, cfg, games)
	switch {
	case ctx.Err() != nil:
		err = errCancelled
	case err == nil && len(results) != len(p):
		err = fmt.Errorf("game pair %d: %d results for %d games", p[0].pair, len(results), len(p))
	}
	if err != nil {
		out <- outcome{number: p[0].number, err: err}
		return
	}
	for i, g := range results {
		o := outcome{number: p[i].number, game: g, pair: p[i].pair}
		if i == len(results)-1 {
			o.commit = commit
		}
		out <- o
	}
}

// Player plays scheduled games with local engine processes, as the local
// runner does, keeping an engine running from one of its games to the
// next. A broker's worker plays its work with one.
type Player struct {
	cfg Config
	w   *worker
}

// NewPlayer checks cfg and returns a player of its games.
func NewPlayer(cfg Config) (*Player, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	p := &Player{cfg: cfg}
	sh := &shared{
		proto:     make([]engineproc.Protocol, len(cfg.Engines)),
		failures:  make([]int, len(cfg.Engines)),
		withdrawn: make([]bool, len(cfg.Engines)),
		log:       engineproc.NewTrafficLog(cfg.Log),
	}
	for i, e := range cfg.Engines {
		sh.proto[i] = e.Proto
	}
	p.w = &worker{cfg: &p.cfg, sh: sh, sessions: map[int]*session{}}
	return p, nil
}

// Play plays game g. It returns ctx's error when ctx ends first, and an
// error for an engine whose executable cannot be started.
func (p *Player) Play(ctx context.Context, g ScheduledGame) (GameResult, error) {
	n := len(p.cfg.Engines)
	if g.Red < 0 || g.Red >= n || g.Black < 0 || g.Black >= n || g.Red == g.Black ||
		g.Opening < 0 || g.Opening >= len(p.cfg.Openings) {
		return GameResult{}, fmt.Errorf("game %d: engines %d and %d or opening %d out of range", g.Number, g.Red, g.Black, g.Opening)
	}
	res, err := p.w.play(ctx, job{number: g.Number, pairing: g.Pairing, pair: g.Pair, red: g.Red, black: g.Black, opening: g.Opening})
	if err != nil && ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, err
}

// Close ends the player's engines.
func (p *Player) Close() { p.w.closeAll() }
