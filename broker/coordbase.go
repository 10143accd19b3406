package broker

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// consumerInactive is how long the broker keeps a run's result consumer
// while no coordinator reads it: a day, so that a stopped run (a match or
// a data-generation run) finds its results when it is resumed.
const consumerInactive = 24 * time.Hour

// coordinator is what the coordinators of matches (Coordinator) and of
// data generation (DatagenCoordinator) share: the broker's streams and
// object store, the run's work queue and key, the link to the workers and
// the work items published and waiting for their result.
type coordinator struct {
	js     jetstream.JetStream
	queue  jetstream.Stream // the work stream
	wq     workQueue        // where the run's work goes on it
	run    string
	goos   string
	goarch string
	key    ed25519.PrivateKey
	log    zerolog.Logger
	link   *runLink
	// noWorkersWait is how long the work waits with no worker connected
	// before the coordinator says so.
	noWorkersWait time.Duration

	mu      sync.Mutex
	waiting map[int]chan delivery // published work items without a result yet
}

// newCoordinator checks the run id and the key (GOOS and GOARCH default to
// this machine's) and sets up the broker's streams and object store for
// the run's work queue.
func newCoordinator(ctx context.Context, nc *nats.Conn, run, goos, goarch string, key ed25519.PrivateKey, log zerolog.Logger) (*coordinator, jetstream.ObjectStore, error) {
	if goos == "" {
		goos, goarch = runtime.GOOS, runtime.GOARCH
	}
	if key == nil {
		return nil, nil, errNoKey
	}
	if !runPattern.MatchString(run) {
		return nil, nil, fmt.Errorf("run id %q: letters, digits, - and _ only", run)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, nil, err
	}
	wq, err := newQueue(goos, goarch, publicOf(key))
	if err != nil {
		return nil, nil, err
	}
	_, obs, err := setup(ctx, js, wq)
	if err != nil {
		return nil, nil, noJetStream(nc, err)
	}
	c := &coordinator{js: js, wq: wq, run: run, goos: goos, goarch: goarch, key: key, log: log, noWorkersWait: noWorkersWait,
		waiting: map[int]chan delivery{}}
	if c.queue, err = js.Stream(ctx, workStream); err != nil {
		return nil, nil, fmt.Errorf("work stream: %w", err)
	}
	return c, obs, nil
}

// consumerConfig is the configuration of the run's durable result consumer.
func (c *coordinator) consumerConfig() jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:           "coord-" + c.run,
		FilterSubject:     resultSubject + c.run,
		AckPolicy:         jetstream.AckExplicitPolicy,
		AckWait:           time.Minute,
		InactiveThreshold: consumerInactive,
	}
}

// listen starts reading the run's results from cons with onResult and
// watching the workers.
func (c *coordinator) listen(nc *nats.Conn, cons jetstream.Consumer, onResult jetstream.MessageHandler) error {
	var err error
	if c.link, err = listen(nc, c.run, c.wq, c.key, c.log, c.pending, c.noWorkersWait, cons, onResult); err != nil {
		return fmt.Errorf("result consumer: %w", err)
	}
	return nil
}

// Run returns the run id.
func (c *coordinator) Run() string { return c.run }

// pending counts the published work items waiting for their result.
func (c *coordinator) pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.waiting)
}

// result reads a result message of the run: a malformed one is dropped
// (terminated) and a refusal is told of (acknowledged); both give nil.
func (c *coordinator) result(msg jetstream.Msg) *Result {
	r, err := decodeResult(msg.Data(), c.run)
	if err != nil {
		c.log.Warn().Err(err).Msg("dropping a malformed result")
		msg.Term()
		return nil
	}
	if r.Refused != nil {
		c.link.refusals.tell(r)
		msg.Ack()
		return nil
	}
	return r
}
