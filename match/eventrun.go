package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/match/event"
)

// eventRun is the state of an event being played.
type eventRun struct {
	cfg       *Config
	tieCfg    *Config // the configuration of knockout replays (nil: cfg)
	playCfg   *Config // the configuration of playoff games (nil: cfg)
	event     *event.Event
	res       *Result
	sh        *shared
	pairIndex map[[2]int]int
	number    int                 // games handed to the workers so far
	openings  *event.OpeningOrder // the openings of the event's games
	crashRun  []int               // games lost in a row by a crash, per engine
	startRun  []int               // how many of crashRun were failed starts
	withdrawn []bool
	// rounds counts the rounds played; why says why each withdrawn engine
	// was withdrawn (withdrawalCause).
	rounds int
	why    []string
	// placed marks the games of EventOptions.Resume taken so far (by
	// their index in the record); pgnNames are the engines' names as the
	// PGN holds them in [Red] and in [Black].
	placed   map[int]bool
	pgnNames [2][]string
	// checkOnly stops the event at the first game to play (CheckResume).
	checkOnly bool
	// settings are the settings that define the event, written in the
	// tags of every game of its PGN.
	settings []eventSetting
}

// runEvent plays an event format round by round: each round's games go to
// the workers (the same engines, referee, PGN and progress as a match), the
// results back to the format, which then makes the next round.
func runEvent(ctx context.Context, cfg Config, onStart func(int)) (*Result, error) {
	// The settings are checked before the roll call starts the engines.
	if _, err := newEvent(&cfg, EngineNames(cfg.Engines)); err != nil {
		return nil, err
	}
	absent, err := absentAtStart(ctx, &cfg, onStart)
	if err != nil {
		return nil, err
	}
	er, err := newEventRun(cfg, onStart, absent)
	if err != nil {
		return nil, err
	}
	jobCh := make(chan job)
	outCh := make(chan outcome)
	var wg sync.WaitGroup
	for range er.cfg.Concurrency {
		wg.Go(func() {
			w := &worker{cfg: er.cfg, sh: er.sh, sessions: map[int]*session{}}
			defer w.closeAll()
			for j := range jobCh {
				g, err := w.play(ctx, j)
				outCh <- outcome{number: j.number, game: g, pair: j.pair, err: err}
			}
		})
	}
	err = er.play(ctx, jobCh, outCh)
	close(jobCh)
	wg.Wait()
	er.res.Interrupted = ctx.Err() != nil
	for e := range er.res.Players {
		p := &er.res.Players[e]
		p.Withdrawn = er.withdrawn[e] || er.sh.isWithdrawn(e)
		p.Withdrawal = er.why[e]
		if p.Withdrawn && p.Withdrawal == "" { // in the last round
			p.Withdrawal = er.withdrawalCause(e)
		}
	}
	if er.cfg.Watch != nil {
		er.cfg.Watch.MatchEnded(er.res)
	}
	return er.res, err
}

// CheckResume checks, without playing, that the record of an interrupted
// event (cfg.EventOptions.Resume) resumes the event of cfg: the event takes
// the games of the record round by round, as Run does, each replayed
// through the referee, up to its first game still to play, and by then
// every game of the record must have its place. The error is a
// *ResumeError for a record that cannot resume the event, another error
// for an unusable configuration.
func CheckResume(cfg Config) error {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return err
	}
	if !cfg.Format.IsEvent() || cfg.EventOptions.Resume == nil {
		return errors.New("nothing to resume: not an event, or no record of one")
	}
	cfg.PGN, cfg.Log, cfg.OnGame, cfg.Watch, cfg.EventOptions.OnRound = nil, nil, nil, nil, nil
	var absent startAbsences
	if cfg.EventOptions.Resume.Len() > 0 && len(cfg.EventOptions.Teams) == 0 {
		if absent, err = cfg.EventOptions.Resume.absentAtStart(len(cfg.Engines)); err != nil {
			return err
		}
	}
	er, err := newEventRun(cfg, nil, absent)
	if err != nil {
		return err
	}
	er.checkOnly = true
	return er.play(context.Background(), nil, nil)
}

