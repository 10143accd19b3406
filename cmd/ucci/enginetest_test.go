package main

import (
	"os"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

// The transcript tests drive the engine binary through enginetest, which
// builds it once per run (or runs $GOXQ_TEST_ENGINE, e.g. the Windows build
// under Wine in make e2e-windows).
func TestMain(m *testing.M) { os.Exit(enginetest.Main(m)) }
