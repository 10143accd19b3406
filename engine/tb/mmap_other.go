//go:build !unix

package tb

import "os"

// mapFile reads the file into memory where mapping is not available.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	return readAll(f, size)
}