// newEventRun prepares the event of cfg (which has its defaults) among
// the engines not absent at the start.
func newEventRun(cfg Config, onStart func(int), absent startAbsences) (*eventRun, error) {
	names := EngineNames(cfg.Engines)
	if cfg.EventOptions.CrashLimit <= 0 {
		cfg.EventOptions.CrashLimit = 3
	}
	settings := cfg.eventSettings(names)
	if s, ok := absent.setting(); ok {
		settings = slices.Insert(settings, enginesSettings(settings), s)
	}
	if r := cfg.EventOptions.Resume; r != nil {
		written := make([]eventSetting, len(settings))
		for i, s := range settings {
			written[i] = s
			written[i].value = writtenValues(s.tag, []string{s.value})[0]
		}
		if err := r.checkSettings(written); err != nil {
			return nil, err
		}
	}
	absentees := absent.absentees(names)
	if len(absent.engines) > 0 {
		cfg, names = cfg.without(absent.engines, names)
		if len(cfg.Engines) < 2 {
			return nil, fmt.Errorf("the event cannot start: %d of %d engines did not start (20.2): %s", len(absentees), len(absentees)+len(cfg.Engines), absentees[0].Name+": "+absentees[0].Cause)
		}
		var err error
		if cfg, err = cfg.withDefaults(); err != nil {
			return nil, fmt.Errorf("the event cannot start without the engines absent at the start (20.2): %w", err)
		}
	}
	ev, err := newEvent(&cfg, names)
	if err != nil {
		return nil, err
	}
	pairs := pairings(RoundRobin, len(cfg.Engines))
	er := &eventRun{
		cfg:       &cfg,
		event:     ev,
		res:       newResult(&cfg, pairs, 0),
		pairIndex: map[[2]int]int{},
		openings:  event.NewOpeningOrder(len(cfg.Openings)),
		crashRun:  make([]int, len(cfg.Engines)),
		startRun:  make([]int, len(cfg.Engines)),
		why:       make([]string, len(cfg.Engines)),
		withdrawn: make([]bool, len(cfg.Engines)),
		placed:    map[int]bool{},
		settings:  settings,
		pgnNames:  [2][]string{writtenValues("Red", names), writtenValues("Black", names)},
		sh: &shared{
			proto:     make([]engineproc.Protocol, len(cfg.Engines)),
			failures:  make([]int, len(cfg.Engines)),
			withdrawn: make([]bool, len(cfg.Engines)),
			log:       engineproc.NewTrafficLog(cfg.Log),
			onStart:   onStart,
		},
	}
	if !cfg.EventOptions.TiebreakControl.IsZero() {
		tc := cfg
		tc.Control = cfg.EventOptions.TiebreakControl
		er.tieCfg = &tc
	}
	if !cfg.EventOptions.PlayoffControl.IsZero() {
		pc := cfg
		pc.Control = cfg.EventOptions.PlayoffControl
		er.playCfg = &pc
	}
	for i, p := range pairs {
		er.pairIndex[p] = i
	}
	for i, e := range cfg.Engines {
		er.sh.proto[i] = e.Proto
	}
	er.res.AbsentAtStart = absentees
	er.res.Event = ev
	return er, nil
}

// play runs the rounds until the event ends, is cancelled or fails.
func (er *eventRun) play(ctx context.Context, jobCh chan<- job, outCh <-chan outcome) error {
	for ctx.Err() == nil {
		fs, err := er.event.Next()
		if err != nil {
			return err
		}
		if len(fs) == 0 {
			return er.unplaced(nil)
		}
		results, err := er.round(ctx, fs, jobCh, outCh)
		if err != nil || results == nil {
			return err
		}
		er.event.Record(results)
		er.rounds++
		er.withdrawals(results)
		if er.cfg.EventOptions.OnRound != nil {
			er.cfg.EventOptions.OnRound(er.res)
		}
	}
	return nil
}

