package book

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Load detects the format of a book image (this package's or ElephantEye's
// BOOK.DAT) and parses it. It keeps data.
func Load(data []byte) (Source, error) {
	if bytes.HasPrefix(data, []byte(magic)) {
		return Parse(data)
	}
	return ParseEleEye(data)
}

// Open opens the books named in paths, separated by ";", in either format.
// A relative path is looked up in the executable's directory first, then in
// the working directory. Only regular files of at most MaxFileSize bytes are
// read, and only after their header (for a BOOK.DAT, their size) has been
// checked; any book that is refused refuses the whole set. With several books the first that knows a position
// answers (see Set). An empty paths opens the embedded default book.
func Open(paths string) (Source, error) {
	var set Set
	for _, p := range strings.Split(paths, ";") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		src, err := readFile(resolve(p))
		if err != nil {
			return nil, err
		}
		set = append(set, src)
	}
	switch len(set) {
	case 0:
		return Default()
	case 1:
		return set[0], nil
	}
	return set, nil
}

// resolve finds a relative book path beside the executable, else leaves it
// to the working directory.
func resolve(p string) string {
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
