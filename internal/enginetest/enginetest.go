// Package enginetest drives the engine as a subprocess in tests, as a GUI
// does: it builds cmd/ucci once per test run, starts it, sends it lines and
// reads its output as timestamped lines. It fails the test on output that
// is not a protocol line of either dialect or not printable ASCII, on
// anything written to standard error, and on an engine that does not exit
// once its input is closed at the end of the test.
//
// A package using it calls Main from its TestMain, so that the binary is
// removed after the run:
//
//	func TestMain(m *testing.M) { os.Exit(enginetest.Main(m)) }
//
// GOXQ_TEST_ENGINE, when set, is the command line of another engine build
// to test instead (split at spaces), e.g. "wine /abs/ucci-windows-amd64.exe"
// (make e2e-windows) or the path of bin/ucci (make stress).
package enginetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// builds holds the programs built for this test run, by package path, in
// one temporary directory that Main removes.
var builds struct {
	mu    sync.Mutex
	dir   string
	paths map[string]string
}

// Main runs the tests of m and then removes the programs Build (and
// Binary) built; it returns the exit code for os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	removeBuilds()
	return code
}

// FakeEngine is the package of the scripted fake engine that the tests
// driving engine processes play with.
const FakeEngine = "github.com/goxq/ucci/engineproc/testdata/fakeengine"

// MainWithFake builds the fake engine (FakeEngine) into *fake and runs the
// tests as Main does; when the build fails it says why and returns exit
// status 1 without running them.
func MainWithFake(m *testing.M, fake *string) int {
	var err error
	if *fake, err = Build(FakeEngine); err != nil {
		fmt.Fprintln(os.Stderr, err)
		removeBuilds()
		return 1
	}
	return Main(m)
}

// removeBuilds removes the programs built for this test run.
func removeBuilds() {
	builds.mu.Lock()
	defer builds.mu.Unlock()
	if builds.dir != "" {
		os.RemoveAll(builds.dir)
	}
}

// Build builds the Go program of package path pkg once per test run (go
// build into a temporary directory, removed by Main) and returns the path
// of the binary; later calls return the same path.
func Build(pkg string) (string, error) {
	builds.mu.Lock()
	defer builds.mu.Unlock()
	if p, ok := builds.paths[pkg]; ok {
		return p, nil
	}
	if builds.dir == "" {
		dir, err := os.MkdirTemp("", "enginetest")
		if err != nil {
			return "", err
		}
		builds.dir, builds.paths = dir, map[string]string{}
	}
	p := filepath.Join(builds.dir, filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", p, pkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s: %v\n%s", pkg, err, out)
	}
	builds.paths[pkg] = p
	return p, nil
}

// Binary returns the path of the engine binary built from cmd/ucci for
// this test run (see Build). A failed build fails tb.
func Binary(tb testing.TB) string {
	tb.Helper()
	p, err := Build("github.com/goxq/ucci/cmd/ucci")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// External tells whether the tests run the engine of GOXQ_TEST_ENGINE
// rather than the build of this run. Such an engine may take seconds to
// start and to end (Wine): Start waits for it to answer an isready before
// the test begins, and gives it longer to exit.
func External() bool { return len(externalCommand()) > 0 }

// Command returns the command line of the engine under test: the words of
// GOXQ_TEST_ENGINE (the first made absolute when it is a relative path),
// or Binary.
func Command(tb testing.TB) []string {
	tb.Helper()
	if c := externalCommand(); len(c) > 0 {
		return c
	}
	return []string{Binary(tb)}
}

// externalCommand reads GOXQ_TEST_ENGINE.
func externalCommand() []string {
	c := strings.Fields(os.Getenv("GOXQ_TEST_ENGINE"))
	if len(c) > 0 && strings.ContainsRune(c[0], filepath.Separator) && !filepath.IsAbs(c[0]) {
		if abs, err := filepath.Abs(c[0]); err == nil {
			c[0] = abs
		}
	}
	return c
}
