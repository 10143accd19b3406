package broker

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/match"
)

// CoordinatorOptions set up a coordinator; every field is optional.
type CoordinatorOptions struct {
	// Run names the run on the broker (default: a random id).
	Run string
	// Resume goes on with the run Run, stopped before its end: the
	// results already stored on the broker are counted (once per game
	// pair) and only the other pairs are published. The match must be the
	// one the run was started with.
	Resume bool
	// GOOS and GOARCH are the platform of the engine binaries (default:
	// this machine's).
	GOOS, GOARCH string
	// Key signs the work items (required): workers run only work signed by
	// a key they trust.
	Key ed25519.PrivateKey
	// Log receives the workers' notices (default: none).
	Log zerolog.Logger
	// NoWorkersWait is how long the work waits with no worker connected
	// before the coordinator says "waiting for workers" (default 30 s).
	NoWorkersWait time.Duration
}

// Coordinator hands the game pairs of a match to the broker's workers and
// collects their results: a match.Remote.
type Coordinator struct {
	*coordinator
	results jetstream.Stream
	// start counts the starts of the run (1, then 2 on the first resume):
	// a work item's message id carries it, so that a pair withdrawn from
	// the queue when a coordinator stopped is published again on a resume.
	start      int
	hashes     []string              // per engine of the match
	options    [][]engineproc.Option // per engine: its options, files named by reference
	presence   *nats.Subscription    // answers for the run's coordinator
	status     *statusBoard
	refreshing func() // stops the periodic status updates
	rate       *gameRate

	// under coordinator.mu, with its waiting pairs:
	delivered map[int]bool // pairs whose result was handed to the match
	// stored holds the pairs not asked for yet whose results are on the
	// results stream (a resumed run's, or one finished early): their
	// stream sequences, in order.
	stored map[int][]uint64
	// read is the stream sequence of the last result message handled
	// (read back by loadStored or by onResult), for awaitResults.
	read  uint64
	tally workerTally
}

// delivery is a result message for a published pair (msg is nil for a
// result read back from the stream).
type delivery struct {
	res *Result
	msg jetstream.Msg
}

// ack acknowledges the result message.
func (d delivery) ack() {
	if d.msg != nil {
		d.msg.Ack()
	}
}

// term tells the broker never to deliver the result message again.
func (d delivery) term() {
	if d.msg != nil {
		d.msg.Term()
	}
}

// NewCoordinator sets up the broker for a run of the engines of cfg: the
// streams, the binaries in the object store, the run's status and the
// result consumer; for a resumed run it reads the results stored so far.
func NewCoordinator(ctx context.Context, nc *nats.Conn, cfg *match.Config, opts CoordinatorOptions) (*Coordinator, error) {
	switch {
	case opts.Run == "" && opts.Resume:
		return nil, errors.New("resuming a run needs its id")
	case opts.Run == "":
		opts.Run = NewRunID()
	}
	base, obs, err := newCoordinator(ctx, nc, opts.Run, opts.GOOS, opts.GOARCH, opts.Key, opts.Log)
	if err != nil {
		return nil, err
	}
	c := &Coordinator{coordinator: base, rate: newGameRate(time.Now()), delivered: map[int]bool{}, stored: map[int][]uint64{}}
	if opts.NoWorkersWait > 0 {
		c.noWorkersWait = opts.NoWorkersWait
	}
	for _, e := range cfg.Engines {
		sum, err := publishBinary(ctx, obs, e.Cmd)
		if err != nil {
			return nil, err
		}
		c.hashes = append(c.hashes, sum)
		opts, err := publishOptionFiles(ctx, obs, e.Options)
		if err != nil {
			return nil, err
		}
		c.options = append(c.options, opts)
	}
	if c.results, err = c.js.Stream(ctx, resultStream); err != nil {
		return nil, fmt.Errorf("results stream: %w", err)
	}
	if opts.Resume {
		if err := checkNoCoordinator(nc, c.run); err != nil {
			return nil, err
		}
	}
	if c.status, err = openStatus(ctx, c.js, c.run, c.fingerprint(cfg), opts.Resume); err != nil {
		return nil, err
	}
	c.start = c.status.doc.Starts
	var last uint64
	if opts.Resume {
		if last, err = c.loadStored(ctx); err != nil {
			return nil, err
		}
		c.read = last
	}
	cons, err := c.resultConsumer(ctx, opts.Resume, last)
	if err != nil {
		return nil, fmt.Errorf("result consumer: %w", err)
	}
	if err := c.listen(nc, cons, c.onResult); err != nil {
		return nil, err
	}
	if c.presence, err = answerPresence(nc, c.run); err != nil {
		c.link.stop(c.queue, c.run)
		return nil, err
	}
	c.refreshing = c.refresh()
	return c, nil
}

