//go:build amd64 || arm64

package tt

import "unsafe"

// prefetch asks the processor to load the cache line at addr without
// waiting for it.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
