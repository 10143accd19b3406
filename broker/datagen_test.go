package broker

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/internal/enginetest"
	"github.com/goxq/ucci/tuning/datagen"
)

// TestDatagenChunkOfDeadWorker: a chunk taken by a worker that dies
// without a word is made by another worker after the ack timeout; a
// second copy of a chunk's result is dropped; the files are those of a
// local run.
func TestDatagenChunkOfDeadWorker(t *testing.T) {
	bin := enginetest.Binary(t)
	broker := startBroker(t, Credentials{})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	nc := connect(t, broker, "coordinator")
	args := []string{"-games", "4", "-chunk", "2", "-nodes", "300", "-hash", "1", "-max-plies", "60", "-evalfile", "<classical>"}
	coord, err := NewDatagenCoordinator(ctx, nc, DatagenOptions{Key: testKey, Run: "dg", Binary: bin, Args: args, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()

	// The dead worker takes the first chunk published and is never heard
	// of again.
	js, _ := jetstream.New(connect(t, broker, "dead worker"))
	cons, err := js.Consumer(ctx, workStream, coord.wq.consumerConfig().Durable)
	if err != nil {
		t.Fatal(err)
	}
	taken := make(chan jetstream.Msg, 1)
	go func() {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(30*time.Second))
		if err == nil {
			for m := range batch.Messages() {
				taken <- m
			}
		}
		close(taken)
	}()
	var (
		wg   sync.WaitGroup
		held atomic.Bool
	)
	wctx, stopWorker := context.WithCancel(ctx)
	defer func() {
		stopWorker()
		wg.Wait()
	}()
	wg.Go(func() {
		// The live worker starts once the dead one holds its chunk.
		if m, ok := <-taken; ok {
			held.Store(true)
			t.Logf("the dead worker holds %s", m.Subject())
		}
		RunWorker(wctx, connect(t, broker, "w"), WorkerOptions{Trusted: testTrust, Name: "w", Concurrency: 2, CacheDir: t.TempDir(), Log: testLog(t)})
	})
	sp := datagen.DefaultSelfPlay()
	sp.Dir, sp.Games, sp.ChunkGames, sp.Nodes, sp.HashMB, sp.MaxPlies, sp.Workers = t.TempDir(), 4, 2, 300, 1, 60, 2
	sp.Remote = coord
	st, err := datagen.SelfPlay(ctx, sp)
	if err != nil || st.Chunks != 2 || st.Games != 4 {
		t.Fatalf("run: %+v, %v", st, err)
	}
	if !held.Load() {
		t.Error("the dead worker took no chunk: nothing was delivered again")
	}
	localDir := t.TempDir()
	if out, err := exec.CommandContext(ctx, bin, append([]string{"tune", "datagen", "-out", localDir, "-workers", "2", "-quiet"}, args...)...).CombinedOutput(); err != nil {
		t.Fatalf("local run: %v\n%s", err, out)
	}
	for c := range 2 {
		name := datagen.SelfPlayFile(1, c)
		want, _ := os.ReadFile(filepath.Join(localDir, name))
		got, _ := os.ReadFile(filepath.Join(sp.Dir, name))
		if len(want) == 0 || !bytes.Equal(want, got) {
			t.Errorf("%s: %d bytes from the workers, %d locally", name, len(got), len(want))
		}
	}
}
