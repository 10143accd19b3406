package tb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"

	"github.com/goxq/ucci/internal/safefile"
)

// File format, little-endian:
//
//	offset  size  field
//	0       8     magic "XQTB\x00\x00\x00\x02" (the last byte is the version:
//	              2 numbers like pieces as a set, 1 as an ordered tuple)
//	8       16    material name, e.g. "KRKAABB", zero padded
//	24      8     number of positions (the layout's size)
//	32      2     longest distance to conversion of a win
//	34      6     zero
//	40      8     FNV-1a 64 checksum of the values
//	48      2n    the values, one uint16 per position (see Value)
const (
	headerSize = 48
	fileExt    = ".xqtb"
)

var magic = [8]byte{'X', 'Q', 'T', 'B', 0, 0, 0, 2}

// ErrDamaged reports a table file whose header or checksum is wrong.
var ErrDamaged = errors.New("damaged tablebase file")

// checkedAtLoad is the largest table (bytes of values) whose checksum
// OpenTable checks: reading a whole table costs about a second a gigabyte
// when the system has it cached, and a disk read when not, so the 25 GB of
// the two-attacker set would hold up an engine's start for more than a
// minute. Larger tables are checked at load by their header and size,
// which catch a truncated or misnamed file; CheckSum (ucci tb verify)
// reads them whole. A variable so that the tests can lower it.
var checkedAtLoad int64 = 64 << 20

// FileName returns the file name of a material's table: KRKAABB.xqtb.
func FileName(m Material) string { return m.String() + fileExt }

// encode returns the file image of a table's values.
func encode(m Material, vals []Value) []byte {
	out := make([]byte, headerSize+2*len(vals))
	copy(out, magic[:])
	copy(out[8:24], m.String())
	binary.LittleEndian.PutUint64(out[24:], uint64(len(vals)))
	longest := 0
	for i, v := range vals {
		binary.LittleEndian.PutUint16(out[headerSize+2*i:], uint16(v))
		if v.IsWin() {
			longest = max(longest, v.DTC())
		}
	}
	binary.LittleEndian.PutUint16(out[32:], uint16(longest))
	binary.LittleEndian.PutUint64(out[40:], checksum(out[headerSize:]))
	return out
}

func checksum(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// WriteTable writes a table's values to dir under its file name, through a
// temporary file renamed into place, so a file is whole or absent; it
// returns the file's size.
func WriteTable(dir string, m Material, vals []Value) (int64, error) {
	img := encode(m, vals)
	return int64(len(img)), safefile.WriteFile(filepath.Join(dir, FileName(m)), img)
}

// Table is one loaded table: its values, memory-mapped where the system
// allows it.
type Table struct {
	Material Material
	Longest  int // longest win's distance to conversion
	lay      *Layout
	data     []byte // the values
	unmap    func() error
	sum      uint64 // the header's checksum of the values
}

// FileSizeOf returns the size of the file of m's table.
func FileSizeOf(m Material) int64 { return headerSize + 2*NewLayout(m).size }

// Size returns the number of positions of the table.
func (t *Table) Size() int64 { return t.lay.size }

// Layout returns the table's index.
func (t *Table) Layout() *Layout { return t.lay }

// FileSize returns the size of the table's file.
func (t *Table) FileSize() int64 { return headerSize + 2*t.lay.size }

// At returns the value at index i.
func (t *Table) At(i int64) Value {
	return Value(binary.LittleEndian.Uint16(t.data[2*i:]))
}

// Close releases the table's memory.
func (t *Table) Close() error {
	if t.unmap == nil {
		return nil
	}
	err := t.unmap()
	t.unmap, t.data = nil, nil
	return err
}

// OpenTable maps the table of m in dir and checks its header, its size
// and, for tables of up to checkedAtLoad bytes, its checksum.
func OpenTable(dir string, m Material) (*Table, error) {
	path := filepath.Join(dir, FileName(m))
	f, size, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var head [8]byte
	if _, err := f.ReadAt(head[:], 0); err == nil && [7]byte(head[:7]) == [7]byte(magic[:7]) && head[7] != magic[7] {
		return nil, fmt.Errorf("%w: %s is of format version %d, this build reads version %d: build it again (make tb)",
			ErrDamaged, path, head[7], magic[7])
	}
	lay := NewLayout(m)
	if size != headerSize+2*lay.size {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d", ErrDamaged, path, size, headerSize+2*lay.size)
	}
	img, unmap, err := mapFile(f, size)
	if err != nil {
		return nil, err
	}
	t, err := fromImage(m, lay, img)
	if err != nil {
		_ = unmap()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.unmap = unmap
	return t, nil
}

// fromImage checks a file image and returns its table.
func fromImage(m Material, lay *Layout, img []byte) (*Table, error) {
	if int64(len(img)) != headerSize+2*lay.size || [8]byte(img[:8]) != magic {
		return nil, fmt.Errorf("%w: bad header", ErrDamaged)
	}
	var name [16]byte
	copy(name[:], m.String())
	if [16]byte(img[8:24]) != name || binary.LittleEndian.Uint64(img[24:]) != uint64(lay.size) {
		return nil, fmt.Errorf("%w: the header names another table", ErrDamaged)
	}
	t := &Table{Material: m, Longest: int(binary.LittleEndian.Uint16(img[32:])), lay: lay, data: img[headerSize:],
		sum: binary.LittleEndian.Uint64(img[40:])}
	if int64(len(t.data)) <= checkedAtLoad {
		if err := t.CheckSum(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// CheckSum reads the whole table and compares its values with the
// header's checksum (OpenTable does so only for tables of up to
// checkedAtLoad bytes).
func (t *Table) CheckSum() error {
	if checksum(t.data) != t.sum {
		return fmt.Errorf("%w: checksum mismatch", ErrDamaged)
	}
	return nil
}

// readAll is the fallback of mapFile: the file read into memory.
func readAll(f *os.File, size int64) ([]byte, func() error, error) {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, nil, err
	}
	return b, func() error { return nil }, nil
}
