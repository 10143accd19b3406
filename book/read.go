package book

import (
	"bytes"
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/safefile"
)

// MaxFileSize is the largest book file Open reads: 1 GiB, a thousand times
// the built-in book and ten thousand times ElephantEye's BOOK.DAT. Books
// are read into memory whole, so a larger file is refused before anything
// is read.
const MaxFileSize = 1 << 30

// Errors of Open besides the format errors.
var (
	ErrNotRegular = safefile.ErrNotRegular
	ErrTooLarge   = fmt.Errorf("larger than the %d-byte limit for a book", MaxFileSize)
)

// readFile reads one book file in either format. The checks come before
// the reads they protect: only a regular file is opened (a FIFO, a device
// or a directory is refused without being opened: safefile.Open); the size is checked
// against MaxFileSize, then against what the first bytes imply (the header
// of this package's format, whole records for a BOOK.DAT), and only then is
// the body read and parsed.
func readFile(path string) (Source, error) {
	f, size, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, %w", path, size, ErrTooLarge)
	}
	head := make([]byte, min(size, headerSize))
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkSize(head, size); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data := make([]byte, size)
	n := copy(data, head)
	if _, err := io.ReadFull(f, data[n:]); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	src, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return src, nil
}

// checkSize checks the size of a book file against what its first bytes
// imply: the entry count of this package's header, or whole records for a
// headerless BOOK.DAT.
func checkSize(head []byte, size int64) error {
	if bytes.HasPrefix(head, []byte(magic)) {
		_, err := readHeader(head, size)
		return err
	}
	return checkEleEyeSize(size)
}

// IsBook reports whether path is a regular file in this package's format
// (of any version: it checks the magic only). `ucci book build` replaces
// only such a file.
func IsBook(path string) (bool, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(f, head); err != nil {
		return false, nil
	}
	return string(head) == magic, nil
}
