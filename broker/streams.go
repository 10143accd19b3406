package broker

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The names on the broker: the work-queue stream and its consumers, the
// results stream and the object store of engine binaries.
const (
	workStream  = "XQ_WORK"
	workSubject = "xq.work." // + the queue (platform and signer) + "." + run id + "." + item id
	// workConsumer + the queue is the consumer that the workers of a
	// queue pull from.
	workConsumer = "xq-workers-"
	// legacyConsumer is the one consumer of every worker before work was
	// signed; it would take the work of every queue, and is removed.
	legacyConsumer = "xq-workers"
	resultStream   = "XQ_RESULTS"
	resultSubject  = "xq.result." // + run id
	noticeSubject  = "xq.notice." // + run id: workers' messages (core NATS)
	binaryBucket   = "XQ_ENGINES"
	chunkBucket    = "XQ_CHUNKS" // object store: the chunks of training positions workers made
	runsBucket     = "XQ_RUNS"   // key-value: the status of each run by its id
	// heartbeatSubject carries the workers' heartbeats (core NATS); a
	// message on helloSubject asks every worker for one at once.
	heartbeatSubject = "xq.heartbeat"
	helloSubject     = "xq.hello"
)

// keepResults is how long the results (and the status) of a run stay on
// the broker: a run can be resumed within it.
const keepResults = 14 * 24 * time.Hour

// ackWait is how long a work item may go without a sign of life from its
// worker (which sends one every third of it while it plays) before it is
// delivered again. It is fixed, the same for every run: it is a setting
// of the consumer that the workers of a queue share, which every
// coordinator sets, while the worker learns it once per item; a setting
// per run would change under the workers of the runs before.
const ackWait = 30 * time.Second

// maxDeliver bounds the deliveries of one work item: an item that kills
// every worker that takes it is not retried for ever.
const maxDeliver = 20

// workQueue is the part of the work stream that the workers of one platform
// that trust one key take work from: the items of that platform signed
// by that key. A worker thus never receives the work of another platform,
// nor work under a key it does not trust (a forged item may still claim a
// trusted key: the worker checks every signature).
//
// Why a queue per platform and key rather than one that every worker
// pulls from: an item a worker cannot take would have to go back (a Nak),
// and every delivery, a Nak's included, counts against MaxDeliver, so
// that the workers of other platforms would use up an item's deliveries
// before one of its own platform came; and a worker that does not trust a
// key would take (and refuse for good) the work of coordinators of other
// owners sharing the broker. Here such work is never delivered: it waits
// on its queue, and its coordinator says so (runLink.reportStranded).
type workQueue struct {
	platform string // GOOS_GOARCH
	key      string // the signer's public key in hex
}

// platformPattern is what GOOS and GOARCH look like.
var platformPattern = regexp.MustCompile(`^[a-z0-9]{1,32}$`)

// newQueue returns the queue of the platform goos/goarch and the key pub.
func newQueue(goos, goarch string, pub ed25519.PublicKey) (workQueue, error) {
	if !platformPattern.MatchString(goos) || !platformPattern.MatchString(goarch) {
		return workQueue{}, fmt.Errorf("platform %q/%q: lower-case letters and digits only", goos, goarch)
	}
	return workQueue{platform: goos + "_" + goarch, key: hex.EncodeToString(pub)}, nil
}

// subject returns the subject of work item id of run.
func (q workQueue) subject(run string, id int) string {
	return workSubject + q.platform + "." + q.key + "." + run + "." + strconv.Itoa(id)
}

// runSubjects returns the subject filter of every work item of run.
func runSubjects(run string) string { return workSubject + "*.*." + run + ".>" }

// consumerConfig returns the configuration of the queue's consumer.
func (q workQueue) consumerConfig() jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       workConsumer + q.platform + "-" + q.key,
		FilterSubject: workSubject + q.platform + "." + q.key + ".>",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxDeliver:    maxDeliver,
	}
}

// openQueue returns the consumer of the queue q, removing the legacy
// consumer (it would take the work of every queue) first. A coordinator
// (update) sets its configuration; a worker creates it when it is
// missing.
func openQueue(ctx context.Context, js jetstream.JetStream, q workQueue, update bool) (jetstream.Consumer, error) {
	if err := js.DeleteConsumer(ctx, workStream, legacyConsumer); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil, fmt.Errorf("work consumer: %w", err)
	}
	cc := q.consumerConfig()
	if update {
		cons, err := js.CreateOrUpdateConsumer(ctx, workStream, cc)
		if err != nil {
			return nil, fmt.Errorf("work consumer: %w", err)
		}
		return cons, nil
	}
	cons, err := js.Consumer(ctx, workStream, cc.Durable)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		if cons, err = js.CreateConsumer(ctx, workStream, cc); errors.Is(err, jetstream.ErrConsumerExists) {
			cons, err = js.Consumer(ctx, workStream, cc.Durable)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("work consumer: %w", err)
	}
	return cons, nil
}

// setup creates or updates the streams, the consumer of the queue q and
// the object store.
func setup(ctx context.Context, js jetstream.JetStream, q workQueue) (jetstream.Consumer, jetstream.ObjectStore, error) {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:      workStream,
		Subjects:  []string{workSubject + ">"},
		Retention: jetstream.WorkQueuePolicy,
		MaxAge:    keepResults,
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
	cons, err := openQueue(ctx, js, q, true)
	if err != nil {
		return nil, nil, err
	}
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: binaryBucket})
	if err != nil {
		return nil, nil, fmt.Errorf("engine store: %w", err)
	}
	return cons, obs, nil
}
