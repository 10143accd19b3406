package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: a regular file is read whole; a directory, a missing file
// and a file over the limit are refused, the last before it is read.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	os.WriteFile(path, []byte("0123456789"), 0o644)
	if data, err := ReadFile(path, 10); err != nil || string(data) != "0123456789" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
	if _, err := ReadFile(path, 9); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "10 bytes") {
		t.Errorf("over the limit: %v, want ErrTooLarge naming the size", err)
	}
	if _, err := ReadFile(dir, 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("directory: %v, want ErrNotRegular (a directory)", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 1<<20); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v, want ErrNotExist", err)
	}
	if _, _, err := Open("/dev/null"); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "character device") {
		t.Errorf("/dev/null: %v, want ErrNotRegular (a character device)", err)
	}
}

// TestOpenAppend: a log is created, then appended to; a directory or a
// device is refused.
func TestOpenAppend(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "log")
	for _, line := range []string{"one\n", "two\n"} {
		f, err := OpenAppend(path)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(line)
		f.Close()
	}
	if data, _ := os.ReadFile(path); string(data) != "one\ntwo\n" {
		t.Errorf("log %q", data)
	}
	for _, p := range []string{dir, "/dev/null"} {
		if f, err := OpenAppend(p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v, want ErrNotRegular", p, err)
			if f != nil {
				f.Close()
			}
		}
	}
}

// TestCheckDir: a directory passes, a file does not.
func TestCheckDir(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	os.WriteFile(path, nil, 0o644)
	if err := CheckDir(dir); err != nil {
		t.Errorf("directory: %v", err)
	}
	if err := CheckDir(path); !errors.Is(err, ErrNotDir) {
		t.Errorf("file: %v, want ErrNotDir", err)
	}
}
