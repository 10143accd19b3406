package book

import (
	"bytes"
	"strings"

	"github.com/goxq/ucci/internal/paths"
)

// Load detects the format of a book image (this package's or ElephantEye's
// BOOK.DAT) and parses it. It keeps data.
func Load(data []byte) (Source, error) {
	if bytes.HasPrefix(data, []byte(magic)) {
		return Parse(data)
	}
	return ParseEleEye(data)
}

// Open opens the books named in names, separated by ";", in either format.
// A relative path is looked up in the executable's directory first, then in
// the working directory. Only regular files of at most MaxFileSize bytes are
// read, and only after their header (for a BOOK.DAT, their size) has been
// checked; any book that is refused refuses the whole set. With several
// books the first that knows a position answers (see Set). An empty names
// opens the embedded default book.
func Open(names string) (Source, error) {
	var set Set
	for _, p := range strings.Split(names, ";") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		src, err := readFile(paths.Resolve(p))
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
