package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedFilesAreCurrent: the engine's two parameter files are what
// the list generates, so the constants, the tuning build's variables and
// its option table cannot drift apart (run go generate ./engine).
func TestGeneratedFilesAreCurrent(t *testing.T) {
	for name, want := range map[string][]byte{constFile: constSource(params), tuneFile: tuneSource(params)} {
		got, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("engine/%s is not what the list generates: run go generate ./engine", name)
		}
	}
}

func TestGoName(t *testing.T) {
	for option, want := range map[string]string{"RFPMargin": "rfpMargin", "FutilityBase": "futilityBase",
		"LMRHistoryDivisor": "lmrHistoryDivisor", "QSDeltaMargin": "qsDeltaMargin", "X": "x", "AB": "ab"} {
		if got := (param{Option: option}).goName(); got != want {
			t.Errorf("%s: %s, want %s", option, got, want)
		}
	}
}

// TestListIsSound: unique names, defaults inside their ranges.
func TestListIsSound(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range params {
		if seen[p.goName()] || p.Doc == "" {
			t.Errorf("%s: duplicate or undocumented", p.Option)
		}
		seen[p.goName()] = true
		if !(p.Min <= p.Value && p.Value <= p.Max) {
			t.Errorf("%s: %d outside [%d, %d]", p.Option, p.Value, p.Min, p.Max)
		}
	}
}
