package reliability

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// TestMemoryNearHash plays games of the engine against itself through the
// command loop as a GUI does (the whole move list with every position
// command, a short search per move) with a 16 MB table, and checks that the
// peak resident size stays under the soak's bound, the table plus 64 MiB:
// the garbage of the commands must not be allowed to grow as large as the
// hash table, which is most of the heap.
func TestMemoryNearHash(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	const hashMB = 16
	plies := envInt(t, "GOXQ_MEMORY_PLIES", 1600)
	p := enginetest.Start(t)
	p.Send("ucci", "setoption usebook false", "setoption hashsize 16", "isready")
	p.Expect(`^readyok$`, 5*time.Second)
	var moves []string
	games := 1
	p.Send("setoption newgame")
	for range plies {
		line := "position startpos"
		if len(moves) > 0 {
			line += " moves " + strings.Join(moves, " ")
		}
		p.Send(line, "go nodes 3000")
		answer, _ := p.Expect(`^(bestmove|nobestmove)`, 10*time.Second)
		f := strings.Fields(answer)
		if f[0] == "nobestmove" || len(f) > 2 && f[2] == "resign" || len(moves) >= 300 {
			moves = moves[:0]
			games++
			p.Send("setoption newgame")
			continue
		}
		moves = append(moves, f[1])
	}
	p.Send("isready")
	p.Expect(`^readyok$`, 5*time.Second)
	rss, hwm := readRSS(p.Pid())
	t.Logf("%d plies in %d games: VmRSS %d KiB, VmHWM %d KiB", plies, games, rss, hwm)
	if limit := (hashMB + 64) << 10; hwm > limit {
		t.Errorf("peak resident size %d KiB is above the table plus 64 MiB (%d KiB)", hwm, limit)
	}
}
