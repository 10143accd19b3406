package broker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/match"
)

// loadStored reads back the results of a resumed run stored on the broker
// and keeps those of each game pair, in order (refusals aside: they are no
// results); it returns the stream sequence of the last one (0 for none),
// after which the run's result consumer starts.
func (c *Coordinator) loadStored(ctx context.Context) (uint64, error) {
	subject := resultSubject + c.run
	lastMsg, err := c.results.GetLastMsgForSubject(ctx, subject)
	switch {
	case errors.Is(err, jetstream.ErrMsgNotFound):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("results of run %s: %w", c.run, err)
	}
	last := lastMsg.Sequence
	oc, err := c.results.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{subject}})
	if err != nil {
		return 0, fmt.Errorf("results of run %s: %w", c.run, err)
	}
	it, err := oc.Messages()
	if err != nil {
		return 0, fmt.Errorf("results of run %s: %w", c.run, err)
	}
	defer it.Stop()
	for {
		msg, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			return 0, fmt.Errorf("results of run %s: %w", c.run, err)
		}
		meta, err := msg.Metadata()
		if err != nil {
			return 0, fmt.Errorf("results of run %s: %w", c.run, err)
		}
		seq := meta.Sequence.Stream
		if r, err := c.decodeResult(msg.Data()); err != nil {
			c.log.Warn().Err(err).Uint64("seq", seq).Msg("skipping a malformed stored result")
		} else if r.Refused == nil {
			c.stored[r.ID] = append(c.stored[r.ID], seq)
		}
		if seq >= last {
			return last, nil
		}
	}
}

// readStored returns the stored result at stream sequence seq.
func (c *Coordinator) readStored(ctx context.Context, seq uint64) (delivery, error) {
	m, err := c.results.GetMsg(ctx, seq)
	if err != nil {
		return delivery{}, fmt.Errorf("stored result %d of run %s: %w", seq, c.run, err)
	}
	r, err := c.decodeResult(m.Data)
	if err != nil {
		return delivery{}, fmt.Errorf("stored result %d of run %s: %w", seq, c.run, err)
	}
	return delivery{res: r}, nil
}

// fingerprint is a digest of what decides the games of a match: the
// engines (binaries by hash), the rules of play, the schedule and the
// stopping rule. A run is resumed only by the same match.
func (c *Coordinator) fingerprint(cfg *match.Config) string {
	key := struct {
		Engines  []Engine
		Openings []Opening
		Games    int
		Format   string
		SPRT     *match.SPRT
		Settings Settings
	}{
		Games: cfg.Games, Format: cfg.Format.String(), SPRT: cfg.SPRT,
		Settings: settings(cfg),
	}
	for i := range cfg.Engines {
		key.Engines = append(key.Engines, c.wireEngine(cfg, i))
	}
	for _, o := range cfg.Openings {
		key.Openings = append(key.Openings, Opening{FEN: o.FEN, Moves: moveStrings(o.Moves)})
	}
	data, _ := json.Marshal(key)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// resultPoll is how often awaitResults looks whether the result consumer
// has caught up.
const resultPoll = 5 * time.Millisecond

// noteRead records that the result message at stream sequence seq has been
// handled.
func (c *Coordinator) noteRead(seq uint64) {
	c.mu.Lock()
	c.read = max(c.read, seq)
	c.mu.Unlock()
}

// awaitResults waits until the result consumer has handled every result of
// the run stored on the results stream when it is called: each is then
// with the pair waiting for it, or kept in stored.
func (c *Coordinator) awaitResults(ctx context.Context) error {
	m, err := c.results.GetLastMsgForSubject(ctx, resultSubject+c.run)
	switch {
	case errors.Is(err, jetstream.ErrMsgNotFound):
		return nil
	case err != nil:
		return fmt.Errorf("results of run %s: %w", c.run, err)
	}
	t := time.NewTicker(resultPoll)
	defer t.Stop()
	for {
		c.mu.Lock()
		read := c.read
		c.mu.Unlock()
		if read >= m.Sequence {
			return nil
		}
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
