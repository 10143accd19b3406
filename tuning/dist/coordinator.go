package dist

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/tuning/match"
)

// CoordinatorOptions set up a coordinator; every field is optional.
type CoordinatorOptions struct {
	// Run names the run on the broker (default: a random id).
	Run string
	// AckWait is the workers' ack timeout (default DefaultAckWait).
	AckWait time.Duration
	// GOOS and GOARCH are the platform of the engine binaries (default:
	// this machine's).
	GOOS, GOARCH string
	// Log receives the workers' notices (default: none).
	Log zerolog.Logger
}

// Coordinator hands the game pairs of a match to the broker's workers and
// collects their results: a match.Remote.
type Coordinator struct {
	js      jetstream.JetStream
	run     string
	goos    string
	goarch  string
	hashes  []string // per engine of the match
	log     zerolog.Logger
	consume jetstream.ConsumeContext
	notices *nats.Subscription

	mu        sync.Mutex
	waiting   map[int]chan delivery // published pairs without a result yet
	delivered map[int]bool          // pairs whose result was handed to the match
}

// delivery is a result message for a published pair.
type delivery struct {
	res *Result
	msg jetstream.Msg
}

// NewCoordinator sets up the broker for a run of the engines of cfg: the
// streams, the binaries in the object store and the result consumer.
func NewCoordinator(ctx context.Context, nc *nats.Conn, cfg *match.Config, opts CoordinatorOptions) (*Coordinator, error) {
	if opts.AckWait <= 0 {
		opts.AckWait = DefaultAckWait
	}
	if opts.GOOS == "" {
		opts.GOOS, opts.GOARCH = runtime.GOOS, runtime.GOARCH
	}
	if opts.Run == "" {
		b := make([]byte, 6)
		rand.Read(b)
		opts.Run = time.Now().UTC().Format("20060102-150405-") + hex.EncodeToString(b)
	}
	if !runPattern.MatchString(opts.Run) {
		return nil, fmt.Errorf("run id %q: letters, digits, - and _ only", opts.Run)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	_, obs, err := setup(ctx, js, opts.AckWait)
	if err != nil {
		return nil, err
	}
	c := &Coordinator{
		js: js, run: opts.Run, goos: opts.GOOS, goarch: opts.GOARCH, log: opts.Log,
		waiting: map[int]chan delivery{}, delivered: map[int]bool{},
	}
	for _, e := range cfg.Engines {
		sum, err := publishBinary(ctx, obs, e.Cmd)
		if err != nil {
			return nil, err
		}
		c.hashes = append(c.hashes, sum)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, resultStream, jetstream.ConsumerConfig{
		Durable:           "coord-" + c.run,
		FilterSubject:     resultSubject + c.run,
		AckPolicy:         jetstream.AckExplicitPolicy,
		AckWait:           time.Minute,
		InactiveThreshold: 24 * time.Hour,
	})
	if err != nil {
		return nil, fmt.Errorf("result consumer: %w", err)
	}
	if c.notices, err = nc.Subscribe(noticeSubject+c.run, func(m *nats.Msg) {
		c.log.Warn().Str("notice", string(m.Data)).Msg("worker")
	}); err != nil {
		return nil, err
	}
	if c.consume, err = cons.Consume(c.onResult); err != nil {
		c.notices.Unsubscribe()
		return nil, fmt.Errorf("result consumer: %w", err)
	}
	return c, nil
}

// Run returns the run id.
func (c *Coordinator) Run() string { return c.run }

// Close stops collecting results and withdraws the run's work not taken
// yet from the queue.
func (c *Coordinator) Close() {
	c.consume.Stop()
	c.notices.Unsubscribe()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s, err := c.js.Stream(ctx, workStream); err == nil {
		s.Purge(ctx, jetstream.WithPurgeSubject(workSubject+c.run))
	}
}

// onResult hands a result message to the pair waiting for it; a result
// already handed over (a redelivered game pair finishing twice) is
// acknowledged and dropped, so each pair counts once.
func (c *Coordinator) onResult(msg jetstream.Msg) {
	var r Result
	if err := json.Unmarshal(msg.Data(), &r); err != nil || r.Run != c.run || r.Version != wireVersion {
		c.log.Warn().Msg("dropping a malformed result")
		msg.Term()
		return
	}
	c.mu.Lock()
	ch, ok := c.waiting[r.ID]
	switch {
	case ok:
		delete(c.waiting, r.ID)
		c.delivered[r.ID] = true
	case c.delivered[r.ID]:
		c.mu.Unlock()
		msg.Ack()
		return
	default: // not (or no longer) asked for: the match ended
		c.mu.Unlock()
		msg.Nak()
		return
	}
	c.mu.Unlock()
	ch <- delivery{res: &r, msg: msg}
}

// PlayPair publishes a game pair as a work item and waits for its result.
func (c *Coordinator) PlayPair(ctx context.Context, cfg *match.Config, games []match.ScheduledGame) ([]match.GameResult, func(), error) {
	w, err := c.work(cfg, games)
	if err != nil {
		return nil, nil, err
	}
	data, err := json.Marshal(w)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan delivery, 1)
	c.mu.Lock()
	c.waiting[w.ID] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.waiting, w.ID)
		c.mu.Unlock()
	}()
	if _, err := c.js.Publish(ctx, workSubject+c.run, data, jetstream.WithMsgID(c.run+"-"+strconv.Itoa(w.ID))); err != nil {
		return nil, nil, fmt.Errorf("publishing game pair %d: %w", w.ID, err)
	}
	var d delivery
	select {
	case d = <-ch:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	if d.res.Error != "" {
		d.msg.Ack()
		return nil, nil, fmt.Errorf("worker %s, game pair %d: %s", d.res.Worker, w.ID, d.res.Error)
	}
	if len(d.res.Games) != len(games) {
		d.msg.Term()
		return nil, nil, fmt.Errorf("worker %s, game pair %d: %d games for %d", d.res.Worker, w.ID, len(d.res.Games), len(games))
	}
	out := make([]match.GameResult, len(games))
	for i, s := range games {
		g, err := d.res.Games[i].game(s)
		if err == nil && g.StartFEN != cfg.Openings[s.Opening].FEN {
			err = fmt.Errorf("game %d: not played from its opening", s.Number)
		}
		if err != nil {
			d.msg.Term()
			return nil, nil, fmt.Errorf("worker %s sent a bad result: %v", d.res.Worker, err)
		}
		out[i] = g
	}
	return out, func() { d.msg.Ack() }, nil
}

