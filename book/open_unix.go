//go:build unix

package book

import "syscall"

// openNonBlocking makes opening a FIFO return at once instead of waiting
// for a writer (the file is refused right after, being no regular file).
const openNonBlocking = syscall.O_NONBLOCK
