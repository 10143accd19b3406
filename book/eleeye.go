package book

import (
	"encoding/binary"
	"fmt"

	"github.com/goxq/ucci/engine"
)

// EleEye is an ElephantEye BOOK.DAT: 8-byte little-endian records {lock1
// uint32, move uint16, weight uint16} sorted by lock1, no header (BOOK.md
// §2-§5). Probing follows ElephantEye: look the position's lock1 up; only
// if no record has it, look the mirror image up and mirror the moves back.
type EleEye struct {
	data []byte
}

// eeRecordSize is the size of a BOOK.DAT record.
const eeRecordSize = 8

// ParseEleEye checks a BOOK.DAT image and returns the book. It keeps data.
// A BOOK.DAT has no header, so this is all that tells one from other data:
// the size is a non-zero multiple of 8 bytes, the locks ascend, and every
// record's move has both squares on the board (ElephantEye's builder writes
// no other; a zero, a text or a random file fails within a few records).
func ParseEleEye(data []byte) (*EleEye, error) {
	if err := checkEleEyeSize(int64(len(data))); err != nil {
		return nil, err
	}
	b := &EleEye{data: data}
	for i := 0; i < b.records(); i++ {
		if i > 0 && b.lock(i) < b.lock(i-1) {
			return nil, fmt.Errorf("%w: BOOK.DAT records not sorted at %d", ErrFormat, i)
		}
		mv := binary.LittleEndian.Uint16(b.data[i*eeRecordSize+4:])
		_, ok1 := eeDecodeSquare(int(mv & 0xff))
		_, ok2 := eeDecodeSquare(int(mv >> 8))
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%w: BOOK.DAT record %d has an off-board move %04x", ErrFormat, i, mv)
		}
	}
	return b, nil
}

// checkEleEyeSize checks that size bytes can be a BOOK.DAT: whole 8-byte
// records, at least one.
func checkEleEyeSize(size int64) error {
	if size == 0 || size%eeRecordSize != 0 {
		return fmt.Errorf("%w: %d bytes is not a BOOK.DAT", ErrFormat, size)
	}
	return nil
}

// records returns the number of records.
func (b *EleEye) records() int { return len(b.data) / eeRecordSize }

func (b *EleEye) lock(i int) uint32 {
	return binary.LittleEndian.Uint32(b.data[i*eeRecordSize:])
}

// find returns the range of records holding lock.
func (b *EleEye) find(lock uint32) (lo, hi int) {
	lo, hi = 0, b.records()
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if b.lock(mid) < lock {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	hi = lo
	for hi < b.records() && b.lock(hi) == lock {
		hi++
	}
	return lo, hi
}

// Probe implements Source. Entries carry weights but no statistics.
func (b *EleEye) Probe(pos *engine.Position, dst []Entry) []Entry {
	lock, mirroredLock := eeLock1(pos)
	mirrored := false
	lo, hi := b.find(lock)
	if lo == hi {
		lo, hi = b.find(mirroredLock)
		mirrored = true
	}
	start := len(dst)
	for i := lo; i < hi; i++ {
		rec := b.data[i*eeRecordSize:]
		mv := binary.LittleEndian.Uint16(rec[4:])
		// ParseEleEye has checked that both squares are on the board.
		from, _ := eeDecodeSquare(int(mv & 0xff))
		to, _ := eeDecodeSquare(int(mv >> 8))
		if mirrored {
			from, to = from.Mirror(), to.Mirror()
		}
		m := legalMove(pos, from, to)
		if m == engine.NoMove {
			continue
		}
		dst = append(dst, Entry{Move: m, Weight: int(binary.LittleEndian.Uint16(rec[6:]))})
	}
	sortByWeight(dst[start:])
	return dst
}
