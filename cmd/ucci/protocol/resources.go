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

// memorySlackMB is what the engine may allocate beyond what it holds after
// a setting changes: positions, command buffers, search results.
const memorySlackMB = 48

// tuneRuntime fits the Go runtime to the settings after the hash size,
// the threads or the books change (without Config.OwnsProcess it does
// nothing):
//
//   - Memory: the hash table is most of the Go heap, so the collector's
//     default pacing (collect when the heap has doubled) would let garbage
//     grow as large as the table. After a full collection, which also
//     returns an old table to the system at once, what remains is what the
//     engine holds (table, thread tables, books); a soft memory limit of
//     that plus memorySlackMB makes the collector run sooner instead.
//   - Processors: two more than the search threads (at least the machine's
//     count). With only as many as the busy search threads, the line
//     reader's wake-up of the command loop waits for the runtime's monitor
//     (up to 10 ms) while the reader blocks in its next read, which showed
//     as 3 ms median and 10-25 ms worst stop → bestmove latencies.
func (s *Session) tuneRuntime() {
	if !s.cfg.OwnsProcess {
		return
	}
	runtime.GOMAXPROCS(max(runtime.NumCPU(), s.searcher.Threads()+2))
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	debug.SetMemoryLimit(int64(m.Sys-m.HeapReleased) + memorySlackMB<<20)
}
