package broker

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/goxq/ucci/tuning/posfile"
)

// DatagenOptions set up a data-generation coordinator.
type DatagenOptions struct {
	// Run names the run on the broker (default: datagen- and a random id).
	Run string
	// Binary is the ucci build the workers make the chunks with (its
	// `tune datagen -make-chunk`); it goes to them through the object
	// store.
	Binary string
	// Args are the datagen flags and inputs of the run; those at the
	// indices Files name files, sent through the object store too.
	Args  []string
	Files []int
	// GOOS and GOARCH are the platform of Binary (default: this machine's).
	GOOS, GOARCH string
	// Key signs the work items (required): workers run only work signed by
	// a key they trust.
	Key ed25519.PrivateKey
	// Log receives the workers' notices (default: none).
	Log zerolog.Logger
}

// DatagenCoordinator hands the chunks of a data-generation run to the
// broker's workers and collects them: a datagen.Remote. A chunk is asked
// for once; a worker that dies has it redelivered; a chunk made twice
// counts once. An interrupted run is resumed by the output directory (the
// chunks written are skipped), as a local one.
type DatagenCoordinator struct {
	*coordinator
	chunks jetstream.ObjectStore
	work   DatagenWork
}

// NewDatagenCoordinator sets up the broker for a data-generation run: the
// streams, the build and the input files in the object store, and the
// result consumer.
func NewDatagenCoordinator(ctx context.Context, nc *nats.Conn, opts DatagenOptions) (*DatagenCoordinator, error) {
	if opts.Run == "" {
		opts.Run = newRunID("datagen-", 4)
	}
	base, obs, err := newCoordinator(ctx, nc, opts.Run, opts.GOOS, opts.GOARCH, opts.Key, opts.Log)
	if err != nil {
		return nil, err
	}
	c := &DatagenCoordinator{coordinator: base}
	if c.work.SHA256, err = publishBinary(ctx, obs, opts.Binary); err != nil {
		return nil, err
	}
	c.work.Args = append([]string(nil), opts.Args...)
	for _, i := range opts.Files {
		if c.work.Args[i], err = publishFile(ctx, obs, opts.Args[i], "input"); err != nil {
			return nil, err
		}
		c.work.Args[i] = fileRef + c.work.Args[i]
	}
	if c.chunks, err = openChunkStore(ctx, c.js); err != nil {
		return nil, err
	}
	cons, err := c.js.CreateOrUpdateConsumer(ctx, resultStream, c.consumerConfig())
	if err != nil {
		return nil, fmt.Errorf("result consumer: %w", err)
	}
	if err := c.listen(nc, cons, c.onResult); err != nil {
		return nil, err
	}
	return c, nil
}

// Workers returns the workers heard of lately and their slots.
func (c *DatagenCoordinator) Workers() (workers, slots int) {
	workers, slots, _ = c.link.workers.count(time.Now())
	return workers, slots
}

// Close stops collecting results, withdraws the run's chunks not taken
// yet from the queue and removes the run's consumer.
func (c *DatagenCoordinator) Close() {
	c.link.stop(c.queue, c.run)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.js.DeleteConsumer(ctx, resultStream, "coord-"+c.run)
}

// onResult hands a result message to the chunk waiting for it; one for a
// chunk not waited for (made a second time after a redelivery) is
// acknowledged and dropped. A refusal is told of.
func (c *DatagenCoordinator) onResult(msg jetstream.Msg) {
	r := c.result(msg)
	if r == nil {
		return
	}
	c.mu.Lock()
	ch, ok := c.waiting[r.ID]
	delete(c.waiting, r.ID)
	c.mu.Unlock()
	if !ok {
		msg.Ack()
		return
	}
	ch <- delivery{res: r, msg: msg}
}

// MakeChunk publishes chunk as a work item and returns its records when a
// worker has made it; done acknowledges the result and removes the chunk
// from the store (call it once the chunk is written).
func (c *DatagenCoordinator) MakeChunk(ctx context.Context, chunk int) ([]posfile.Record, func(), error) {
	ch := make(chan delivery, 1)
	c.mu.Lock()
	c.waiting[chunk] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.waiting, chunk)
		c.mu.Unlock()
	}()
	w := Work{Version: wireVersion, Run: c.run, ID: chunk, Kind: kindDatagen, GOOS: c.goos, GOARCH: c.goarch, Datagen: &c.work}
	data, err := signWork(c.key, &w)
	if err != nil {
		return nil, nil, err
	}
	subject := c.wq.subject(c.run, chunk)
	if _, err := c.js.Publish(ctx, subject, data, jetstream.WithMsgID(c.run+"-"+strconv.Itoa(chunk))); err != nil {
		return nil, nil, fmt.Errorf("publishing chunk %d: %w", chunk, err)
	}
	var d delivery
	select {
	case d = <-ch:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	recs, err := c.fetch(ctx, chunk, d.res)
	if err != nil {
		d.ack()
		return nil, nil, err
	}
	return recs, func() {
		d.ack()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c.chunks.Delete(ctx, chunkObject(c.run, chunk))
	}, nil
}

// fetch reads the chunk a result names from the chunk store, checking it.
func (c *DatagenCoordinator) fetch(ctx context.Context, chunk int, r *Result) ([]posfile.Record, error) {
	switch {
	case r.Error != "":
		return nil, fmt.Errorf("worker %s: %s", r.Worker, r.Error)
	case r.Chunk == nil || r.Chunk.Object != chunkObject(c.run, chunk):
		return nil, fmt.Errorf("worker %s sent a result without chunk %d", r.Worker, chunk)
	}
	data, err := c.chunks.GetBytes(ctx, r.Chunk.Object)
	if err != nil {
		return nil, fmt.Errorf("chunk %d from worker %s: %w", chunk, r.Worker, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != r.Chunk.SHA256 {
		return nil, fmt.Errorf("chunk %d from worker %s: SHA-256 mismatch", chunk, r.Worker)
	}
	return posfile.Read(data, fmt.Sprintf("chunk %d from worker %s", chunk, r.Worker))
}
