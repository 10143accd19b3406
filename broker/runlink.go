package broker

import (
	"context"
	"crypto/ed25519"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// runLink is what a coordinator listens to while its run goes on: the
// workers' heartbeats, their notices about the run (logged) and the run's
// results (handed to onResult, which tells of the refusals among them).
// Every strandedEvery it says whether the run's work waits for a worker
// that no connected worker can be, and it says when the work waits with
// no worker connected at all (reportNoWorkers).
type runLink struct {
	run          string
	wq           workQueue
	log          zerolog.Logger
	pending      func() int // the run's work items waiting for a result
	workers      *workerBoard
	notices      *nats.Subscription
	consume      jetstream.ConsumeContext
	refusals     *refusals
	stopStranded func()
	idle         noWorkers
	stopIdle     func()
}

// strandedEvery is how often a coordinator says that its work waits and
// no connected worker can take it.
const strandedEvery = 30 * time.Second

// listen starts listening for run, whose work goes on the queue wq, signed
// with key; pending counts its work items waiting for a result; idle is
// how long the work waits with no worker connected before the
// coordinator says so.
func listen(nc *nats.Conn, run string, wq workQueue, key ed25519.PrivateKey, log zerolog.Logger, pending func() int,
	idle time.Duration, results jetstream.Consumer, onResult jetstream.MessageHandler) (*runLink, error) {
	workers, err := watchWorkers(nc)
	if err != nil {
		return nil, err
	}
	l := &runLink{run: run, wq: wq, log: log, pending: pending, workers: workers, idle: noWorkers{wait: idle},
		refusals: &refusals{run: run, signer: PublicKeyText(publicOf(key)), log: log}}
	if l.notices, err = nc.Subscribe(noticeSubject+run, func(m *nats.Msg) {
		log.Warn().Str("notice", string(m.Data)).Msg("worker")
	}); err != nil {
		workers.stop()
		return nil, err
	}
	if l.consume, err = results.Consume(onResult); err != nil {
		workers.stop()
		l.notices.Unsubscribe()
		return nil, err
	}
	l.stopStranded = every(strandedEvery, l.reportStranded)
	l.stopIdle = l.watchNoWorkers()
	return l, nil
}

// reportStranded says, when work items of the run wait, that no connected
// worker can take them (none runs their platform and trusts their key),
// naming the platform and the key they wait for and the workers there are
// (with no worker connected at all, reportNoWorkers speaks).
func (l *runLink) reportStranded() {
	n := l.pending()
	if n == 0 {
		return
	}
	able, others := l.workers.able(time.Now(), l.wq)
	if able > 0 || len(others) == 0 {
		return
	}
	l.log.Warn().Msgf("run %s: %d work %s waiting, and no connected worker can take them: they need a worker on %s that trusts %s (connected: %s)",
		l.run, n, plural(n, "item"), platformName(l.wq.platform), l.refusals.signer, strings.Join(others, ", "))
}

// stop stops listening and withdraws the run's work not taken yet from
// the queue.
func (l *runLink) stop(queue jetstream.Stream, run string) {
	l.stopStranded()
	l.stopIdle()
	l.consume.Stop()
	l.notices.Unsubscribe()
	l.workers.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	queue.Purge(ctx, jetstream.WithPurgeSubject(runSubjects(run)))
}
