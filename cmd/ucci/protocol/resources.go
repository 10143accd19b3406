package protocol

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// fallbackMaxHashMB bounds the table when the machine's memory is unknown.
const fallbackMaxHashMB = 4096

// maxHashMB returns the largest table the engine will allocate: half the
// machine's memory (read from /proc/meminfo where there is one), so that an
// absurd Hash value cannot exhaust memory and kill the process.
func maxHashMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallbackMaxHashMB
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err == nil && kb > 0 {
				return max(int(kb/1024/2), 16)
			}
		}
	}
	return fallbackMaxHashMB
}

// Memory beyond the hash table: the runtime, the book, positions and
// command buffers (memorySlackMB), and each search thread's tables
// (about 0.4 MiB, counted as memoryPerThreadMB).
const (
	memorySlackMB     = 48
	memoryPerThreadMB = 1
)

// tuneRuntime fits the Go runtime to the settings (without
// Config.OwnsProcess it does nothing):
//
//   - Memory: the hash table is most of the Go heap, so the collector's
//     default pacing (collect when the heap has doubled) would let garbage
//     grow as large as the table. A soft memory limit of table + threads +
//     slack makes it collect sooner instead; after a resize (released true)
//     the old table is returned to the system at once rather than by the
//     background scavenger.
//   - Processors: two more than the search threads (at least the machine's
//     count). With only as many as the busy search threads, the line
//     reader's wake-up of the command loop waits for the runtime's monitor
//     (up to 10 ms) while the reader blocks in its next read, which showed
//     as 3 ms median and 10-25 ms worst stop → bestmove latencies.
func (s *Session) tuneRuntime(released bool) {
	if !s.cfg.OwnsProcess {
		return
	}
	threads := s.searcher.Threads()
	runtime.GOMAXPROCS(max(runtime.NumCPU(), threads+2))
	mb := s.searcher.HashMB() + threads*memoryPerThreadMB + memorySlackMB
	debug.SetMemoryLimit(int64(mb) << 20)
	if released {
		debug.FreeOSMemory()
	}
}
