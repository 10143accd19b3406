package nnue

import (
	_ "embed"
	"strings"
	"sync"
)

// defaultFile is the net the engine ships with; the README gives the
// recipe that made it.
//
//go:embed default.nnue
var defaultFile []byte

var defaultNet = sync.OnceValues(func() (*Net, error) { return Read(defaultFile) })

// Default returns the embedded net, read once and shared (nets are never
// changed after they are read). A damaged embedded net is an error of the
// build, which TestDefaultNet catches.
func Default() (*Net, error) { return defaultNet() }

// Names of the evaluations that Open accepts besides file paths.
const (
	EmbeddedName  = "<embedded>"
	ClassicalName = "<classical>"
	// DefaultEval is the evaluation the engine, bench and datagen use
	// unless told otherwise: the embedded net, since it passed an SPRT
	// against the classical evaluation (see the README).
	DefaultEval = EmbeddedName
)

// IsEmbedded reports whether name selects the embedded net: "<embedded>"
// or "embedded" (any case).
func IsEmbedded(name string) bool {
	return strings.EqualFold(strings.Trim(name, "<>"), "embedded") && name != ""
}

// IsClassical reports whether name selects the classical evaluation:
// "<classical>" or "classical" (any case).
func IsClassical(name string) bool {
	return strings.EqualFold(strings.Trim(name, "<>"), "classical") && name != ""
}

// Open returns the evaluation named by name: the embedded net (see
// IsEmbedded), nil for the classical evaluation (see IsClassical), the
// default evaluation (DefaultEval) for an empty name, or the net in the
// file at path name.
func Open(name string) (*Net, error) {
	switch {
	case name == "":
		return Open(DefaultEval)
	case IsEmbedded(name):
		return Default()
	case IsClassical(name):
		return nil, nil
	}
	return Load(name)
}
