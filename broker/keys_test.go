package broker

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKeyFile: a key file is created with its directory, readable by its
// owner only, and read back the same; its public key round-trips through
// its text.
func TestKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "conf", "ucci", "coordinator.key")
	key, created, err := LoadOrCreateKey(path)
	if err != nil || !created {
		t.Fatalf("created %v, %v", created, err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v, %v: want 0600", st.Mode(), err)
	}
	if dir, err := os.Stat(filepath.Dir(path)); err != nil || dir.Mode().Perm() != 0o700 {
		t.Errorf("key directory mode %v, %v: want 0700", dir.Mode(), err)
	}
	data, _ := os.ReadFile(path)
	if !bytes.HasPrefix(data, []byte("-----BEGIN PRIVATE KEY-----\n")) {
		t.Errorf("key file:\n%s", data)
	}
	again, created, err := LoadOrCreateKey(path)
	if err != nil || created || !again.Equal(key) {
		t.Fatalf("second load: created %v, same %v, %v", created, again.Equal(key), err)
	}
	text := PublicKeyText(publicOf(key))
	if !strings.HasPrefix(text, "ed25519:") || len(text) != len("ed25519:")+44 {
		t.Errorf("public key text %q", text)
	}
	pub, err := ParsePublicKey(text)
	if err != nil || !pub.Equal(key.Public()) {
		t.Errorf("parsed %v, %v", pub, err)
	}
	for _, bad := range []string{"", "ed25519:", "ed25519:AAAA", "rsa:" + text[8:], text + "x", text[:len(text)-1]} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("%q parsed as a key", bad)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".coordinator-key-*")); len(files) != 0 {
		t.Errorf("temporary files left: %v", files)
	}
}

// TestBadKeyFiles: a key file readable by others, a directory, a FIFO (at
// once, without blocking), a large file or one without a key is refused.
func TestBadKeyFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k")
	if _, _, err := LoadOrCreateKey(path); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	if _, _, err := LoadOrCreateKey(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key others can read: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	os.WriteFile(big, bytes.Repeat([]byte("x"), 5000), 0o600)
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte("not a key\n"), 0o600)
	for _, p := range []string{dir, fifo, big, junk} {
		start := time.Now()
		if _, _, err := LoadOrCreateKey(p); err == nil {
			t.Errorf("%s: loaded", p)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: took %v", p, d)
		}
	}
	if _, err := os.Stat(junk); err != nil {
		t.Error("a bad key file was removed")
	}
}

func TestTrustFile(t *testing.T) {
	dir := t.TempDir()
	a, b := PublicKeyText(publicOf(newTestKey())), PublicKeyText(publicOf(newTestKey()))
	path := filepath.Join(dir, "trusted")
	os.WriteFile(path, []byte("# the lab\n"+a+"\n\n  "+b+"  \n"), 0o644)
	keys, err := ReadTrustFile(path)
	if err != nil || len(keys) != 2 || PublicKeyText(keys[0]) != a || PublicKeyText(keys[1]) != b {
		t.Fatalf("keys %v, %v", keys, err)
	}
	os.WriteFile(path, []byte(a+"\nnot a key\n"), 0o644)
	if _, err := ReadTrustFile(path); err == nil || !strings.Contains(err.Error(), path+":2:") {
		t.Errorf("a bad line: %v", err)
	}
	if _, err := ReadTrustFile(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing file read")
	}
}
