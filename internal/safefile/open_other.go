//go:build !unix

package safefile

// openNonBlocking is a flag for opening without blocking; on systems
// without one, the type check before the open has to do.
const openNonBlocking = 0