// errNoKey is the error of a coordinator without a signing key.
var errNoKey = errors.New("a coordinator needs a key to sign its work with")

// NewRunID returns a new run id (the UTC time and random hex digits): the
// default id of a match run.
func NewRunID() string { return newRunID("", 6) }

// newRunID returns a run id: prefix, the UTC time and n random bytes in
// hex.
func newRunID(prefix string, n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return prefix + time.Now().UTC().Format("20060102-150405-") + hex.EncodeToString(b)
}

// resultConsumer creates the run's durable consumer of results. A resumed
// run replaces the stopped coordinator's with one that starts after the
// last result read back (last; 0 for none).
func (c *Coordinator) resultConsumer(ctx context.Context, resume bool, last uint64) (jetstream.Consumer, error) {
	cc := c.consumerConfig()
	if !resume {
		return c.js.CreateOrUpdateConsumer(ctx, resultStream, cc)
	}
	if err := c.js.DeleteConsumer(ctx, resultStream, cc.Durable); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil, err
	}
	if last > 0 {
		cc.DeliverPolicy = jetstream.DeliverByStartSequencePolicy
		cc.OptStartSeq = last + 1
	}
	return c.js.CreateConsumer(ctx, resultStream, cc)
}

// Close stops collecting results and withdraws the run's work not taken
// yet from the queue.
func (c *Coordinator) Close() {
	c.refreshing()
	c.link.stop(c.queue, c.run)
	c.presence.Unsubscribe()
}

// onResult hands a result message to the pair waiting for it. A result
// already handed over (a redelivered game pair finishing twice) is
// acknowledged and dropped, so each pair counts once; one for a pair not
// asked for yet (a resumed run's pair still played by a worker of the
// stopped coordinator) is kept by its stream sequence and acknowledged:
// it stays on the stream, where a resumed run reads it again. A refusal is
// told of.
func (c *Coordinator) onResult(msg jetstream.Msg) {
	if meta, err := msg.Metadata(); err == nil {
		defer c.noteRead(meta.Sequence.Stream)
	}
	r := c.result(msg)
	if r == nil {
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
	default:
		if meta, err := msg.Metadata(); err == nil {
			c.stored[r.ID] = append(c.stored[r.ID], meta.Sequence.Stream)
		}
		c.mu.Unlock()
		msg.Ack()
		return
	}
	c.mu.Unlock()
	ch <- delivery{res: r, msg: msg}
}

// decodeResult reads a result message of the run.
func (c *Coordinator) decodeResult(data []byte) (*Result, error) { return decodeResult(data, c.run) }

// decodeResult reads a result message of run.
func decodeResult(data []byte, run string) (*Result, error) {
	var r Result
	switch err := json.Unmarshal(data, &r); {
	case err != nil:
		return nil, err
	case r.Run != run:
		return nil, fmt.Errorf("result of run %q", r.Run)
	case r.Version != wireVersion:
		return nil, fmt.Errorf("result version %d", r.Version)
	}
	return &r, nil
}

// PlayPair publishes a game pair as a work item and waits for its result;
// a pair with a stored result that passes the referee is not published
// again. A result that does not pass (or an error result) stops the run;
// a stored one is not reused: the pair is played again.
func (c *Coordinator) PlayPair(ctx context.Context, cfg *match.Config, games []match.ScheduledGame) ([]match.GameResult, func(), error) {
	w, err := c.work(cfg, games)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan delivery, 1)
	for {
		c.mu.Lock()
		seqs := c.stored[w.ID]
		delete(c.stored, w.ID)
		if len(seqs) == 0 {
			c.waiting[w.ID] = ch
			c.mu.Unlock()
			break
		}
		c.mu.Unlock()
		for _, seq := range seqs {
			d, err := c.readStored(ctx, seq)
			if err != nil {
				return nil, nil, err
			}
			out, err := c.accept(cfg, w, games, d.res)
			if err == nil {
				c.mu.Lock()
				c.delivered[w.ID] = true
				c.mu.Unlock()
				return out, d.ack, nil
			}
			c.log.Warn().Msgf("%v: the stored result is not reused; the game pair is played again", err)
		}
	}
	d, err := c.publish(ctx, w, ch)
	if err != nil {
		return nil, nil, err
	}
	out, err := c.accept(cfg, w, games, d.res)
	if err != nil {
		if d.res.Error != "" {
			d.ack()
		} else {
			d.term()
		}
		return nil, nil, err
	}
	c.rate.add(time.Now(), len(out))
	return out, d.ack, nil
}

