package protocol

import (
	"bufio"
	"os"
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
