package engineproc

import (
	"os"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

// fakeBin is the scripted engine of testdata/fakeengine, built by TestMain.
var fakeBin string

// mateFEN is a position in which Red mates in one (b0b9).
const mateFEN = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"

func TestMain(m *testing.M) { os.Exit(enginetest.MainWithFake(m, &fakeBin)) }

// fake returns the spec of a fake engine with the given flags.
func fake(name string, args ...string) EngineSpec {
	return EngineSpec{Name: name, Cmd: fakeBin, Args: args}
}
