package reliability

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

// The tests drive the engine binary through enginetest, which builds it
// once per run (or runs $GOXQ_TEST_ENGINE, e.g. bin/ucci in make stress).
func TestMain(m *testing.M) { os.Exit(enginetest.Main(m)) }

// envInt reads a positive integer from the environment, def when unset
// (a quarter of def, at least 1, with -short).
func envInt(t testing.TB, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		if testing.Short() {
			return max(def/4, 1)
		}
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}

// readRSS reads VmRSS and VmHWM of a process in KiB (0 when unknown).
func readRSS(pid int) (rss, hwm int) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.Atoi(f[1])
		switch f[0] {
		case "VmRSS:":
			rss = n
		case "VmHWM:":
			hwm = n
		}
	}
	return rss, hwm
}
