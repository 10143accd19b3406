package dist

import (
	"context"
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

	"github.com/goxq/ucci/tuning/match"
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
	// GOOS and GOARCH are the platform the worker runs binaries for
	// (default: this machine's).
	GOOS, GOARCH string
	// Log receives what the worker does (default: nothing).
	Log zerolog.Logger
}

// refuseDelay is how long a work item this worker cannot run waits before
// it is offered again (to this or another worker).
const refuseDelay = 5 * time.Second

// worker is a running worker.
type worker struct {
	opts    WorkerOptions
	nc      *nats.Conn
	js      jetstream.JetStream
	cache   *binaryCache
	ackWait time.Duration
	busy    atomic.Int32 // work items being played
}

// RunWorker takes work from the broker and plays it until ctx ends. Work
// being played then is handed back to the queue. It returns an error when
// the broker cannot be used.
func RunWorker(ctx context.Context, nc *nats.Conn, opts WorkerOptions) error {
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
	cons, obs, err := waitForCoordinator(ctx, js, opts.Log)
	if err != nil {
		return err
	}
	w := &worker{opts: opts, nc: nc, js: js, cache: &binaryCache{dir: opts.CacheDir, obs: obs},
		ackWait: cons.CachedInfo().Config.AckWait}
	opts.Log.Info().Str("worker", opts.Name).Int("concurrency", opts.Concurrency).Msg("taking work")
	defer w.beat()()
	var wg sync.WaitGroup
	for range opts.Concurrency {
		wg.Go(func() { w.loop(ctx, cons) })
	}
	wg.Wait()
	return nil
}

// waitForCoordinator waits until a coordinator has set up the work queue
// and the engine store.
func waitForCoordinator(ctx context.Context, js jetstream.JetStream, log zerolog.Logger) (jetstream.Consumer, jetstream.ObjectStore, error) {
	said := false
	for {
		cons, err := js.Consumer(ctx, workStream, workConsumer)
		if err == nil {
			obs, oerr := js.ObjectStore(ctx, binaryBucket)
			if oerr == nil {
				return cons, obs, nil
			}
			err = oerr
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrConsumerNotFound) &&
			!errors.Is(err, jetstream.ErrBucketNotFound) {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			return nil, nil, fmt.Errorf("work queue: %w", err)
		}
		if !said {
			log.Info().Msg("waiting for a coordinator to set up the work queue")
			said = true
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// loop takes work items one at a time until ctx ends.
func (w *worker) loop(ctx context.Context, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			w.opts.Log.Warn().Err(err).Msg("fetching work")
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		for msg := range batch.Messages() {
			w.handle(ctx, msg)
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

// handle plays one work item: the result is stored on the results stream
// before the item is acknowledged.
func (w *worker) handle(ctx context.Context, msg jetstream.Msg) {
	work, err := decodeWork(msg.Data())
	if err != nil {
		run := ""
		if work != nil {
			run = work.Run
		}
		w.reject(msg, run, err)
		return
	}
	if work.GOOS != w.opts.GOOS || work.GOARCH != w.opts.GOARCH {
		text := fmt.Sprintf("refusing work: its engines are built for %s/%s, this worker runs %s/%s",
			work.GOOS, work.GOARCH, w.opts.GOOS, w.opts.GOARCH)
		w.opts.Log.Warn().Str("run", work.Run).Msg(text)
		w.notice(work.Run, text)
		msg.NakWithDelay(refuseDelay)
		return
	}
	stop := w.keepAlive(msg)
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
	if _, err := w.js.Publish(ctx, resultSubject+work.Run, data,
		jetstream.WithMsgID(work.Run+"-"+strconv.Itoa(work.ID))); err != nil {
		w.opts.Log.Warn().Err(err).Msg("storing a result")
		msg.Nak()
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		w.opts.Log.Warn().Err(err).Msg("acknowledging work")
	}
	if res.Chunk != nil {
		w.opts.Log.Info().Str("run", work.Run).Int("chunk", work.ID).Msg("result stored")
		return
	}
	w.opts.Log.Info().Str("run", work.Run).Int("pair", work.ID).Int("games", len(res.Games)).Msg("result stored")
}

// keepAlive tells the broker every third of the ack timeout that the item
// is being worked on, until the returned stop is called.
func (w *worker) keepAlive(msg jetstream.Msg) (stop func()) {
	return every(max(w.ackWait/3, 10*time.Millisecond), func() { msg.InProgress() })
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
	var paths [2]string
	for i, e := range work.Engines {
		p, err := w.cache.path(ctx, e.SHA256)
		if err != nil {
			return nil, err
		}
		paths[i] = p
		if work.Engines[i].Options, err = w.cache.resolveOptions(ctx, e.Options); err != nil {
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
