package e2e

import (
	"os"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

// The games and the release checks run the engine built once per run by
// enginetest (unless GOXQ_E2E_ENGINE names one).
func TestMain(m *testing.M) { os.Exit(enginetest.Main(m)) }
