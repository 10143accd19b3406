package posfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/goxq/ucci/internal/safefile"
)

// HeaderSize is the size of a file's header.
const HeaderSize = 16

// Version is the format version this package writes and reads.
const Version = 1

const magic = "GXQPOS"

// header returns a file's header recording count records (0: not
// recorded).
func header(count uint64) [HeaderSize]byte {
	var h [HeaderSize]byte
	copy(h[:], magic)
	binary.LittleEndian.PutUint16(h[6:], Version)
	binary.LittleEndian.PutUint64(h[8:], count)
	return h
}

// Writer writes a position file.
type Writer struct {
	w   *bufio.Writer
	n   int64
	err error
}

// NewWriter writes the header to w and returns a writer of records. The
// header does not record the number of records (WriteFile's does).
func NewWriter(w io.Writer) *Writer { return newWriter(w, 0) }

// newWriter is NewWriter with a header recording count records.
func newWriter(w io.Writer, count uint64) *Writer {
	h := header(count)
	bw := bufio.NewWriterSize(w, 1<<16)
	_, err := bw.Write(h[:])
	return &Writer{w: bw, err: err}
}

// Write appends a record.
func (w *Writer) Write(r *Record) error {
	if w.err != nil {
		return w.err
	}
	_, w.err = w.w.Write(r[:])
	w.n++
	return w.err
}

// Count returns the number of records written.
func (w *Writer) Count() int64 { return w.n }

// Flush writes out buffered records.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// FormatError is a file that is not a usable position file, with the
// offset of the first byte that is wrong.
type FormatError struct {
	File   string
	Offset int64
	Reason string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: offset %d: %s", e.File, e.Offset, e.Reason)
}

// checkHeader reads and checks the header and returns the number of
// records it records (0: not recorded).
func checkHeader(r io.Reader, name string) (uint64, error) {
	var h [HeaderSize]byte
	n, err := io.ReadFull(r, h[:])
	if err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return 0, &FormatError{name, int64(n), "truncated header (not a position file)"}
		}
		return 0, err
	}
	if !IsPositionData(h[:]) {
		return 0, &FormatError{name, 0, "not a position file (bad magic)"}
	}
	if v := binary.LittleEndian.Uint16(h[6:]); v != Version {
		return 0, &FormatError{name, 6, fmt.Sprintf("format version %d, this build reads %d", v, Version)}
	}
	return binary.LittleEndian.Uint64(h[8:]), nil
}

// IsPositionData tells whether data (the first bytes of a file) starts as
// a position file does.
func IsPositionData(data []byte) bool { return bytes.HasPrefix(data, []byte(magic)) }

// MaxFileSize is the largest position file ReadFile reads: 4 GiB, 134
// million records (a datagen chunk is about 1 MB). Files are read into
// memory whole, so a larger one is refused before anything is read.
const MaxFileSize = 1 << 32

// ReadFile reads and checks every record of a position file. Only a
// regular file of at most MaxFileSize bytes is opened, and checked before
// it is (a FIFO or a device is refused without blocking: safefile). A file
// that ends inside a record or holds an invalid record is a *FormatError
// naming the offset.
func ReadFile(name string) ([]Record, error) {
	f, size, err := safefile.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > MaxFileSize {
		return nil, fmt.Errorf("%s: %w (%d bytes, the limit is %d)", name, safefile.ErrTooLarge, size, int64(MaxFileSize))
	}
	return read(bufio.NewReaderSize(io.LimitReader(f, MaxFileSize), 1<<20), name, (size-HeaderSize)/RecordSize)
}

// Read reads and checks every record of the position file data, named
// name in errors, as ReadFile does.
func Read(data []byte, name string) ([]Record, error) {
	return read(bytes.NewReader(data), name, int64(len(data)-HeaderSize)/RecordSize)
}

// read reads the header and the records from r; capacity sizes the slice.
func read(r io.Reader, name string, capacity int64) ([]Record, error) {
	count, err := checkHeader(r, name)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, max(capacity, 0))
	off := int64(HeaderSize)
	for {
		var rec Record
		n, err := io.ReadFull(r, rec[:])
		if err == io.EOF && count != 0 && uint64(len(out)) != count {
			return nil, &FormatError{name, off, fmt.Sprintf("%d records, the header records %d (truncated or altered)", len(out), count)}
		}
		if err == io.EOF {
			return out, nil
		}
		if err == io.ErrUnexpectedEOF {
			return nil, &FormatError{name, off, fmt.Sprintf("truncated record (%d of %d bytes)", n, RecordSize)}
		}
		if err != nil {
			return nil, err
		}
		if err := rec.Check(); err != nil {
			return nil, &FormatError{name, off, "invalid record: " + err.Error()}
		}
		out = append(out, rec)
		off += RecordSize
	}
}

// WriteFile writes records to a new file name atomically: to a temporary
// file in the same directory, renamed when complete. Its header records
// the number of records, which readers check.
func WriteFile(name string, recs []Record) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".posfile-*")
	if err != nil {
		return err
	}
	w := newWriter(tmp, uint64(len(recs)))
	for i := range recs {
		w.Write(&recs[i])
	}
	err = w.Flush()
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
