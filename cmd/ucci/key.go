package main

import (
	"crypto/ed25519"
	"fmt"
	"io"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

const keyUsage = `usage: ucci key [-key FILE]
  creates the Ed25519 key that a coordinator (ucci match, tune spsa, tune datagen with -broker)
  signs its work with, unless FILE exists, and prints its public key alone on the last line:
  workers run that coordinator's work when started with -trust and that public key`

// runKey is `ucci key`.
func runKey(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("key", keyUsage, stderr)
	keyFile := addKeyFlag(fs)
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	}
	key, err := loadKey(*keyFile, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ucci key: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, broker.PublicKeyText(key.Public().(ed25519.PublicKey)))
	return 0
}
