package broker

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// TestBrokerWithoutJetStream: a coordinator, a worker and `match status`
// on a NATS server started without -js say so, naming the broker, rather
// than "no responders available for request".
func TestBrokerWithoutJetStream(t *testing.T) {
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start()
	t.Cleanup(srv.Shutdown)
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("the server did not start")
	}
	nc, err := Connect(srv.ClientURL(), "test", Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	want := "the broker at " + srv.ClientURL() + " has no JetStream; start nats-server with -js"
	check := func(who string, err error) {
		t.Helper()
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %q", who, err, want)
		}
	}
	cfg := testMatch(t, 2)
	_, err = NewCoordinator(ctx, nc, &cfg, CoordinatorOptions{Key: testKey, Run: "nojs", Log: testLog(t)})
	check("coordinator", err)
	check("worker", RunWorker(ctx, nc, WorkerOptions{Trusted: testTrust, CacheDir: t.TempDir(), Log: testLog(t)}))
	_, err = ReadStatus(ctx, nc, "")
	check("status", err)
	if ctx.Err() != nil {
		t.Error("took the whole timeout")
	}
}
