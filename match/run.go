package match

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/goxq/ucci/engineproc"
)

// outcome is what a worker reports for a job.
type outcome struct {
	// number is the job's number: a game not played (an error) has no
	// GameResult.Number to say which job it was.
	number int
	game   GameResult
	pair   int
	err    error
	// commit, when set, is called once the game is counted and written
	// (a Remote's acknowledgement).
	commit func()
}

// Run plays the match described by cfg and returns its result. Games run
// cfg.Concurrency at a time; finished games are reported to cfg.OnGame as
// they end and written to cfg.PGN in the schedule's order (a game waits
// for those before it). When an SPRT decides, no new game is
// started and the running ones are finished. Cancelling ctx stops the
// match: running games are abandoned (not counted), every engine is shut
// down, and the result so far is returned with Interrupted set and a nil
// error. An error means the match could not go on (an engine whose
// executable cannot be started, a PGN write error). An engine that fails
// its handshake three times in a row is withdrawn: its remaining games are
// forfeited (Crash) and the other games are played.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	return run(ctx, cfg, nil)
}

// run is Run with a hook that sees every engine pid (for tests).
func run(ctx context.Context, cfg Config, onStart func(pid int)) (*Result, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if cfg.Format.IsEvent() {
		return runEvent(ctx, cfg, onStart)
	}
	pairs := pairings(cfg.Format, len(cfg.Engines))
	jobs := schedule(pairs, cfg.Games, len(cfg.Openings))
	res := newResult(&cfg, pairs, len(jobs))
	if cfg.SPRT != nil {
		res.SPRT = cfg.SPRT.status(res.Pairings[0])
	}
	sh := &shared{
		proto:     make([]engineproc.Protocol, len(cfg.Engines)),
		failures:  make([]int, len(cfg.Engines)),
		withdrawn: make([]bool, len(cfg.Engines)),
		log:       engineproc.NewTrafficLog(cfg.Log),
		onStart:   onStart,
	}
	for i, e := range cfg.Engines {
		sh.proto[i] = e.Proto
	}

	gameCtx, cancelGames := context.WithCancel(ctx)
	defer cancelGames()
	feedCtx, stopFeeding := context.WithCancel(gameCtx)
	defer stopFeeding()

	outCh := make(chan outcome)
	var wg sync.WaitGroup
	if cfg.Remote != nil {
		pairCh := make(chan []job)
		for range min(cfg.Concurrency, len(jobs)) {
			wg.Go(func() {
				for p := range pairCh {
					playRemote(gameCtx, &cfg, p, outCh)
				}
			})
		}
		go feed(feedCtx, pairCh, gamePairs(jobs))
	} else {
		jobCh := make(chan job)
		for range min(cfg.Concurrency, len(jobs)) {
			wg.Go(func() {
				w := &worker{cfg: &cfg, sh: sh, sessions: map[int]*session{}}
				defer w.closeAll()
				for j := range jobCh {
					g, err := w.play(gameCtx, j)
					outCh <- outcome{number: j.number, game: g, pair: j.pair, err: err}
				}
			})
		}
		go feed(feedCtx, jobCh, jobs)
	}
	go func() {
		wg.Wait()
		close(outCh)
	}()

	var firstErr error
	// The PGN gets the games in the schedule's order; a Remote's commit
	// waits for its games to be written.
	order := newInOrder(1)
	written := func(err error) {
		if err != nil && firstErr == nil {
			firstErr = err
			cancelGames()
		}
	}
	for o := range outCh {
		switch {
		case errors.Is(o.err, errCancelled):
			if firstErr == nil {
				written(order.resolve(o.number, nil))
			}
			continue
		case errors.Is(o.err, errUnplayed):
			res.Unplayed++
			if firstErr == nil {
				written(order.resolve(o.number, nil))
			}
			continue
		case o.err != nil:
			if firstErr == nil {
				firstErr = o.err
			}
			cancelGames()
			continue
		case firstErr != nil:
			continue
		}
		res.add(o.game, o.pair)
		written(order.resolve(o.number, func() error {
			if cfg.PGN != nil {
				if err := cfg.PGNOptions.Write(cfg.PGN, o.game.PGN(&cfg, res.Names)); err != nil {
					return err
				}
			}
			if o.commit != nil {
				o.commit()
			}
			return nil
		}))
		if cfg.SPRT != nil {
			res.SPRT = cfg.SPRT.update(res.SPRT, res.Pairings[0])
			if res.SPRT.Decision != "" {
				stopFeeding()
			}
		}
		if cfg.OnGame != nil {
			cfg.OnGame(o.game, res)
		}
		if cfg.Watch != nil {
			cfg.Watch.GameEnded(o.game, res)
		}
	}
	if firstErr == nil {
		written(order.flush())
	}
	res.Interrupted = ctx.Err() != nil
	for e := range res.Players {
		if res.Players[e].Withdrawn = sh.isWithdrawn(e); res.Players[e].Withdrawn {
			res.Players[e].Withdrawal = fmt.Sprintf("%d failed handshakes in a row", maxHandshakeFailures)
		}
	}
	if cfg.Watch != nil {
		cfg.Watch.MatchEnded(res)
	}
	return res, firstErr
}

// feed sends the items to ch in order until ctx ends, then closes ch.
func feed[T any](ctx context.Context, ch chan<- T, items []T) {
	defer close(ch)
	for _, it := range items {
		select {
		case ch <- it:
		case <-ctx.Done():
			return
		}
	}
}
