package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestCreateReplacesOnlyOnCommit: the old file stays as it was until
// Commit, and for good when the output is closed without one (no temporary
// file left behind); a committed output keeps the old file's mode.
func TestCreateReplacesOnlyOnCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old"), 0o600)
	o, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("new"))
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Fatalf("before Commit: %q", data)
	}
	o.Close()
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("closed without Commit: %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	o, _ = Create(path)
	o.Write([]byte("new"))
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	o.Write([]byte(" and more"))
	o.Close()
	if data, _ := os.ReadFile(path); string(data) != "new and more" {
		t.Errorf("committed: %q", data)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", info.Mode().Perm())
	}
}

// TestCreateLive: a live output takes the file's place at its first
// write; one that writes nothing leaves the old file.
func TestCreateLive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(path, []byte("old"), 0o644)
	o, _ := CreateLive(path)
	o.Close()
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("nothing written: %q", data)
	}
	o, _ = CreateLive(path)
	o.Write([]byte("game 1"))
	if data, _ := os.ReadFile(path); string(data) != "game 1" {
		t.Errorf("after the first write: %q", data)
	}
	o.Close()
}

// TestCreateThroughLink: through a symbolic link the link's target is
// replaced and the link kept; a directory is refused.
func TestCreateThroughLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	os.WriteFile(target, []byte("old"), 0o644)
	os.Symlink(target, link)
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("target %q", data)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if _, err := Create(dir); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v, want ErrNotRegular", err)
	}
}
