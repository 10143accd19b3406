package broker

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/match"
)

// TestCoordinatorsShareTheConsumer: a match run's and a data-generation
// run's result consumers have one configuration (they used to keep an
// idle consumer 24 h and 1 h).
func TestCoordinatorsShareTheConsumer(t *testing.T) {
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	dg, err := NewDatagenCoordinator(ctx, nc, DatagenOptions{Key: testKey, Run: "dg", Binary: fakeBin, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer dg.Close()
	cfg := match.Config{Engines: []engineproc.EngineSpec{{Cmd: fakeBin}, {Cmd: fakeBin}}}
	mc, err := NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "m", Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer mc.Close()
	js, _ := jetstream.New(nc)
	var configs []jetstream.ConsumerConfig
	for _, run := range []string{"dg", "m"} {
		cons, err := js.Consumer(ctx, resultStream, "coord-"+run)
		if err != nil {
			t.Fatal(err)
		}
		info, err := cons.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		configs = append(configs, info.Config)
	}
	for i, c := range configs {
		if c.InactiveThreshold != consumerInactive || c.AckWait != time.Minute || c.AckPolicy != jetstream.AckExplicitPolicy {
			t.Errorf("consumer %d: inactive %v, ack wait %v, policy %v", i, c.InactiveThreshold, c.AckWait, c.AckPolicy)
		}
	}
}
