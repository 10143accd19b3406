package tunecmd

import (
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/safefile"
)

// named lists paths as files named by name (a flag such as "-out", or ""
// for the arguments), for safefile.CheckOutputs.
func named(name string, paths ...string) []safefile.Named {
	out := make([]safefile.Named, 0, len(paths))
	for _, p := range paths {
		out = append(out, safefile.Named{Name: name, Path: p})
	}
	return out
}

// outputsRefused checks that no output of command is one of its inputs
// or inside an input directory (safefile.CheckOutputs), before anything is
// written; when one is, it says why on stderr and returns true.
func outputsRefused(stderr io.Writer, command string, outputs, inputs []safefile.Named) bool {
	if err := safefile.CheckOutputs(outputs, inputs); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", command, err)
		return true
	}
	return false
}
