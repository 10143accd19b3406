package tt

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// residentKiB reads the process's resident size from /proc/self/status.
func residentKiB(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Skip("no VmRSS")
	return 0
}

// TestPrefaultMapsTheTable: a new table is not resident until Prefault
// writes it, which maps it at once (so the first search does not pay for
// the page faults); Prefault runs once per Resize.
func TestPrefaultMapsTheTable(t *testing.T) {
	const mb = 64
	tab := New(mb)
	before := residentKiB(t)
	tab.Prefault()
	grown := residentKiB(t) - before
	if grown < (mb-8)<<10 {
		t.Fatalf("Prefault made %d KiB resident, want about %d MiB", grown, mb)
	}
	if !tab.faulted {
		t.Fatal("Prefault did not record that it ran")
	}
	tab.Resize(mb)
	if tab.faulted {
		t.Fatal("Resize kept the faulted mark of the old memory")
	}
}