// accept checks the result r of the work item w, whose games are those
// scheduled, and returns its games: each is replayed through the referee
// (match.Rejudge). The worker of an accepted result is credited with its
// games and the endings taken as reported; an error names it.
func (c *Coordinator) accept(cfg *match.Config, w *Work, games []match.ScheduledGame, r *Result) ([]match.GameResult, error) {
	worker := quote.Input(r.Worker)
	switch {
	case r.Error != "":
		return nil, fmt.Errorf("worker %s, game pair %d: %s", worker, w.ID, r.Error)
	case len(r.Games) != len(games):
		return nil, fmt.Errorf("worker %s, game pair %d: %d games for %d", worker, w.ID, len(r.Games), len(games))
	}
	out := make([]match.GameResult, len(games))
	reported := make([]bool, len(games))
	for i, s := range games {
		g, err := r.Games[i].game(s)
		if err == nil {
			if reported[i], err = match.Rejudge(cfg, g, true); err != nil {
				err = fmt.Errorf("game %d: %v", g.Number, err)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("worker %s sent a bad result for game pair %d: %v", worker, w.ID, err)
		}
		g.Worker = r.Worker
		out[i] = g
	}
	c.tally.add(r.Worker, out, reported)
	return out, nil
}

// publish signs the work item, puts it on the queue and waits on ch for
// its result. A resumed run does not publish a pair whose item is on the
// queue still (queued or being played, from a coordinator that died), nor
// one whose result came in meanwhile: a worker stores the result before it
// acknowledges the item, so once the item is off the queue, its result is
// on the results stream, which awaitResults reads up to its end first.
func (c *Coordinator) publish(ctx context.Context, w *Work, ch <-chan delivery) (delivery, error) {
	defer func() {
		c.mu.Lock()
		delete(c.waiting, w.ID)
		c.mu.Unlock()
	}()
	subject := c.wq.subject(c.run, w.ID)
	queued := false
	if c.start > 1 {
		_, err := c.queue.GetLastMsgForSubject(ctx, subject)
		if err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
			return delivery{}, fmt.Errorf("game pair %d: %w", w.ID, err)
		}
		queued = err == nil
		if !queued {
			if err := c.awaitResults(ctx); err != nil {
				return delivery{}, fmt.Errorf("game pair %d: %w", w.ID, err)
			}
			queued = len(ch) > 0
		}
	}
	if !queued {
		data, err := signWork(c.key, w)
		if err != nil {
			return delivery{}, err
		}
		id := fmt.Sprintf("%s-%d-s%d", c.run, w.ID, c.start)
		if _, err := c.js.Publish(ctx, subject, data, jetstream.WithMsgID(id)); err != nil {
			return delivery{}, fmt.Errorf("publishing game pair %d: %w", w.ID, err)
		}
	}
	select {
	case d := <-ch:
		return d, nil
	case <-ctx.Done():
		return delivery{}, ctx.Err()
	}
}

// work returns the work item of a game pair.
func (c *Coordinator) work(cfg *match.Config, games []match.ScheduledGame) (*Work, error) {
	first := games[0]
	pair := [2]int{first.Red, first.Black}
	w := &Work{
		Version: wireVersion, Run: c.run, ID: first.Pair, GOOS: c.goos, GOARCH: c.goarch,
		Opening:  Opening{FEN: cfg.Openings[first.Opening].FEN, Moves: moveStrings(cfg.Openings[first.Opening].Moves)},
		Settings: settings(cfg),
	}
	for i, e := range pair {
		w.Engines[i] = c.wireEngine(cfg, e)
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

// settings returns the rules of play of cfg.
func settings(cfg *match.Config) Settings {
	return Settings{
		Control: cfg.Control, Grace: cfg.Grace, Rules: cfg.Rules, NaturalLimit: cfg.NaturalLimit,
		Folds: cfg.Folds, MaxPlies: cfg.MaxPlies, NoBanMoves: cfg.NoBanMoves, Adjudication: cfg.Adjudication,
		HandshakeTimeout: cfg.HandshakeTimeout, QuitTimeout: cfg.QuitTimeout, Restart: cfg.Restart,
	}
}

// wireEngine returns engine e of cfg as a work item names it: its binary
// by SHA-256, the files of its options by reference.
func (c *Coordinator) wireEngine(cfg *match.Config, e int) Engine {
	s := cfg.Engines[e]
	return Engine{
		Name: s.DisplayName(), SHA256: c.hashes[e], Args: s.Args, Proto: s.Proto.String(),
		Options: c.options[e], Seconds: s.Seconds, Ponder: s.Ponder,
	}
}
