package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTBCommands builds two small tables with `ucci tb build`, probes a
// position, verifies the tables and checks them against the search.
func TestTBCommands(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCapture("tb", "build", "-out", dir, "KRK", "KNK")
	if code != 0 || !strings.Contains(out, "KRK ") || !strings.Contains(out, "KNK ") || !strings.Contains(out, "2 tables") {
		t.Fatalf("tb build: code %d, stdout %q, stderr %q", code, out, errs)
	}
	// A second build keeps the tables.
	if code, out, _ = runCapture("tb", "build", "-out", dir, "KRK"); code != 0 || !strings.Contains(out, "(kept)") {
		t.Errorf("tb build again: code %d, stdout %q", code, out)
	}
	// Black d9, Red e0 holds the e-file: Ri8 leaves Black no move (stalemate loses).
	code, out, _ = runCapture("tb", "probe", "-tb", dir, "3k5/9/9/9/9/9/9/9/9/4K3R", "w")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[0] != "win 1" || lines[1] != "i0i8 win 1" {
		t.Errorf("tb probe: code %d, output %q", code, out)
	}
	if code, out, _ = runCapture("tb", "verify", "-tb", dir); code != 0 || !strings.Contains(out, "KRK ok") || !strings.Contains(out, "KNK ok") {
		t.Errorf("tb verify: code %d, output %q", code, out)
	}
	if code, out, _ = runCapture("tb", "check", "-tb", dir, "-n", "6", "-depth", "4"); code != 0 ||
		!regexp.MustCompile(`(?m)^total +[1-9]\d* +\d+ +0 +0$`).MatchString(out) {
		t.Errorf("tb check: code %d, output %q", code, out)
	}
	if code, _, _ = runCapture("tb", "probe", "-tb", dir, "3k5/9/9/9/9/9/9/9/9/4K2CR w"); code != 1 {
		t.Errorf("tb probe without a table: exit %d, want 1", code)
	}
	// -list names every table a build makes, the needed ones first, and
	// builds nothing: KCAKA needs KCK, KCKA and KCAK.
	listed := t.TempDir()
	code, out, _ = runCapture("tb", "build", "-list", "-out", listed, "KCAKA")
	names := regexp.MustCompile(`(?m)^(K\w+) +\d+ +\d+$`).FindAllStringSubmatch(out, -1)
	if code != 0 || len(names) != 4 || names[3][1] != "KCAKA" || !strings.Contains(out, "4 tables") {
		t.Errorf("tb build -list: code %d, output %q", code, out)
	}
	if files, _ := filepath.Glob(filepath.Join(listed, "*")); len(files) != 0 {
		t.Errorf("tb build -list wrote %v", files)
	}
	if code, _, _ = runCapture("tb", "build", "-out", dir, "KXK"); code != 2 {
		t.Errorf("tb build KXK: exit %d, want 2", code)
	}
	// verify and check refuse a bad material and say when there is no table.
	empty := t.TempDir()
	for _, cmd := range []string{"verify", "check"} {
		if code, _, errs = runCapture("tb", cmd, "-tb", dir, "KXK"); code != 2 || !strings.Contains(errs, "KXK") {
			t.Errorf("tb %s KXK: exit %d, stderr %q", cmd, code, errs)
		}
		if code, _, errs = runCapture("tb", cmd, "-tb", empty); code != 1 || !strings.Contains(errs, "ucci tb "+cmd+": no tables in") {
			t.Errorf("tb %s of an empty directory: exit %d, stderr %q", cmd, code, errs)
		}
	}
}