// round plays the fixtures of one round and returns their results in
// order, nil when the round was cancelled.
func (er *eventRun) round(ctx context.Context, fs []event.Fixture, jobCh chan<- job, outCh <-chan outcome) ([]event.Played, error) {
	results := make([]event.Played, len(fs))
	byNumber := map[int]int{} // job number → fixture index
	var jobs []job
	var firstErr error
	order := newInOrder(0) // the PGN gets the games in the order of the fixtures
	written := func(err error) {
		if err != nil && firstErr == nil {
			firstErr = err
			jobs = nil
		}
	}
	for i := range fs {
		f := &fs[i]
		f.Opening = er.openings.Next(*f)
		if g, ok, err := er.resumed(*f); err != nil {
			return nil, err
		} else if ok {
			er.number++
			er.res.Planned++
			g.Number = er.number
			g.Pairing = er.pairing(f.Red, f.Black)
			er.res.addUnpaired(g)
			results[i] = toPlayed(*f, g)
			written(order.resolve(i, nil))
			continue
		}
		if er.withdrawn[f.Red] || er.withdrawn[f.Black] {
			results[i] = event.Forfeit(*f, er.withdrawn[f.Red], er.withdrawn[f.Black])
			written(order.resolve(i, nil))
			continue
		}
		er.number++
		er.res.Planned++
		j := job{number: er.number, pairing: er.pairing(f.Red, f.Black), red: f.Red, black: f.Black, opening: f.Opening}
		j.cfg = er.control(*f)
		byNumber[j.number] = i
		jobs = append(jobs, j)
	}
	if len(jobs) > 0 {
		// The first round with a game to play: every game of the record
		// has its place by now.
		if err := er.unplaced(&fs[byNumber[jobs[0].number]]); err != nil || er.checkOnly {
			return nil, err
		}
	}
	done := ctx.Done()
	inflight := 0
	cancelled := false
	for len(jobs) > 0 || inflight > 0 {
		var send chan<- job
		var next job
		if len(jobs) > 0 {
			send, next = jobCh, jobs[0]
		}
		select {
		case send <- next:
			jobs = jobs[1:]
			inflight++
		case o := <-outCh:
			inflight--
			i := byNumber[o.number]
			if firstErr == nil && (o.err != nil || o.game.absent[0] != present && o.game.absent[1] != present) {
				written(order.resolve(i, nil))
			}
			switch {
			case errors.Is(o.err, errCancelled):
				cancelled = true
			case errors.Is(o.err, errUnplayed):
				results[i] = event.Forfeit(fs[i], true, true)
				er.res.Unplayed++
			case o.err != nil:
				if firstErr == nil {
					firstErr = o.err
				}
				jobs = nil
			case o.game.absent[0] != present && o.game.absent[1] != present:
				// 21.3: neither side started, both forfeit; it is no game
				// (not counted, not in the PGN).
				results[i] = event.Forfeit(fs[i], true, true)
				results[i].Crash = true
				er.res.Unplayed++
			default:
				write := er.finished(fs[i], o.game)
				if firstErr == nil {
					written(order.resolve(i, write))
				}
				results[i] = toPlayed(fs[i], o.game)
			}
		case <-done:
			cancelled, jobs, done = true, nil, nil
		}
	}
	if firstErr == nil {
		written(order.flush())
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if cancelled || ctx.Err() != nil {
		return nil, nil
	}
	return results, nil
}

// resumed returns the game of the resumed record at the place of f,
// replayed through the referee; false when there is none.
func (er *eventRun) resumed(f event.Fixture) (GameResult, bool, error) {
	r := er.cfg.EventOptions.Resume
	if r == nil {
		return GameResult{}, false, nil
	}
	g, i, ok, err := r.take(er.cfg, f, er.pgnNames)
	if ok {
		er.placed[i] = true
	}
	return g, ok, err
}

// unplaced returns a *ResumeError for a game of the resumed record the
// event has not placed; next is the event's next game to play (nil: the
// event is over).
func (er *eventRun) unplaced(next *event.Fixture) error {
	r := er.cfg.EventOptions.Resume
	if r == nil {
		return nil
	}
	described := ""
	if next != nil {
		described = fmt.Sprintf("%s round %s board %d", next.Stage, next.RoundTag(), next.Board)
	}
	return r.unplaced(er.placed, described)
}

// finished counts a game played and returns the write of its PGN with
// the event's tags (the round writes its games in the order of its
// fixtures).
func (er *eventRun) finished(f event.Fixture, g GameResult) func() error {
	er.res.addUnpaired(g)
	cfg := er.cfg
	if c := er.control(f); c != nil {
		cfg = c
	}
	if cfg.OnGame != nil {
		cfg.OnGame(g, er.res)
	}
	if cfg.Watch != nil {
		cfg.Watch.GameEnded(g, er.res)
	}
	if cfg.PGN == nil {
		return nil
	}
	return func() error {
		p := g.PGN(cfg, er.res.Names)
		p.SetTag("Round", f.RoundTag())
		p.SetTag("Board", strconv.Itoa(f.Board))
		p.SetTag("Stage", f.Stage)
		if f.Match > 0 {
			p.SetTag("Match", strconv.Itoa(f.Match))
			p.SetTag("RedTeam", er.teamName(f.Red))
			p.SetTag("BlackTeam", er.teamName(f.Black))
		}
		for _, s := range er.settings {
			p.SetTag(s.tag, s.value)
		}
		return cfg.PGNOptions.Write(cfg.PGN, p)
	}
}

// control returns the configuration of a knockout replay or a playoff
// game with a control of its own, nil for the event's.
func (er *eventRun) control(f event.Fixture) *Config {
	switch {
	case f.Tiebreak && er.tieCfg != nil:
		return er.tieCfg
	case f.InPlayoff() && er.playCfg != nil:
		return er.playCfg
	}
	return nil
}

// teamName returns the name of engine e's team ("" for none).
func (er *eventRun) teamName(e int) string {
	for _, t := range er.cfg.EventOptions.Teams {
		if slices.Contains(t.Engines, e) {
			return t.Name
		}
	}
	return ""
}

// pairing returns the index of the pairing of two engines.
func (er *eventRun) pairing(a, b int) int { return er.pairIndex[[2]int{min(a, b), max(a, b)}] }

// withdrawals withdraws, after a round, the engines that lost CrashLimit
// games in a row by a crash (which includes failing to start, so the
// runner's own withdrawal after failed handshakes is one of them): 20.3
// and 20.4 then apply to their results.
func (er *eventRun) withdrawals(results []event.Played) {
	for _, g := range results {
		for s, e := range [2]int{g.Red, g.Black} {
			if e < 0 || g.Forfeit && er.withdrawn[e] {
				continue
			}
			switch {
			case g.Points[s] == 0 && g.Crash:
				er.crashRun[e]++
				if g.Forfeit {
					er.startRun[e]++
				}
			default:
				er.crashRun[e], er.startRun[e] = 0, 0
			}
		}
	}
	for e, n := range er.crashRun {
		if !er.withdrawn[e] && (n >= er.cfg.EventOptions.CrashLimit || er.sh.isWithdrawn(e)) {
			er.why[e] = er.withdrawalCause(e)
			er.withdrawn[e] = true
			er.sh.withdraw(e)
			er.event.Withdraw(e)
		}
	}
}

// withdrawalCause says why engine e is withdrawn after the rounds played:
// the runner's failed handshakes, or the games in a row lost by a crash
// or a failed start (-crash-limit).
func (er *eventRun) withdrawalCause(e int) string {
	when := fmt.Sprintf("after round %d: ", er.rounds)
	if er.sh.handshakesFailed(e) {
		return when + fmt.Sprintf("%d failed handshakes in a row", maxHandshakeFailures)
	}
	n, starts := er.crashRun[e], er.startRun[e]
	what := "lost by a crash"
	switch {
	case starts == n:
		what = "lost by failing to start"
	case starts > 0:
		what = "lost by a crash or a failed start"
	}
	games := "games"
	if n == 1 {
		games = "game"
	}
	return when + fmt.Sprintf("%d %s in a row %s (-crash-limit %d)", n, games, what, er.cfg.EventOptions.CrashLimit)
}

// toPlayed turns a finished game into the format's result.
func toPlayed(f event.Fixture, g GameResult) event.Played {
	p := event.Played{Fixture: f, Points: [2]float64{g.Score(g.Red), g.Score(g.Black)}}
	p.Crash = g.Termination.Reason == engine.Crash
	p.Forfeit = g.absent[0] != present || g.absent[1] != present
	p.Fouls = foulOf(g)
	return p
}

// isFoul tells whether a game lost for reason r was lost by a foul, as
// this runner counts them for the tie-breaks of 15.1-15.4 and the order of
// 18.4: a forbidden repetition (perpetual check, chase or attack), an
// illegal move, a time forfeit, or failing to start (an absence that is
// not a withdrawal).
func isFoul(r engine.Reason, a absence) bool {
	switch r {
	case engine.PerpetualCheck, engine.PerpetualChase, engine.PerpetualAttack,
		engine.IllegalMove, engine.TimeForfeit:
		return true
	case engine.Crash:
		return a == notStarted
	}
	return false
}

// foulOf returns the game's fouls: the loser's side, when it lost by a
// foul.
func foulOf(g GameResult) [2]bool {
	var out [2]bool
	for side := range 2 {
		c := engine.Color(side)
		if g.Termination.Outcome == engine.WinFor(c.Opponent()) && isFoul(g.Termination.Reason, g.absent[side]) {
			out[side] = true
		}
	}
	return out
}

// newEvent builds the event of cfg among the engines named names.
func newEvent(cfg *Config, names []string) (*event.Event, error) {
	return event.New(cfg.Format.system(), cfg.Games, cfg.EventOptions.Options, names)
}
