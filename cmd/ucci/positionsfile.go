package main

import (
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/safefile"
)

// chooser reads games and returns the header of the positions file it
// chose, how to write the file under a header, and a summary line.
type chooser func(games io.Reader) (header string, write func(w io.Writer, header string) error, summary string, err error)

// writeChosen runs choose on the PGN file in (match openings, match
// endgames) and writes what it chose to out (standard output when empty),
// a Source line with credit first; name prefixes the messages on stderr.
// It returns the exit status.
func writeChosen(name, in, out, credit string, stdout, stderr io.Writer, choose chooser) int {
	f, _, err := safefile.Open(in)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	defer f.Close()
	header, write, summary, err := choose(f)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	if credit != "" {
		header = "Source: " + credit + "\n" + header
	}
	if err := writeOut(out, stdout, func(w io.Writer) error { return write(w, header) }); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	fmt.Fprintf(stderr, "%s: %s\n", name, summary)
	return 0
}
