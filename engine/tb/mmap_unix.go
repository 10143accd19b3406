//go:build unix

package tb

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only into memory.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size == 0 {
		return readAll(f, size)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readAll(f, size)
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
