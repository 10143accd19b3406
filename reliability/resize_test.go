package reliability

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// runtimeSlackKB is what the engine may hold beyond its hash tables: the
// runtime, the book, worker tables (the soak's bound is hash + 64 MiB).
const runtimeSlackKB = 64 << 10

// TestResizeHashAndThreads changes the hash size and the thread count
// between games (idle) and during searches (the commands wait in the
// queue until the search ends): every search is still answered with a
// legal move, isready is answered at once while searching, the queued
// options do not end the search, and after the new game that follows a
// resize the table is resident (the resize took effect). With
// GOXQ_STRICT=1 the process must also stay within the new and the old table
// plus runtimeSlackKB after each resize, and give the memory of a big table
// back within ten seconds of shrinking it.
func TestResizeHashAndThreads(t *testing.T) {
	rounds := envInt(t, "GOXQ_RESIZE_ROUNDS", 8)
	strict := os.Getenv("GOXQ_STRICT") == "1"
	seed := uint64(time.Now().UnixNano())
	t.Logf("%d rounds, seed %d", rounds, seed)
	rng := rand.New(rand.NewPCG(seed, 11))
	g := newGen(seed, false)
	sizes := []int{1, 16, 64, 256, 512}
	p := enginetest.Start(t)
	p.Send("ucci", "setoption usebook false", "setoption hashsize 16")
	p.Expect(`^ucciok$`, 5*time.Second)
	prevMB := 64 // the table allocated at start-up
	curMB := 16
	for r := range rounds {
		hash, threads := sizes[rng.IntN(len(sizes))], 1+rng.IntN(4)
		m := newModel()
		pos := g.position()
		for m.apply(pos); m.pos == nil || !m.pos.HasLegalMove(); m.apply(pos) {
			pos = g.position()
		}
		spec := m.goExpectation("go")
		opts := []string{fmt.Sprintf("setoption hashsize %d", hash), fmt.Sprintf("setoption threads %d", threads), "setoption newgame"}
		if r%2 == 0 {
			p.Send(opts...)
			p.Send(pos, fmt.Sprintf("go movetime %d", 50+rng.IntN(150)))
			// The search starts once the new table is mapped and cleared
			// (0.3–1 s for 512 MB here, unloaded); the bound is the same
			// as readyok's below, since a loaded machine under -race once
			// took more than 10 s.
			checkAnswer(t, p, spec, 30*time.Second)
		} else {
			p.Send(pos, "go infinite")
			p.Expect(`^info depth `, 5*time.Second)
			p.Send(opts...)
			sent := time.Now()
			p.Send("isready")
			if _, before := p.Expect(`^readyok$`, time.Second); answered(before) {
				t.Fatalf("round %d: the queued options ended the search: %q", r, before)
			}
			if d := time.Since(sent); d > 500*time.Millisecond {
				t.Errorf("round %d: readyok took %v while searching", r, d)
			}
			time.Sleep(time.Duration(50+rng.IntN(200)) * time.Millisecond)
			p.Send("stop")
			checkAnswer(t, p, spec, 5*time.Second)
		}
		p.Send("isready")
		p.Expect(`^readyok$`, 30*time.Second)
		prevMB, curMB = curMB, hash
		rss, hwm := readRSS(p.Pid())
		t.Logf("round %d: hash %d MB, %d threads, %s: VmRSS %d MB, VmHWM %d MB", r, hash, threads,
			map[bool]string{true: "during a search", false: "idle"}[r%2 == 1], rss>>10, hwm>>10)
		if rss > 0 && rss < hash<<10*9/10 {
			t.Errorf("round %d: VmRSS %d KB after a new game with a %d MB table: the resize did not take effect", r, rss, hash)
		}
		if limit := (curMB+prevMB)<<10 + runtimeSlackKB; strict && rss > limit {
			t.Errorf("round %d: VmRSS %d MB, more than the new and the old table (%d + %d MB) + 64 MB", r, rss>>10, curMB, prevMB)
		}
	}
	if strict {
		checkMemoryReturned(t, p)
	}
	p.Send("quit")
	p.Expect(`^bye$`, 5*time.Second)
}

// checkMemoryReturned shrinks the table from 512 MB to 16 MB and checks that
// the process gives the memory back within ten seconds.
func checkMemoryReturned(t *testing.T, p *enginetest.Proc) {
	p.Send("setoption hashsize 512", "setoption newgame", "setoption hashsize 16", "setoption newgame", "isready")
	p.Expect(`^readyok$`, 30*time.Second)
	start := time.Now()
	var rss int
	for time.Since(start) < 10*time.Second {
		if rss, _ = readRSS(p.Pid()); rss <= 16<<10+runtimeSlackKB {
			t.Logf("memory returned %v after shrinking 512 MB to 16 MB (VmRSS %d MB)", time.Since(start).Round(time.Millisecond), rss>>10)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("VmRSS still %d MB 10 s after shrinking the table from 512 MB to 16 MB", rss>>10)
}

// answered tells whether the lines hold a bestmove or nobestmove.
func answered(lines []string) bool {
	for _, l := range lines {
		if l == "nobestmove" || strings.HasPrefix(l, "bestmove ") {
			return true
		}
	}
	return false
}

// checkAnswer waits for the answer of a search and checks it against spec.
func checkAnswer(t *testing.T, p *enginetest.Proc, spec goSpec, timeout time.Duration) {
	t.Helper()
	l, _ := p.Expect(`^(bestmove |nobestmove$)`, timeout)
	if why := spec.check(l); why != "" {
		fen := "none"
		if spec.pos != nil {
			fen = spec.pos.FEN()
		}
		t.Errorf("%q in %s: %s", l, fen, why)
	}
}
