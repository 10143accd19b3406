package protocol

import (
	"bufio"
	"os"
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

// boundMemory keeps the process's memory near what it needs: the hash
// table is most of the Go heap, so the collector's default pacing (collect
// when the heap has doubled) would let garbage grow as large as the table.
// A soft memory limit of table + threads + slack makes it collect sooner
// instead; after a resize (released true) the old table is returned to the
// system at once rather than by the background scavenger. Without
// Config.BoundMemory it does nothing.
func (s *Session) boundMemory(released bool) {
	if !s.cfg.BoundMemory {
		return
	}
	mb := s.searcher.HashMB() + s.searcher.Threads()*memoryPerThreadMB + memorySlackMB
	debug.SetMemoryLimit(int64(mb) << 20)
	if released {
		debug.FreeOSMemory()
	}
}
