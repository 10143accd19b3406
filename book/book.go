package book

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/goxq/ucci/engine"
)

// Book is an opening book in this package's format, held in memory as the
// file's bytes and searched in place.
type Book struct {
	data    []byte // the whole file
	entries []byte // data after the header
	h       header
}

// Parse checks a book file and returns the book. It keeps data, which must
// not change afterwards.
func Parse(data []byte) (*Book, error) {
	h, err := readHeader(data, int64(len(data)))
	if err != nil {
		return nil, err
	}
	b := &Book{data: data, entries: data[headerSize:], h: h}
	positions := 0
	for i := 0; i < h.entries; i++ {
		k := b.key(i)
		if i > 0 && k < b.key(i-1) {
			return nil, fmt.Errorf("%w: entries not sorted at %d", ErrFormat, i)
		}
		if i == 0 || k != b.key(i-1) {
			positions++
		}
		if binary.LittleEndian.Uint16(b.entries[i*entrySize+10:]) == 0 {
			return nil, fmt.Errorf("%w: zero weight at %d", ErrFormat, i)
		}
	}
	if positions != h.positions {
		return nil, fmt.Errorf("%w: %d positions, header says %d", ErrFormat, positions, h.positions)
	}
	return b, nil
}

// Entries returns the number of stored moves.
func (b *Book) Entries() int { return b.h.entries }

// Positions returns the number of stored positions (mirror images count once).
func (b *Book) Positions() int { return b.h.positions }

// Games returns the number of games the book was built from.
func (b *Book) Games() int { return b.h.games }

// Plies returns how many plies of each game the builder read.
func (b *Book) Plies() int { return b.h.plies }

// Size returns the size of the file in bytes.
func (b *Book) Size() int { return len(b.data) }

// WriteTo writes the book file.
func (b *Book) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(b.data)
	return int64(n), err
}

func (b *Book) key(i int) uint64 {
	return binary.LittleEndian.Uint64(b.entries[i*entrySize:])
}

// find returns the first entry index whose key is not below k.
func (b *Book) find(k uint64) int {
	lo, hi := 0, b.h.entries
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if b.key(mid) < k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// canonicalKey returns the key a position is stored under, the smaller of
// its key and its mirror image's, and whether that is the mirror's (then
// the stored moves are mirrored). A symmetric position is never mirrored.
func canonicalKey(pos *engine.Position) (uint64, bool) {
	k, mk := pos.Key(), pos.MirroredKey()
	if mk < k {
		return mk, true
	}
	return k, false
}

// Probe implements Source.
func (b *Book) Probe(pos *engine.Position, dst []Entry) []Entry {
	k, mirrored := canonicalKey(pos)
	start := len(dst)
	le := binary.LittleEndian
	for i := b.find(k); i < b.h.entries && b.key(i) == k; i++ {
		e := b.entries[i*entrySize : (i+1)*entrySize]
		short := le.Uint16(e[8:])
		from, to := engine.Square(short&0x7f), engine.Square(short>>7&0x7f)
		if from >= engine.NumSquares || to >= engine.NumSquares {
			continue
		}
		if mirrored {
			from, to = from.Mirror(), to.Mirror()
		}
		m := legalMove(pos, from, to)
		if m == engine.NoMove {
			continue
		}
		dst = append(dst, Entry{
			Move:   m,
			Weight: int(le.Uint16(e[10:])),
			Wins:   int(le.Uint32(e[12:])),
			Draws:  int(le.Uint32(e[16:])),
			Losses: int(le.Uint32(e[20:])),
		})
	}
	sortByWeight(dst[start:])
	return dst
}
