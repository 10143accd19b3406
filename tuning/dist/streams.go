package dist

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The names on the broker: the work-queue stream and its shared consumer,
// the results stream and the object store of engine binaries.
const (
	workStream    = "XQ_WORK"
	workSubject   = "xq.work."   // + run id + "." + pair id
	workConsumer  = "xq-workers" // every worker pulls from it
	resultStream  = "XQ_RESULTS"
	resultSubject = "xq.result." // + run id
	noticeSubject = "xq.notice." // + run id: workers' messages (core NATS)
	binaryBucket  = "XQ_ENGINES"
	chunkBucket   = "XQ_CHUNKS" // object store: the chunks of training positions workers made
	runsBucket    = "XQ_RUNS"   // key-value: the status of each run by its id
	// heartbeatSubject carries the workers' heartbeats (core NATS); a
	// message on helloSubject asks every worker for one at once.
	heartbeatSubject = "xq.heartbeat"
	helloSubject     = "xq.hello"
)

// keepResults is how long the results (and the status) of a run stay on
// the broker: a run can be resumed within it.
const keepResults = 14 * 24 * time.Hour

// DefaultAckWait is how long a work item may go without a sign of life
// from its worker (which sends one every third of it while it plays)
// before it is delivered again.
const DefaultAckWait = 30 * time.Second

// maxDeliver bounds the deliveries of one work item: an item that kills
// every worker that takes it is not retried for ever.
const maxDeliver = 20

// setup creates or updates the streams, the workers' consumer and the
// object store.
func setup(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) (jetstream.Consumer, jetstream.ObjectStore, error) {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:      workStream,
		Subjects:  []string{workSubject + ">"},
		Retention: jetstream.WorkQueuePolicy,
	}); err != nil {
		return nil, nil, fmt.Errorf("work stream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       resultStream,
		Subjects:   []string{resultSubject + ">"},
		MaxAge:     keepResults,
		Duplicates: 10 * time.Minute,
	}); err != nil {
		return nil, nil, fmt.Errorf("results stream: %w", err)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, workStream, jetstream.ConsumerConfig{
		Durable:    workConsumer,
		AckPolicy:  jetstream.AckExplicitPolicy,
		AckWait:    ackWait,
		MaxDeliver: maxDeliver,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("work consumer: %w", err)
	}
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: binaryBucket})
	if err != nil {
		return nil, nil, fmt.Errorf("engine store: %w", err)
	}
	return cons, obs, nil
}
