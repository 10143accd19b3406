package main

import (
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/goxq/ucci/broker"
)

// addKeyFlag declares -key, the coordinator's signing key.
func addKeyFlag(fs *flag.FlagSet) *string {
	return fs.String("key", "", "file of the Ed25519 key that signs the work (created when missing, mode 0600; default: ucci/coordinator.key in the user config directory)")
}

// loadKey returns the key in file (the default key file when empty),
// creating it when there is none and saying so on stderr.
func loadKey(file string, stderr io.Writer) (ed25519.PrivateKey, error) {
	if file == "" {
		var err error
		if file, err = broker.DefaultKeyFile(); err != nil {
			return nil, err
		}
	}
	key, created, err := broker.LoadOrCreateKey(file)
	if err != nil {
		return nil, err
	}
	if created {
		fmt.Fprintf(stderr, "created the key %s: keep it secret; workers that trust its public key run the work it signs\n", file)
	}
	return key, nil
}

// trustFlags are the worker's trusted keys: -trust KEY (repeatable) and
// -trust-file FILE.
type trustFlags struct {
	keys []ed25519.PublicKey
	file *string
}

func (t *trustFlags) String() string { return fmt.Sprint(len(t.keys), " keys") }

func (t *trustFlags) Set(s string) error {
	k, err := broker.ParsePublicKey(s)
	if err != nil {
		return err
	}
	t.keys = append(t.keys, k)
	return nil
}

// addTrustFlags declares -trust and -trust-file.
func addTrustFlags(fs *flag.FlagSet) *trustFlags {
	t := &trustFlags{}
	fs.Var(t, "trust", "run work signed by this coordinator key, ed25519:BASE64 as the coordinator or ucci key prints it (repeat for more)")
	t.file = fs.String("trust-file", "", "run work signed by the keys of this file, one a line (# comments)")
	return t
}

// trusted returns every trusted key; none is an error that says how to
// trust one.
func (t *trustFlags) trusted() ([]ed25519.PublicKey, error) {
	keys := t.keys
	if *t.file != "" {
		more, err := broker.ReadTrustFile(*t.file)
		if err != nil {
			return nil, err
		}
		keys = append(keys, more...)
	}
	if len(keys) == 0 {
		return nil, errors.New("no trusted key: this worker would refuse all work; trust a coordinator's key with -trust ed25519:... " +
			"(the coordinator prints it in the worker command; ucci key prints the key of this machine)")
	}
	return keys, nil
}
