package tt

import "unsafe"

// hugePageSize is the size of a transparent huge page on the platforms
// that have them (2 MB on x86-64 and most arm64 kernels).
const hugePageSize = 2 << 20

// allocBuckets returns n zeroed buckets. A table of at least one huge page
// starts on a huge-page boundary and is advised for huge pages where the
// system supports it: a probe then rarely misses the TLB as well as the
// cache, which is most of what a table probe costs.
func allocBuckets(n uint64) []bucket {
	const size = uint64(unsafe.Sizeof(bucket{}))
	if n*size < hugePageSize {
		return make([]bucket, n)
	}
	raw := make([]bucket, n+hugePageSize/size)
	addr := uint64(uintptr(unsafe.Pointer(&raw[0])))
	skip := (hugePageSize - addr%hugePageSize) % hugePageSize / size
	b := raw[skip : skip+n : skip+n]
	adviseHugePages(unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n*size))
	return b
}
