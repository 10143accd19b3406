package broker

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/match"
)

// WorkerOptions set up a worker; every field is optional.
type WorkerOptions struct {
	// Name labels the worker in results and notices (default: the host
	// name and pid).
	Name string
	// Concurrency is the number of game pairs played at once (default 1).
	Concurrency int
	// CacheDir keeps the fetched engine binaries (default: ucci-engines in
	// the user's cache directory).
	CacheDir string
	// CacheMax bounds the bytes kept in CacheDir: the least recently used
	// files beyond it are removed after each fetch, never one that work
	// being played uses (0: no bound).
	CacheMax int64
	// GOOS and GOARCH are the platform the worker runs binaries for
	// (default: this machine's).
	GOOS, GOARCH string
	// Trusted are the public keys whose signed work the worker runs (at
	// least one): work not signed by one of them is refused for good.
	Trusted []ed25519.PublicKey
	// Log receives what the worker does (default: nothing).
	Log zerolog.Logger
}

// ErrNoTrustedKey is the error of a worker without a trusted key: it
// would refuse every work item.
var ErrNoTrustedKey = errors.New("no trusted key: a worker runs only work signed by a key its owner trusts")

// refuseDelay is how long a work item this worker cannot run for the time
// being (a broker or disk failure) waits before it is offered again (to
// this or another worker).
const refuseDelay = 5 * time.Second

// worker is a running worker.
type worker struct {
	opts   WorkerOptions
	nc     *nats.Conn
	js     jetstream.JetStream
	cache  *binaryCache
	queues []takenQueue // one per trusted key
	busy   atomic.Int32 // work items being played
}

