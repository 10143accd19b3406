//go:build !amd64 && !arm64

package tt

import "unsafe"

// prefetch does nothing on processors without a prefetch instruction here.
func prefetch(unsafe.Pointer) {}
