package shareddata

import (
	"errors"
	"testing"
)

// recorder is a testing.TB that records whether the test was skipped or
// failed (the embedded TB is never called).
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Skipf(string, ...any)  { r.skipped = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

// TestMissing: a missing file skips the test, except in CI where it fails.
func TestMissing(t *testing.T) {
	gone := errors.New("no such file")
	for _, c := range []struct {
		ci            string
		skip, failure bool
	}{{"", true, false}, {"false", true, false}, {"true", false, true}} {
		t.Setenv("CI", c.ci)
		var r recorder
		Missing(&r, "../../shared/none", gone)
		if r.skipped != c.skip || r.failed != c.failure {
			t.Errorf("CI=%q: skipped %v, failed %v", c.ci, r.skipped, r.failed)
		}
	}
}
