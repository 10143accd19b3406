package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one row of testdata/perft.tsv.
type perftCase struct {
	fen   string
	depth int
	nodes uint64
}

func loadPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[0] == "fen" {
			continue
		}
		depth, err1 := strconv.Atoi(cols[1])
		nodes, err2 := strconv.ParseUint(cols[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad perft row %q", sc.Text())
		}
		cases = append(cases, perftCase{cols[0], depth, nodes})
	}
	if len(cases) == 0 {
		t.Fatal("no perft cases")
	}
	return cases
}

// perftLimit returns the largest node count checked by this run:
// PERFT_MAX_NODES overrides it (make perft-deep sets it very high), -short
// lowers it.
func perftLimit() uint64 {
	if s := os.Getenv("PERFT_MAX_NODES"); s != "" {
		if n, err := strconv.ParseUint(s, 10, 64); err == nil {
			return n
		}
	}
	if testing.Short() {
		return 500_000
	}
	return 5_000_000
}

func TestPerft(t *testing.T) {
	limit := perftLimit()
	checked := 0
	for _, c := range loadPerftCases(t) {
		if c.nodes > limit {
			continue
		}
		checked++
		pos, err := NewPosition(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		before := pos.FEN()
		key := pos.Key()
		if got := pos.Perft(c.depth); got != c.nodes {
			t.Errorf("perft(%d) of %s = %d, want %d", c.depth, c.fen, got, c.nodes)
		}
		if pos.FEN() != before || pos.Key() != key {
			t.Errorf("perft changed the position %s", c.fen)
		}
	}
	if checked == 0 {
		t.Fatal("no perft case within the node limit")
	}
	t.Logf("checked %d perft rows up to %d nodes", checked, limit)
}
