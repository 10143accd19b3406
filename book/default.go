package book

import (
	_ "embed"
	"sync"
)

// defaultData is the built-in book, built by `make book` from the CCPD
// master games (see the package documentation for the attribution).
//
//go:embed default.xqb
var defaultData []byte

var defaultBook = sync.OnceValues(func() (*Book, error) { return Parse(defaultData) })

// Default returns the built-in book.
func Default() (*Book, error) { return defaultBook() }
