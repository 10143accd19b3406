package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// newFileMode is the permission of a new output; a replaced file keeps
// its own.
const newFileMode fs.FileMode = 0o644

// Output is a new version of a file, written under a temporary name in
// the directory of the file it replaces (through a symbolic link, the
// link's target) and renamed over it by Commit. Until then the old file is
// untouched: Close without Commit removes the temporary file.
type Output struct {
	f         *os.File
	target    string
	mode      fs.FileMode
	live      bool // Commit at the first Write
	committed bool
	err       error // of the Commit at a first Write
}

// Create starts a new version of path. An existing path must be a regular
// file (a directory, a FIFO or a device is refused, never replaced); its
// directory must exist.
func Create(path string) (*Output, error) {
	target, mode := path, newFileMode
	if real, err := filepath.EvalSymlinks(path); err == nil {
		target = real
		if err := CheckFile(real); err != nil {
			return nil, err
		}
		if info, err := os.Stat(real); err == nil {
			mode = info.Mode().Perm()
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &Output{f: f, target: target, mode: mode}, nil
}

// CreateLive is Create for a stream that readers should see while it
// grows (a match's PGN, a traffic log): the new version takes path's place
// at its first Write. A run that writes nothing leaves the old file.
func CreateLive(path string) (*Output, error) {
	o, err := Create(path)
	if o != nil {
		o.live = true
	}
	return o, err
}

// Write writes to the new version (committing a live output first).
func (o *Output) Write(p []byte) (int, error) {
	if o.live && !o.committed {
		if o.err == nil {
			o.err = o.Commit()
		}
		if o.err != nil {
			return 0, o.err
		}
	}
	return o.f.Write(p)
}

// Commit puts the new version in place: it sets its mode, flushes it to
// disk and renames it over the old file. Writes may go on after it.
func (o *Output) Commit() error {
	if o.committed {
		return nil
	}
	err := o.f.Chmod(o.mode)
	if err == nil {
		err = o.f.Sync()
	}
	if err == nil {
		err = os.Rename(o.f.Name(), o.target)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", o.target, err)
	}
	o.committed = true
	return nil
}

// Close closes the file; an output that was not committed is removed, the
// old file left as it was.
func (o *Output) Close() error {
	err := o.f.Close()
	if !o.committed {
		os.Remove(o.f.Name())
	}
	return err
}

// Name returns the path the output replaces (a symbolic link's target).
func (o *Output) Name() string { return o.target }

// WriteFile writes data as the new version of path (see Create).
func WriteFile(path string, data []byte) error {
	o, err := Create(path)
	if err != nil {
		return err
	}
	_, err = o.f.Write(data)
	if err == nil {
		err = o.Commit()
	}
	if cerr := o.Close(); err == nil {
		err = cerr
	}
	return err
}
