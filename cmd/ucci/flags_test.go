package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagRanges: every numeric flag out of its range, and an output file
// or profile directory that cannot be written, is an error naming the flag
// (exit 2) before anything runs.
func TestFlagRanges(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "x")
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	two := []string{"match", "-engine", "/nonexistent/a", "-engine", "/nonexistent/b", "-quiet"}
	openings := []string{"match", "openings", "-pgn", "/nonexistent/games.pgn"}
	cases := []struct {
		args []string
		flag string
	}{
		{[]string{"judge", "-folds", "0"}, "-folds 0"},
		{[]string{"judge", "-folds", "1"}, "-folds 1"},
		{[]string{"judge", "-folds", "11"}, "-folds 11"},
		{[]string{"judge", "-naturallimit", "-5"}, "-naturallimit -5"},
		{[]string{"judge", "-naturallimit", "1001"}, "-naturallimit 1001"},
		{append(two, "-games", "0"), "-games 0"},
		{append(two, "-games", "-3"), "-games -3"},
		{append(two, "-concurrency", "0"), "-concurrency 0"},
		{append(two, "-grace", "-1000"), "-grace -1000"},
		{append(two, "-maxplies", "-1"), "-maxplies -1"},
		{append(two, "-naturallimit", "-1"), "-naturallimit -1"},
		{append(two, "-folds", "1"), "-folds 1"},
		{append(two, "-handshake", "0s"), "-handshake 0s"},
		{append(two, "-pgn", missing), "-pgn " + missing},
		{append(two, "-log", missing), "-log " + missing},
		{append(two, "-log", dir), "-log " + dir},
		{append(openings, "-n", "0"), "-n 0"},
		{append(openings, "-min-ply", "6", "-max-ply", "3"), "-max-ply 3"},
		{append(openings, "-deviation", "-1"), "-deviation -1"},
		{append(openings, "-max-draws", "2"), "-max-draws 2"},
		{append(openings, "-min-games", "0"), "-min-games 0"},
		{append(openings, "-per-family", "0"), "-per-family 0"},
		{append(openings, "-out", missing), "-out " + missing},
		{[]string{"bench", "-threads", "0"}, "-threads 0"},
		{[]string{"-log", missing}, "-log " + missing},
		{[]string{"-cpuprofile", missing}, "-cpuprofile " + missing},
		{[]string{"-memprofile", file}, "-memprofile " + file},
		{[]string{"-cpuprofile", dir, "-memprofile", dir}, "-cpuprofile and -memprofile"},
	}
	for _, c := range cases {
		code, out, errOut := runCapture(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.flag) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q (want exit 2 naming %q)", c.args, code, out, errOut, c.flag)
		}
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("a missing directory was created")
	}
	// The ends of the ranges are accepted.
	for _, args := range [][]string{
		{"judge", "-folds", "2", "-naturallimit", "0"},
		{"judge", "-folds", "10", "-naturallimit", "1000"},
	} {
		if code, _, errOut := runCapture(args...); code != 0 {
			t.Errorf("%q: exit %d, %s", args, code, errOut)
		}
	}
}
