package dist

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// Credentials authenticate to the broker: a user and password, or a token.
type Credentials struct {
	User, Password, Token string
}

// FromEnv fills the empty fields of c from NATS_USER,
// NATS_PASSWORD and NATS_TOKEN.
func (c Credentials) FromEnv() Credentials {
	fill := func(v *string, name string) {
		if *v == "" {
			*v = os.Getenv(name)
		}
	}
	fill(&c.User, "NATS_USER")
	fill(&c.Password, "NATS_PASSWORD")
	fill(&c.Token, "NATS_TOKEN")
	return c
}

// connectTimeout bounds the first connection: an unreachable broker is an
// error within a few seconds.
const connectTimeout = 3 * time.Second

// Connect connects to the broker at rawURL (nats://HOST:PORT, several
// separated by commas). Errors never contain the credentials.
func Connect(rawURL, name string, c Credentials) (*nats.Conn, error) {
	if strings.TrimSpace(rawURL) == "" {
		return nil, errors.New("no broker URL")
	}
	opts := []nats.Option{
		nats.Name(name),
		nats.Timeout(connectTimeout),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
	}
	switch {
	case c.Token != "":
		opts = append(opts, nats.Token(c.Token))
	case c.User != "":
		opts = append(opts, nats.UserInfo(c.User, c.Password))
	}
	nc, err := nats.Connect(rawURL, opts...)
	if err != nil {
		return nil, fmt.Errorf("broker %s: %s", Redact(rawURL), scrub(err.Error(), c))
	}
	return nc, nil
}

// Redact returns the broker URLs without the user information they may
// hold, for messages.
func Redact(rawURL string) string {
	var out []string
	for _, u := range strings.Split(rawURL, ",") {
		u = strings.TrimSpace(u)
		if p, err := url.Parse(u); err == nil && p.User != nil {
			u = p.Scheme + "://***@" + p.Host + p.Path
		} else if at := strings.LastIndex(u, "@"); at >= 0 {
			u = "***" + u[at:]
		}
		out = append(out, u)
	}
	return strings.Join(out, ",")
}

// scrub removes the secrets from a message.
func scrub(msg string, c Credentials) string {
	for _, s := range []string{c.Password, c.Token} {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "***")
		}
	}
	return msg
}
