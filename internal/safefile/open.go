package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Errors of the checks, each in an *fs.PathError with the path and the
// kind of file (errors.Is finds them).
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrNotDir     = errors.New("not a directory")
	ErrTooLarge   = errors.New("too large")
)

// Open opens path for reading if it is a regular file and returns it with
// its size. The type is checked before the open, so that a FIFO or a
// device is never opened, and again on the open file, which is opened
// without blocking where the system allows it, in case the path was
// replaced in between.
func Open(path string) (*os.File, int64, error) {
	if err := CheckFile(path); err != nil {
		return nil, 0, err
	}
	return openChecked(path, os.O_RDONLY, 0)
}

// ReadFile reads the regular file at path whole; a file of more than limit
// bytes is refused before anything is read (and a file that grows past it
// while read, too).
func ReadFile(path string, limit int64) ([]byte, error) {
	f, size, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > limit {
		return nil, tooLarge(path, size, limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

// OpenAppend opens path for appending (a log), creating it with mode 0644
// when it does not exist; an existing path must be a regular file. Nothing
// blocks: a FIFO is refused, even one with no reader.
func OpenAppend(path string) (*os.File, error) {
	switch err := CheckFile(path); {
	case err == nil, errors.Is(err, fs.ErrNotExist):
	default:
		return nil, err
	}
	f, _, err := openChecked(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	return f, err
}

// CheckFile checks, without opening it, that path names a regular file
// (through symbolic links).
func CheckFile(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return refused(path, ErrNotRegular, info)
	}
	return nil
}

// CheckDir checks that path names a directory (through symbolic links).
func CheckDir(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return refused(path, ErrNotDir, info)
	}
	return nil
}

// openChecked opens path without blocking and checks that what was
// opened is a regular file.
func openChecked(path string, flag int, perm fs.FileMode) (*os.File, int64, error) {
	f, err := os.OpenFile(path, flag|openNonBlocking, perm)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, refused(path, ErrNotRegular, info)
	}
	return f, info.Size(), nil
}

// refused describes a file of the wrong type.
func refused(path string, err error, info fs.FileInfo) error {
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", err, kind(info))}
}

// tooLarge describes a file over its size limit.
func tooLarge(path string, size, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (%d bytes, the limit is %d)", ErrTooLarge, size, limit)}
}

// kind names the type of a file that is not a regular file.
func kind(info fs.FileInfo) string {
	switch t := info.Mode().Type(); {
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t.IsRegular():
		return "a regular file"
	}
	return "a special file"
}
