//go:build unix

package safefile

import "syscall"

// openNonBlocking makes opening a FIFO return at once instead of waiting
// for a writer or a reader (the file is refused right after, being no
// regular file).
const openNonBlocking = syscall.O_NONBLOCK