// RunWorker takes work from the broker and plays it until ctx ends. Work
// being played then is handed back to the queue. It returns an error when
// the broker cannot be used.
func RunWorker(ctx context.Context, nc *nats.Conn, opts WorkerOptions) error {
	if len(opts.Trusted) == 0 {
		return ErrNoTrustedKey
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 1
	}
	if opts.GOOS == "" {
		opts.GOOS, opts.GOARCH = runtime.GOOS, runtime.GOARCH
	}
	if opts.Name == "" {
		host, _ := os.Hostname()
		opts.Name = host + "-" + strconv.Itoa(os.Getpid())
	}
	if opts.CacheDir == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return fmt.Errorf("engine cache: %v", err)
		}
		opts.CacheDir = dir + "/ucci-engines"
	}
	if err := os.MkdirAll(opts.CacheDir, 0o755); err != nil {
		return fmt.Errorf("engine cache: %v", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	obs, err := waitForCoordinator(ctx, js, opts.Log)
	if err != nil {
		return noJetStream(nc, err)
	}
	w := &worker{opts: opts, nc: nc, js: js, cache: &binaryCache{dir: opts.CacheDir, obs: obs, max: opts.CacheMax, log: opts.Log}}
	for _, key := range opts.Trusted {
		q, err := newQueue(opts.GOOS, opts.GOARCH, key)
		if err != nil {
			return err
		}
		cons, err := openQueue(ctx, js, q, false)
		if err != nil {
			return err
		}
		w.queues = append(w.queues, takenQueue{queue: q, key: key, cons: cons})
	}
	opts.Log.Info().Str("worker", opts.Name).Int("concurrency", opts.Concurrency).Int("trusted keys", len(opts.Trusted)).Msg("taking work")
	defer w.beat()()
	var wg sync.WaitGroup
	for range opts.Concurrency {
		wg.Go(func() { w.loop(ctx) })
	}
	wg.Wait()
	return nil
}

// takenQueue is a queue a worker takes work from: the work signed by key.
type takenQueue struct {
	queue workQueue
	key   ed25519.PublicKey
	cons  jetstream.Consumer
}

// waitForCoordinator waits until a coordinator has set up the work stream
// and the engine store.
func waitForCoordinator(ctx context.Context, js jetstream.JetStream, log zerolog.Logger) (jetstream.ObjectStore, error) {
	said := false
	for {
		_, err := js.Stream(ctx, workStream)
		if err == nil {
			obs, oerr := js.ObjectStore(ctx, binaryBucket)
			if oerr == nil {
				return obs, nil
			}
			err = oerr
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrBucketNotFound) {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("work queue: %w", err)
		}
		if !said {
			log.Info().Msg("waiting for a coordinator to set up the work queue")
			said = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// loop takes work items one at a time until ctx ends, from each of the
// worker's queues in turn: it waits for one on each queue for its share
// of a second.
func (w *worker) loop(ctx context.Context) {
	wait := max(time.Second/time.Duration(len(w.queues)), 100*time.Millisecond)
	for i := 0; ctx.Err() == nil; i++ {
		q := w.queues[i%len(w.queues)]
		batch, err := q.cons.Fetch(1, jetstream.FetchMaxWait(wait))
		if err != nil {
			w.opts.Log.Warn().Err(err).Msg("fetching work")
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		for msg := range batch.Messages() {
			w.handle(ctx, q, msg)
		}
	}
}

// notice tells the coordinator of run what happened to its work.
func (w *worker) notice(run, text string) {
	if runPattern.MatchString(run) {
		w.nc.Publish(noticeSubject+run, []byte(w.opts.Name+": "+text))
	}
}

// reject terminates a work item that must not be retried.
func (w *worker) reject(msg jetstream.Msg, run string, err error) {
	w.opts.Log.Warn().Err(err).Str("run", run).Msg("rejecting work")
	w.notice(run, "rejected work: "+err.Error())
	msg.TermWithReason(err.Error())
}

// refuse terminates a work item that is not signed by a trusted key, with
// a line naming its signer, and tells the coordinator of the run it names
// (a refusal on the results stream, which its coordinator reads).
func (w *worker) refuse(ctx context.Context, msg jetstream.Msg, u *untrustedWork) {
	w.opts.Log.Warn().Msg(u.describe(msg.Subject()))
	msg.TermWithReason(u.why)
	if u.run == "" {
		return
	}
	res := Result{Version: wireVersion, Run: u.run, ID: u.id, Worker: w.opts.Name, Refused: &Refusal{Signer: u.signer, Reason: u.why}}
	data, _ := json.Marshal(res)
	id := fmt.Sprintf("%s-%d-refused-%s", u.run, u.id, w.opts.Name)
	if meta, err := msg.Metadata(); err == nil {
		id += "-" + strconv.FormatUint(meta.Sequence.Stream, 10)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := w.js.Publish(ctx, resultSubject+u.run, data, jetstream.WithMsgID(id)); err != nil {
		w.opts.Log.Warn().Err(err).Msg("telling the coordinator of a refusal")
	}
}

// handle plays one work item signed by a trusted key: the result is
// stored on the results stream before the item is acknowledged.
func (w *worker) handle(ctx context.Context, q takenQueue, msg jetstream.Msg) {
	payload, u := openWork(msg.Data(), q.key, w.opts.Trusted)
	if u != nil {
		w.refuse(ctx, msg, u)
		return
	}
	work, err := decodeWork(payload)
	if err != nil {
		run := ""
		if work != nil {
			run = work.Run
		}
		w.reject(msg, run, err)
		return
	}
	if work.GOOS != w.opts.GOOS || work.GOARCH != w.opts.GOARCH {
		w.reject(msg, work.Run, fmt.Errorf("work for %s/%s on the queue of %s/%s", work.GOOS, work.GOARCH, w.opts.GOOS, w.opts.GOARCH))
		return
	}
	stop := w.keepAlive(ctx, q, msg)
	w.busy.Add(1)
	var res *Result
	if work.Kind == kindDatagen {
		res, err = w.makeChunk(ctx, work)
	} else {
		res, err = w.play(ctx, work)
	}
	w.busy.Add(-1)
	stop()
	switch {
	case ctx.Err() != nil:
		msg.Nak()
		return
	case errors.As(err, new(transientError)):
		w.opts.Log.Warn().Err(err).Msg("work handed back")
		msg.NakWithDelay(refuseDelay)
		return
	case err != nil:
		w.reject(msg, work.Run, err)
		return
	}
	data, _ := json.Marshal(res)
	// The message id is that of this publication of the work item: a copy
	// of the result (the item delivered again) is dropped by the broker,
	// the result of the item published again (a resumed run plays a pair
	// whose result was refused) is not.
	id := work.Run + "-" + strconv.Itoa(work.ID)
	if meta, err := msg.Metadata(); err == nil {
		id += "-" + strconv.FormatUint(meta.Sequence.Stream, 10)
	}
	if err := w.store(ctx, q, msg, resultSubject+work.Run, data, id); err != nil {
		msg.Nak()
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		w.opts.Log.Warn().Err(err).Msg("acknowledging work")
	}
	if res.Chunk != nil {
		w.opts.Log.Info().Msgf("run %s: chunk %d done", work.Run, work.ID)
		return
	}
	if res.Error != "" {
		w.opts.Log.Warn().Int("pair", work.ID).Msg(resultLine(work, res))
		return
	}
	w.opts.Log.Info().Int("pair", work.ID).Msg(resultLine(work, res))
}

// The delays between two attempts to store a result: the first, doubled
// after each failure up to the last.
const (
	storeRetryFirst = 500 * time.Millisecond
	storeRetryMax   = 30 * time.Second
)

// store puts the result data of the work item msg on subject (message id
// id), trying again after a failure with an exponential backoff while the
// item is kept in progress, so that a broker that takes no result (down,
// or its results stream full) does not have the item played again and
// again. It gives up only when ctx ends.
func (w *worker) store(ctx context.Context, q takenQueue, msg jetstream.Msg, subject string, data []byte, id string) error {
	var stop func()
	defer func() {
		if stop != nil {
			stop()
		}
	}()
	for delay := storeRetryFirst; ; delay = nextRetry(delay) {
		_, err := w.js.Publish(ctx, subject, data, jetstream.WithMsgID(id))
		if err == nil || ctx.Err() != nil {
			return err
		}
		w.opts.Log.Warn().Err(err).Str("retry in", delay.String()).Msg("storing a result")
		if stop == nil {
			stop = w.keepAlive(ctx, q, msg)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
}

// nextRetry returns the delay after delay: twice as long, at most
// storeRetryMax.
func nextRetry(delay time.Duration) time.Duration { return min(2*delay, storeRetryMax) }

// keepAlive tells the broker every third of the ack timeout of queue q
// that the item is being worked on, until the returned stop is called.
// The timeout is read from the broker for each item (every coordinator
// sets the same, ackWait, but a consumer set otherwise by another version
// must not have items taken away from the workers playing them).
func (w *worker) keepAlive(ctx context.Context, q takenQueue, msg jetstream.Msg) (stop func()) {
	wait := q.cons.CachedInfo().Config.AckWait
	infoCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	if info, err := q.cons.Info(infoCtx); err == nil {
		wait = info.Config.AckWait
	}
	cancel()
	return every(max(wait/3, 10*time.Millisecond), func() { msg.InProgress() })
}

// every calls f every interval on a goroutine of its own until the
// returned stop is called; stop returns once f is no longer running.
func every(interval time.Duration, f func()) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				f()
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// play fetches the engines of a work item and plays its games. An error
// means the item cannot be played here or anywhere (it is rejected); a
// game whose engine cannot be started is reported in the result.
func (w *worker) play(ctx context.Context, work *Work) (*Result, error) {
	held := w.cache.lease()
	defer held.release()
	var paths [2]string
	for i, e := range work.Engines {
		p, err := w.cache.path(ctx, e.SHA256, held)
		if err != nil {
			return nil, err
		}
		paths[i] = p
		if work.Engines[i].Options, err = w.cache.resolveOptions(ctx, e.Options, held); err != nil {
			return nil, err
		}
	}
	cfg, err := work.config(paths)
	if err != nil {
		return nil, err
	}
	player, err := match.NewPlayer(cfg)
	if err != nil {
		return nil, err
	}
	defer player.Close()
	res := &Result{Version: wireVersion, Run: work.Run, ID: work.ID, Worker: w.opts.Name}
	for _, g := range work.Games {
		gr, err := player.Play(ctx, match.ScheduledGame{Number: g.Number, Red: g.Red, Black: 1 - g.Red})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			res.Error = err.Error()
			res.Games = nil
			return res, nil
		}
		res.Games = append(res.Games, wireResult(gr))
	}
	return res, nil
}