// work returns the work item of a game pair.
func (c *Coordinator) work(cfg *match.Config, games []match.ScheduledGame) (*Work, error) {
	first := games[0]
	pair := [2]int{first.Red, first.Black}
	w := &Work{
		Version: wireVersion, Run: c.run, ID: first.Pair, GOOS: c.goos, GOARCH: c.goarch,
		Opening: Opening{FEN: cfg.Openings[first.Opening].FEN, Moves: moveStrings(cfg.Openings[first.Opening].Moves)},
		Settings: Settings{
			Control: cfg.Control, Grace: cfg.Grace, Rules: cfg.Rules, NaturalLimit: cfg.NaturalLimit,
			Folds: cfg.Folds, MaxPlies: cfg.MaxPlies, NoBanMoves: cfg.NoBanMoves, Adjudication: cfg.Adjudication,
			HandshakeTimeout: cfg.HandshakeTimeout, QuitTimeout: cfg.QuitTimeout, Restart: cfg.Restart,
		},
	}
	for i, e := range pair {
		s := cfg.Engines[e]
		w.Engines[i] = Engine{
			Name: s.DisplayName(), SHA256: c.hashes[e], Args: s.Args, Proto: s.Proto.String(),
			Options: s.Options, Seconds: s.Seconds, Ponder: s.Ponder,
		}
	}
	for _, g := range games {
		if g.Pair != first.Pair || g.Opening != first.Opening {
			return nil, fmt.Errorf("game %d is not of game pair %d", g.Number, first.Pair)
		}
		switch {
		case g.Red == pair[0] && g.Black == pair[1]:
			w.Games = append(w.Games, WireGame{Number: g.Number, Red: 0})
		case g.Red == pair[1] && g.Black == pair[0]:
			w.Games = append(w.Games, WireGame{Number: g.Number, Red: 1})
		default:
			return nil, fmt.Errorf("game %d is not between the engines of game pair %d", g.Number, first.Pair)
		}
	}
	return w, nil
}
