// Package paths finds the data files named in engine options.
package paths

import (
	"os"
	"path/filepath"
)

// Resolve returns where a file named in an option is: an absolute path as
// it is; a relative one beside the executable when it exists there (a GUI
// often starts an engine from another working directory), else relative
// to the working directory.
func Resolve(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	if exe, err := os.Executable(); err == nil {
		candidate := filepath.Join(filepath.Dir(exe), p)
		if _, err := os.Stat(candidate); err == nil {
			return candidate
		}
	}
	return p
}
