package broker

import (
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// noJetStream returns, for err from the first JetStream request made on
// nc, the error of a broker without JetStream when that is the cause (no
// server answers the JetStream API: "no responders"), and err otherwise.
func noJetStream(nc *nats.Conn, err error) error {
	if errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrJetStreamNotEnabled) {
		return fmt.Errorf("the broker at %s has no JetStream; start nats-server with -js", Redact(nc.ConnectedUrl()))
	}
	return err
}
