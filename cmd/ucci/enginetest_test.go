package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

// The transcript tests drive the engine binary through enginetest, which
// builds it once per run (or runs $GOXQ_TEST_ENGINE, e.g. the Windows build
// under Wine in make e2e-windows). The tests run with a configuration
// directory of their own (XDG_CONFIG_HOME), so that none reads or writes
// the user's, where a coordinator keeps its default key; the go command
// keeps its settings file (GOENV).
func TestMain(m *testing.M) {
	if os.Getenv("GOENV") == "" {
		if dir, err := os.UserConfigDir(); err == nil {
			os.Setenv("GOENV", filepath.Join(dir, "go", "env"))
		}
	}
	config, err := os.MkdirTemp("", "ucci-config")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CONFIG_HOME", config)
	code := enginetest.Main(m)
	os.RemoveAll(config)
	if tbTestDir != "" {
		os.RemoveAll(tbTestDir)
	}
	os.Exit(code)
}
