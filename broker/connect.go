package broker

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// Credentials authenticate to the broker (a user and password, a token or
// an nkey) and secure the connection (TLS).
type Credentials struct {
	User, Password, Token string
	// NkeyFile is a file holding a user nkey seed (SU...): the client signs
	// the server's challenge with it; an embedded server admits its
	// public key.
	NkeyFile string
	// CAFile is a PEM file of the certificates that sign the server's
	// (a client then speaks TLS); CertFile and KeyFile are a certificate
	// and key: a client's, or the embedded server's own, which makes it
	// accept TLS only.
	CAFile, CertFile, KeyFile string
}

// FromEnv fills the empty fields of c from NATS_USER, NATS_PASSWORD,
// NATS_TOKEN, NATS_NKEY (a seed file), NATS_CA, NATS_CERT and NATS_KEY.
func (c Credentials) FromEnv() Credentials {
	fill := func(v *string, name string) {
		if *v == "" {
			*v = os.Getenv(name)
		}
	}
	fill(&c.User, "NATS_USER")
	fill(&c.Password, "NATS_PASSWORD")
	fill(&c.Token, "NATS_TOKEN")
	fill(&c.NkeyFile, "NATS_NKEY")
	fill(&c.CAFile, "NATS_CA")
	fill(&c.CertFile, "NATS_CERT")
	fill(&c.KeyFile, "NATS_KEY")
	return c
}

// authOptions returns the options that authenticate with c.
func (c Credentials) authOptions() ([]nats.Option, error) {
	switch {
	case c.NkeyFile != "":
		o, err := nats.NkeyOptionFromSeed(c.NkeyFile)
		if err != nil {
			return nil, fmt.Errorf("nkey seed %s: %v", c.NkeyFile, scrub(err.Error(), c))
		}
		return []nats.Option{o}, nil
	case c.Token != "":
		return []nats.Option{nats.Token(c.Token)}, nil
	case c.User != "":
		return []nats.Option{nats.UserInfo(c.User, c.Password)}, nil
	}
	return nil, nil
}

// tlsOptions returns the options of a TLS connection with c's files.
func (c Credentials) tlsOptions() ([]nats.Option, error) {
	var opts []nats.Option
	if c.CAFile != "" {
		opts = append(opts, nats.RootCAs(c.CAFile))
	}
	switch {
	case c.CertFile != "" && c.KeyFile != "":
		opts = append(opts, nats.ClientCert(c.CertFile, c.KeyFile))
	case c.CertFile != "" || c.KeyFile != "":
		return nil, errors.New("a TLS certificate needs its key, and a key its certificate")
	}
	return opts, nil
}

// connectTimeout bounds the first connection: an unreachable broker is an
// error within a few seconds.
const connectTimeout = 3 * time.Second

// Connect connects to the broker at rawURL (nats://HOST:PORT, several
// separated by commas; tls://HOST:PORT insists on TLS, as does a CA file).
// Errors never contain the credentials.
func Connect(rawURL, name string, c Credentials) (*nats.Conn, error) {
	if strings.TrimSpace(rawURL) == "" {
		return nil, errors.New("no broker URL")
	}
	opts, err := c.authOptions()
	if err != nil {
		return nil, err
	}
	tlsOpts, err := c.tlsOptions()
	if err != nil {
		return nil, err
	}
	opts = append(opts, tlsOpts...)
	if strings.HasPrefix(strings.TrimSpace(rawURL), "tls://") {
		opts = append(opts, nats.Secure())
	}
	opts = append(opts,
		nats.Name(name),
		nats.Timeout(connectTimeout),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
	)
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
