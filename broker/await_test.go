package broker

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestAwaitResultsReadsWhatIsStored: results put on the stream just before
// awaitResults are handled when it returns (kept for the pairs not asked
// for yet), so a resumed run sees a result whose work item has left the
// queue before it publishes that item again; with nothing stored it returns
// at once, and it waits for the consumer up to the end of its context.
func TestAwaitResultsReadsWhatIsStored(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	cfg := testMatch(t, 4)
	c, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "aw", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.awaitResults(ctx); err != nil {
		t.Fatalf("nothing stored: %v", err)
	}
	js, _ := jetstream.New(connect(t, broker, "worker"))
	for round := range 20 {
		ids := []int{2*round + 1, 2*round + 2}
		for _, id := range ids {
			data, _ := json.Marshal(Result{Version: wireVersion, Run: "aw", ID: id, Worker: "w"})
			if _, err := js.Publish(ctx, resultSubject+"aw", data); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.awaitResults(ctx); err != nil {
			t.Fatal(err)
		}
		c.mu.Lock()
		for _, id := range ids {
			if len(c.stored[id]) != 1 {
				t.Errorf("round %d: pair %d kept %d times when awaitResults returned", round, id, len(c.stored[id]))
			}
		}
		c.mu.Unlock()
	}
	// As if the consumer had not handled the results yet: it waits, up to
	// the end of its context.
	c.mu.Lock()
	c.read = 0
	c.mu.Unlock()
	short, stop := context.WithTimeout(ctx, 50*time.Millisecond)
	defer stop()
	if err := c.awaitResults(short); err == nil {
		t.Error("returned before the consumer handled the stored results")
	}
}
