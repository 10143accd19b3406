package tt

import (
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"
)

func TestStoreProbe(t *testing.T) {
	tab := New(1)
	e := Entry{Move: 0x1234, Score: -321, Eval: 45, Depth: 12, Bound: BoundLower}
	tab.Store(42, e)
	got, ok := tab.Probe(42)
	if !ok || got != e {
		t.Fatalf("got %+v %v, want %+v", got, ok, e)
	}
	if _, ok := tab.Probe(43); ok {
		t.Error("probe of a missing key hit")
	}
	for _, d := range []int8{-5, 0, 127, -128} {
		e := Entry{Depth: d, Score: -32768, Eval: 32767, Bound: BoundExact, Move: 0xffff}
		if got := unpack(pack(e, 7)); got != e {
			t.Errorf("pack round trip %+v -> %+v", e, got)
		}
	}
}

func TestReplacementKeepsDeepEntries(t *testing.T) {
	tab := New(1)
	tab.Store(7, Entry{Move: 1, Depth: 20, Bound: BoundLower})
	tab.Store(7, Entry{Depth: 2, Bound: BoundUpper})
	if e, _ := tab.Probe(7); e.Depth != 20 {
		t.Errorf("shallow non-exact entry replaced a deep one: %+v", e)
	}
	tab.Store(7, Entry{Depth: 2, Bound: BoundExact})
	if e, _ := tab.Probe(7); e.Depth != 2 || e.Move != 1 {
		t.Errorf("exact entry not stored or move lost: %+v", e)
	}
}

func TestBucketReplacement(t *testing.T) {
	tab := &Table{buckets: make([]bucket, 1)}
	for k := uint64(1); k <= BucketSlots; k++ {
		tab.Store(k, Entry{Depth: int8(10 + k), Bound: BoundExact})
	}
	tab.Store(100, Entry{Depth: 5, Bound: BoundExact})
	if _, ok := tab.Probe(1); ok {
		t.Error("the shallowest entry should have been replaced")
	}
	for k := uint64(2); k <= BucketSlots; k++ {
		if _, ok := tab.Probe(k); !ok {
			t.Errorf("entry %d lost", k)
		}
	}
	tab.NewSearch()
	tab.NewSearch()
	tab.Store(200, Entry{Depth: 1, Bound: BoundExact})
	if _, ok := tab.Probe(200); !ok {
		t.Error("new entry not stored over stale ones")
	}
}

func TestResizeClearHashfull(t *testing.T) {
	tab := New(2)
	if tab.SizeMB() != 2 {
		t.Errorf("size %d MB", tab.SizeMB())
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 200000; i++ {
		tab.Store(rng.Uint64(), Entry{Depth: 1, Bound: BoundExact, Move: 1})
	}
	if h := tab.Hashfull(); h < 500 {
		t.Errorf("hashfull %d after many stores", h)
	}
	tab.Clear()
	if h := tab.Hashfull(); h != 0 {
		t.Errorf("hashfull %d after clear", h)
	}
	tab.Resize(1)
	if tab.SizeMB() != 1 {
		t.Errorf("size %d MB after resize", tab.SizeMB())
	}
}

// TestConcurrentAccess hammers one small table from several goroutines;
// every hit must be an entry that some writer stored for that key (the
// data encodes the key), so a torn write is never accepted. Run with -race.
func TestConcurrentAccess(t *testing.T) {
	tab := New(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, 3))
			for i := 0; i < 20000; i++ {
				k := rng.Uint64N(5000) + 1
				tab.Store(k, Entry{Move: uint16(k), Score: int16(k), Depth: int8(k % 100), Bound: BoundExact})
				if e, ok := tab.Probe(k ^ 1); ok && (e.Move != uint16(k^1) || e.Score != int16(k^1)) {
					t.Errorf("entry for %d holds %+v", k^1, e)
					return
				}
			}
		}(uint64(g))
	}
	wg.Wait()
}

func TestLargeTableAlignment(t *testing.T) {
	for _, mb := range []int{1, 2, 3, 16} {
		tab := New(mb)
		if got := tab.SizeMB(); got != mb {
			t.Errorf("New(%d).SizeMB() = %d", mb, got)
		}
		addr := uintptr(unsafe.Pointer(&tab.buckets[0]))
		if addr%64 != 0 {
			t.Errorf("%d MB table not on a cache line: %#x", mb, addr)
		}
		if mb<<20 >= hugePageSize && addr%hugePageSize != 0 {
			t.Errorf("%d MB table not on a huge-page boundary: %#x", mb, addr)
		}
		// The whole table is usable: store and probe at both ends.
		for _, key := range []uint64{0, ^uint64(0)} {
			tab.Prefetch(key)
			tab.Store(key|1, Entry{Move: 7, Depth: 3, Bound: BoundExact})
			if e, ok := tab.Probe(key | 1); !ok || e.Move != 7 {
				t.Errorf("%d MB table: key %#x not found after Store", mb, key|1)
			}
		}
	}
}
