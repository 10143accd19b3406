package book

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/goxq/ucci/engine"
)

// Layout of the book file (see the package documentation).
const (
	magic      = "XQBK"
	version    = 1
	headerSize = 32
	entrySize  = 24
	maxWeight  = 0xffff
)

// Errors of Parse and Open.
var (
	ErrFormat      = errors.New("not a book file")
	ErrKeyMismatch = errors.New("book built with other Zobrist keys")
)

// header is the decoded file header.
type header struct {
	entries, positions, games, plies int
}

// startKey is the engine's key of the standard start position, stored in the
// header so that a book built with other keys is refused instead of
// silently missing.
func startKey() uint64 { return engine.StartPosition().Key() }

// putHeader writes the header into the first headerSize bytes of b.
func putHeader(b []byte, h header) {
	copy(b, magic)
	le := binary.LittleEndian
	le.PutUint16(b[4:], version)
	le.PutUint16(b[6:], entrySize)
	le.PutUint64(b[8:], startKey())
	le.PutUint32(b[16:], uint32(h.entries))
	le.PutUint32(b[20:], uint32(h.positions))
	le.PutUint32(b[24:], uint32(h.games))
	le.PutUint32(b[28:], uint32(h.plies))
}

// readHeader checks and decodes the header at the start of b, the first
// bytes of a book file of size bytes.
func readHeader(b []byte, size int64) (header, error) {
	if len(b) < headerSize || string(b[:4]) != magic {
		return header{}, ErrFormat
	}
	le := binary.LittleEndian
	if v := le.Uint16(b[4:]); v != version {
		return header{}, fmt.Errorf("%w: version %d", ErrFormat, v)
	}
	if s := le.Uint16(b[6:]); s != entrySize {
		return header{}, fmt.Errorf("%w: entry size %d", ErrFormat, s)
	}
	if le.Uint64(b[8:]) != startKey() {
		return header{}, ErrKeyMismatch
	}
	h := header{
		entries:   int(le.Uint32(b[16:])),
		positions: int(le.Uint32(b[20:])),
		games:     int(le.Uint32(b[24:])),
		plies:     int(le.Uint32(b[28:])),
	}
	if size != headerSize+int64(h.entries)*entrySize {
		return header{}, fmt.Errorf("%w: %d bytes for %d entries", ErrFormat, size, h.entries)
	}
	return h, nil
}

// record is one entry as stored: the canonical key, the move in the
// canonical orientation (from | to<<7), the weight and the statistics.
type record struct {
	key                 uint64
	move                uint16
	weight              uint16
	wins, draws, losses uint32
}

// putRecord writes r at b[0:entrySize].
func putRecord(b []byte, r record) {
	le := binary.LittleEndian
	le.PutUint64(b, r.key)
	le.PutUint16(b[8:], r.move)
	le.PutUint16(b[10:], r.weight)
	le.PutUint32(b[12:], r.wins)
	le.PutUint32(b[16:], r.draws)
	le.PutUint32(b[20:], r.losses)
}
