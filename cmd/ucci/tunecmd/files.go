package tunecmd

import (
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/safefile"
)

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
