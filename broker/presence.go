package broker

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
)

// coordSubject + run id is where the coordinator of a run answers (core
// NATS), so that a second coordinator of the run is refused while the
// first one is alive.
const coordSubject = "xq.coord."

// presenceWait is how long a resume waits for a running coordinator of
// the run to answer.
const presenceWait = 2 * time.Second

// checkNoCoordinator returns an error when a coordinator of run answers:
// a run is resumed only once its coordinator is gone (stopped, killed or
// cut off: a dead connection has no subscription, a hung one does not
// answer in time).
func checkNoCoordinator(nc *nats.Conn, run string) error {
	m, err := nc.Request(coordSubject+run, nil, presenceWait)
	switch {
	case errors.Is(err, nats.ErrNoResponders), errors.Is(err, nats.ErrTimeout):
		return nil
	case err != nil:
		return fmt.Errorf("looking for a coordinator of run %s: %w", run, err)
	}
	return fmt.Errorf("run %s has a coordinator running (%s): stop it before resuming the run", run, m.Data)
}

// answerPresence answers for the coordinator of run until the returned
// subscription is unsubscribed.
func answerPresence(nc *nats.Conn, run string) (*nats.Subscription, error) {
	host, _ := os.Hostname()
	who := []byte(host + " pid " + strconv.Itoa(os.Getpid()) + ", since " + time.Now().UTC().Format(time.DateTime) + " UTC")
	return nc.Subscribe(coordSubject+run, func(m *nats.Msg) { m.Respond(who) })
}
