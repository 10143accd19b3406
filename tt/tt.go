// Package tt implements the transposition table shared by all search
// threads. It is lock-free: each entry is two 64-bit words, the data and the
// key xor the data, written and read with atomic operations. A reader
// accepts an entry only when key^data matches its own key, so a torn write
// (one word from one thread, the other from another) is simply a miss. The
// search still checks a table move for legality before playing it.
package tt

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// Bound tells what a score is: exact, or a bound on the true score. The
// upper and lower bits can be tested on their own (Bound&BoundLower != 0:
// the score is a lower bound or exact). The search's reports use the same
// values.
type Bound uint8

// The bounds of a score.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the score is at most the value (fail low)
	BoundLower Bound = 2 // the score is at least the value (fail high)
	BoundExact Bound = BoundUpper | BoundLower
)

// Entry is the unpacked content of a table slot.
type Entry struct {
	Move  uint16 // 14-bit from/to move, 0 for none
	Score int16  // search score (the caller adjusts mate distances)
	Eval  int16  // static evaluation
	Depth int8   // draft in plies
	Bound Bound  // BoundUpper, BoundLower or BoundExact
}

// Data layout of the packed 64-bit word:
//
//	bits  0-15  move
//	bits 16-31  score
//	bits 32-47  eval
//	bits 48-55  depth + 128
//	bits 56-57  bound
//	bit  58     unused
//	bits 59-63  age (generation mod 32)
const (
	ageShift = 59
	ageMask  = 31
)

func pack(e Entry, age uint8) uint64 {
	return uint64(e.Move) | uint64(uint16(e.Score))<<16 | uint64(uint16(e.Eval))<<32 |
		uint64(uint8(int(e.Depth)+128))<<48 | uint64(e.Bound&3)<<56 | uint64(age&ageMask)<<ageShift
}

func unpack(d uint64) Entry {
	return Entry{
		Move:  uint16(d),
		Score: int16(uint16(d >> 16)),
		Eval:  int16(uint16(d >> 32)),
		Depth: int8(int(uint8(d>>48)) - 128),
		Bound: Bound(d>>56) & 3,
	}
}

func ageOf(d uint64) uint8 { return uint8(d>>ageShift) & ageMask }

// slot is one entry: the data word and the key xor the data.
type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// BucketSlots is the number of entries in a bucket; a bucket fills one
// 64-byte cache line.
const BucketSlots = 4

type bucket struct {
	slots [BucketSlots]slot
}

func init() {
	if unsafe.Sizeof(bucket{}) != 64 {
		panic("tt: bucket is not one cache line")
	}
}

// Table is a transposition table. Probe and Store may be called from many
// goroutines at once; Resize and Clear must not run during a search.
type Table struct {
	buckets []bucket
	age     atomic.Uint32
	faulted bool // Prefault has run since the last Resize
}

// New returns a table of about mb megabytes (at least one bucket).
func New(mb int) *Table {
	t := &Table{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to about mb megabytes and empties it. The
// memory is left untouched, so the system maps it only when it is first
// written: see Prefault.
func (t *Table) Resize(mb int) {
	n := max(uint64(mb)<<20/uint64(unsafe.Sizeof(bucket{})), 1)
	t.buckets = allocBuckets(n)
	t.age.Store(0)
	t.faulted = false
}

// PrefaultLimit is the most of a table that Prefault writes.
const PrefaultLimit = 512 << 20

// Prefault writes the table's memory once (up to PrefaultLimit bytes), so
// that the system maps it now and not during the first search, whose first
// iteration would otherwise wait for the page faults of its probes (with
// huge pages, the zeroing of most of a small table). Only the first call
// after Resize does anything. It must not run during a search.
func (t *Table) Prefault() { t.PrefaultUnless(nil) }

// prefaultChunk is how much of the table Prefault writes between two looks
// at its cancel flag.
const prefaultChunk = 1 << 20

// PrefaultUnless is Prefault that stops early, leaving the rest of the
// table to be mapped as the search first touches it, once cancel (when
// not nil) is set: a table about to be replaced need not be mapped whole.
func (t *Table) PrefaultUnless(cancel *atomic.Bool) {
	if t.faulted {
		return
	}
	t.faulted = true
	n := min(uint64(len(t.buckets)), PrefaultLimit/uint64(unsafe.Sizeof(bucket{})))
	step := uint64(prefaultChunk / unsafe.Sizeof(bucket{}))
	for i := uint64(0); i < n; i += step {
		if cancel != nil && cancel.Load() {
			return
		}
		clear(t.buckets[i:min(i+step, n)])
	}
}

// SizeMB returns the table size in megabytes.
func (t *Table) SizeMB() int {
	return int(uint64(len(t.buckets)) * uint64(unsafe.Sizeof(bucket{})) >> 20)
}

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.age.Store(0)
	t.faulted = true
}

// NewSearch ages the table: entries from earlier searches become the first
// to be replaced.
func (t *Table) NewSearch() { t.age.Add(1) }

func (t *Table) bucketFor(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// Prefetch starts loading key's bucket into the cache, so that a Probe or
// Store of key a little later does not wait for memory. The search calls it
// with the key of the position a move leads to, before playing the move.
func (t *Table) Prefetch(key uint64) { prefetch(unsafe.Pointer(t.bucketFor(key))) }

// Probe returns the entry stored for key.
func (t *Table) Probe(key uint64) (Entry, bool) {
	b := t.bucketFor(key)
	for i := range b.slots {
		s := &b.slots[i]
		d := s.data.Load()
		if s.check.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Store saves an entry for key. An entry for the same key is overwritten
// unless it is deeper and the new one is not exact (its move is kept if
// the new one has none); otherwise the slot with the lowest depth, counting
// older searches as shallower, is replaced.
func (t *Table) Store(key uint64, e Entry) {
	age := uint8(t.age.Load()) & ageMask
	b := t.bucketFor(key)
	victim := &b.slots[0]
	worst := 1 << 30
	for i := range b.slots {
		s := &b.slots[i]
		d := s.data.Load()
		if d == 0 {
			if worst > -1<<20 {
				victim, worst = s, -1<<20
			}
			continue
		}
		if s.check.Load()^d == key {
			old := unpack(d)
			if e.Move == 0 {
				e.Move = old.Move
			}
			if e.Bound != BoundExact && int(old.Depth) > int(e.Depth)+3 && ageOf(d) == age {
				return
			}
			victim = s
			break
		}
		stale := int((age - ageOf(d)) & ageMask)
		if v := int(unpack(d).Depth) - 8*stale; v < worst {
			victim, worst = s, v
		}
	}
	d := pack(e, age)
	victim.data.Store(d)
	victim.check.Store(key ^ d)
}

// Hashfull returns how full the table is, in parts per thousand, from a
// sample of entries written during the current search.
func (t *Table) Hashfull() int {
	age := uint8(t.age.Load()) & ageMask
	n := min(len(t.buckets), 1000/BucketSlots+1)
	used, total := 0, 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i].slots {
			d := t.buckets[i].slots[j].data.Load()
			total++
			if d != 0 && ageOf(d) == age {
				used++
			}
		}
	}
	return used * 1000 / total
}
