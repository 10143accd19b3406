// Package shareddata lets tests use the reference files of ../shared (game
// collections, other engines' books) that are not part of the repository:
// a test without them is skipped on a developer's machine, and fails in CI
// (CI=true), where every file must be present.
package shareddata

import (
	"os"
	"testing"
)

// Missing reports that the reference file path could not be read (err):
// t is skipped, or fails when the environment variable CI is "true".
func Missing(t testing.TB, path string, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s: the shared reference data must be present in CI: %v", path, err)
	} else {
		t.Skipf("%s: shared reference data not available: %v", path, err)
	}
}
