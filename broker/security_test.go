package broker

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nkeys"
)

// selfSignedCert writes a self-signed certificate for 127.0.0.1 and its
// key to dir and returns their paths (the certificate is its own CA).
func selfSignedCert(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "ucci test broker"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writePEM(t, cert, "CERTIFICATE", der)
	writePEM(t, key, "EC PRIVATE KEY", keyDER)
	return cert, key
}

func writePEM(t *testing.T, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestTLSBroker: an embedded broker with a certificate speaks TLS only; a
// client that trusts the certificate connects with a tls:// URL, one that
// does not is refused with an error, and the in-process connection of the
// coordinator needs no TLS.
func TestTLSBroker(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSignedCert(t, dir)
	e := startBroker(t, Credentials{CertFile: cert, KeyFile: key})
	hostPort := e.URL()[strings.Index(e.URL(), "://")+3:]
	tlsURL, natsURL := "tls://"+hostPort, "nats://"+hostPort

	nc, err := Connect(tlsURL, "test", Credentials{CAFile: cert})
	if err != nil {
		t.Fatalf("trusted client: %v", err)
	}
	if !nc.TLSRequired() {
		t.Error("the connection does not use TLS")
	}
	nc.Close()

	if nc, err := Connect(natsURL, "test", Credentials{CAFile: cert}); err != nil {
		t.Errorf("nats:// URL with a CA file: %v", err)
	} else {
		nc.Close()
	}
	for _, url := range []string{tlsURL, natsURL} {
		if nc, err := Connect(url, "test", Credentials{}); err == nil {
			nc.Close()
			t.Errorf("%s: connected without trusting the certificate", url)
		}
	}
	nc, err = e.ConnectInProcess("test", Credentials{})
	if err != nil {
		t.Fatalf("in process: %v", err)
	}
	nc.Close()

	if _, err := Connect(tlsURL, "test", Credentials{CAFile: cert, CertFile: cert}); err == nil || !strings.Contains(err.Error(), "key") {
		t.Errorf("a client certificate without its key: %v", err)
	}
}

// writeSeed creates a user nkey and writes its seed to a file.
func writeSeed(t *testing.T, path string) string {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	seed, err := kp.Seed()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, seed, 0o600); err != nil {
		t.Fatal(err)
	}
	return string(seed)
}

// TestNkeyBroker: an embedded broker started with a seed admits that key's
// signature, and refuses another key or none; no error shows a seed.
func TestNkeyBroker(t *testing.T) {
	dir := t.TempDir()
	good, other := filepath.Join(dir, "good.nk"), filepath.Join(dir, "other.nk")
	goodSeed := writeSeed(t, good)
	otherSeed := writeSeed(t, other)
	e := startBroker(t, Credentials{NkeyFile: good})

	nc, err := Connect(e.URL(), "test", Credentials{NkeyFile: good})
	if err != nil {
		t.Fatalf("right key: %v", err)
	}
	nc.Close()
	if nc, err := e.ConnectInProcess("test", Credentials{NkeyFile: good}); err != nil {
		t.Errorf("in process with the key: %v", err)
	} else {
		nc.Close()
	}
	for _, c := range []Credentials{{NkeyFile: other}, {}, {NkeyFile: filepath.Join(dir, "missing.nk")}} {
		nc, err := Connect(e.URL(), "test", c)
		if err == nil {
			nc.Close()
			t.Errorf("%+v: connected", c)
			continue
		}
		for _, seed := range []string{goodSeed, otherSeed} {
			if strings.Contains(err.Error(), seed) {
				t.Errorf("error %q shows a seed", err)
			}
		}
	}
	if _, err := StartEmbedded("127.0.0.1:0", t.TempDir(), Credentials{NkeyFile: filepath.Join(dir, "missing.nk")}, false); err == nil {
		t.Error("an embedded broker started with a missing seed file")
	}
}

// TestEmbeddedNeedsCredentialsBeyondLoopback: the embedded broker listens
// beyond the loopback only with credentials (a user with a password, a
// token or an nkey), or when told it is insecure.
func TestEmbeddedNeedsCredentialsBeyondLoopback(t *testing.T) {
	seed := filepath.Join(t.TempDir(), "seed.nk")
	writeSeed(t, seed)
	for _, c := range []struct {
		addr     string
		creds    Credentials
		insecure bool
		ok       bool
	}{
		{"127.0.0.1:0", Credentials{}, false, true},
		{"localhost:0", Credentials{}, false, true},
		{"0.0.0.0:0", Credentials{}, false, false},
		{":0", Credentials{}, false, false},
		{"0.0.0.0:0", Credentials{User: "bob"}, false, false},
		{"0.0.0.0:0", Credentials{User: "bob", Password: "pw"}, false, true},
		{"0.0.0.0:0", Credentials{Token: "tok"}, false, true},
		{"0.0.0.0:0", Credentials{NkeyFile: seed}, false, true},
		{"0.0.0.0:0", Credentials{}, true, true},
	} {
		e, err := StartEmbedded(c.addr, t.TempDir(), c.creds, c.insecure)
		if err == nil {
			e.Close()
		}
		if (err == nil) != c.ok {
			t.Errorf("%s %+v insecure %v: %v", c.addr, c.creds, c.insecure, err)
		}
		if err != nil && !strings.Contains(err.Error(), "-insecure") {
			t.Errorf("%s: %v does not say how", c.addr, err)
		}
	}
}

// TestNamedFilesNeverBlock: an nkey seed file or a binary to publish that
// is a FIFO is refused at once (it used to block the coordinator forever).
func TestNamedFilesNeverBlock(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan [2]error, 1)
	go func() {
		_, errKey := publicNkey(fifo)
		_, errHash := fileHash(fifo)
		done <- [2]error{errKey, errHash}
	}()
	select {
	case errs := <-done:
		for i, err := range errs {
			if err == nil {
				t.Errorf("case %d: a FIFO was read", i)
			}
		}
	case <-time.After(2 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
}
