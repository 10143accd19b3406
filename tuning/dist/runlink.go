package dist

import (
	"context"
	"crypto/ed25519"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// runLink is what a coordinator listens to while its run goes on: the
// workers' heartbeats, their notices about the run (logged) and the run's
// results (handed to onResult, which tells of the refusals among them).
type runLink struct {
	workers  *workerBoard
	notices  *nats.Subscription
	consume  jetstream.ConsumeContext
	refusals *refusals
}

// listen starts listening for run, whose work is signed with key.
func listen(nc *nats.Conn, run string, key ed25519.PrivateKey, log zerolog.Logger, results jetstream.Consumer, onResult jetstream.MessageHandler) (*runLink, error) {
	workers, err := watchWorkers(nc)
	if err != nil {
		return nil, err
	}
	l := &runLink{workers: workers, refusals: &refusals{run: run, signer: PublicKeyText(publicOf(key)), log: log}}
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
	return l, nil
}

// stop stops listening and withdraws the run's work not taken yet from
// the queue.
func (l *runLink) stop(queue jetstream.Stream, run string) {
	l.consume.Stop()
	l.notices.Unsubscribe()
	l.workers.stop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	queue.Purge(ctx, jetstream.WithPurgeSubject(runSubjects(run)))
}
