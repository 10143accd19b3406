package broker

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"github.com/goxq/ucci/internal/safefile"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// A coordinator signs every work item with its Ed25519 key; a worker runs
// only work signed by a key its owner trusts (WorkerOptions.Trusted).
//
// The key file holds the private key as PKCS #8 in PEM ("-----BEGIN
// PRIVATE KEY-----", the form `openssl genpkey -algorithm ed25519`
// writes), readable by its owner only (mode 0600). A public key is written
// "ed25519:" followed by the standard base64 of its 32 bytes, e.g.
// ed25519:Yv7C0q6mB1m0mJ6D9GZp2Yw0l2zq8yJ1oN3m0Yx3x0E=.

// publicKeyPrefix starts the text of a public key.
const publicKeyPrefix = "ed25519:"

// keyFileLimit bounds the size of a key file; trustFileLimit that of a
// file of trusted keys.
const (
	keyFileLimit   = 4 << 10
	trustFileLimit = 1 << 20
)

// DefaultKeyFile returns the default key file of a coordinator:
// ucci/coordinator.key in the user's configuration directory.
func DefaultKeyFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("the default key file: %v (give -key FILE)", err)
	}
	return filepath.Join(dir, "ucci", "coordinator.key"), nil
}

// LoadOrCreateKey returns the key in the file at path, creating it (and
// its directory, mode 0700) with a new key when there is no such file;
// created tells which. A file that is not a regular file, is larger than a
// key file, is readable by others than its owner, or holds no Ed25519 key
// is an error.
func LoadOrCreateKey(path string) (key ed25519.PrivateKey, created bool, err error) {
	key, err = loadKey(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return key, false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, false, fmt.Errorf("key file %s: %v", path, err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, false, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, false, err
	}
	// The key is written whole to a file of its own and linked into place:
	// a key file is never seen half written, and one created meanwhile by
	// another process is kept (and used).
	tmp, err := os.CreateTemp(filepath.Dir(path), ".coordinator-key-*")
	if err != nil {
		return nil, false, fmt.Errorf("key file %s: %v", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err != nil {
		return nil, false, fmt.Errorf("key file %s: %v", path, err)
	}
	switch err := os.Link(tmp.Name(), path); {
	case errors.Is(err, fs.ErrExist):
		key, err := loadKey(path)
		return key, false, err
	case err != nil:
		return nil, false, fmt.Errorf("key file %s: %v", path, err)
	}
	return priv, true, nil
}

// loadKey reads the key file at path; an error wrapping fs.ErrNotExist
// means there is none.
func loadKey(path string) (ed25519.PrivateKey, error) {
	data, mode, err := readSmallFile(path, keyFileLimit)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	if mode.Perm()&0o077 != 0 && runtime.GOOS != "windows" {
		return nil, fmt.Errorf("key file %s: permissions %04o let others read it: chmod 600 %s", path, mode.Perm(), path)
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("key file %s: not a PEM private key", path)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("key file %s: %v", path, err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("key file %s: not an Ed25519 key", path)
	}
	return priv, nil
}

// PublicKeyText returns the text of a public key: "ed25519:BASE64".
func PublicKeyText(pub ed25519.PublicKey) string {
	return publicKeyPrefix + base64.StdEncoding.EncodeToString(pub)
}

// publicOf returns the public key of key.
func publicOf(key ed25519.PrivateKey) ed25519.PublicKey { return key.Public().(ed25519.PublicKey) }

// ParsePublicKey reads the text of a public key ("ed25519:BASE64").
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b64, ok := strings.CutPrefix(strings.TrimSpace(s), publicKeyPrefix)
	if !ok {
		return nil, fmt.Errorf("public key %q: want %sBASE64 (ucci key prints one)", s, publicKeyPrefix)
	}
	raw, err := base64.StdEncoding.Strict().DecodeString(b64)
	if err != nil || len(raw) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public key %q: not %d bytes of base64", s, ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(raw), nil
}

// ReadTrustFile reads a file of public keys, one a line; blank lines and
// lines starting with # are skipped.
func ReadTrustFile(path string) ([]ed25519.PublicKey, error) {
	data, _, err := readSmallFile(path, trustFileLimit)
	if err != nil {
		return nil, fmt.Errorf("trusted keys: %w", err)
	}
	var keys []ed25519.PublicKey
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, err := ParsePublicKey(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// readSmallFile reads the regular file at path whole, when it holds at
// most limit bytes, and returns it with its mode, through safefile (a FIFO
// or a device never blocks the read).
func readSmallFile(path string, limit int64) ([]byte, fs.FileMode, error) {
	f, size, err := safefile.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if size > limit {
		return nil, 0, fmt.Errorf("%s: %d bytes, more than %d", path, size, limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, 0, fmt.Errorf("%s: more than %d bytes", path, limit)
	}
	return data, st.Mode(), nil
}
