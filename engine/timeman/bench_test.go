package timeman

import (
	"testing"
	"time"
)

func BenchmarkHardStop(b *testing.B) {
	var m Manager
	m.Start(Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	m.IterationDone(Iteration{Depth: 1, Best: 1, RootMoves: 20})
	b.ReportAllocs()
	for b.Loop() {
		if m.HardStop() {
			b.Fatal("stopped")
		}
	}
}

func BenchmarkHardStopParallel(b *testing.B) {
	var m Manager
	m.Start(Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	m.IterationDone(Iteration{Depth: 1, Best: 1, RootMoves: 20})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = m.HardStop()
		}
	})
}

func BenchmarkIterationDone(b *testing.B) {
	var m Manager
	m.Start(Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	b.ReportAllocs()
	d := 0
	for b.Loop() {
		d++
		m.IterationDone(Iteration{Depth: d, Best: uint32(d & 1), Score: d & 31, RootMoves: 20})
	}
}

func BenchmarkAllocate(b *testing.B) {
	set := DefaultSettings()
	set.Schedule = Schedule{Periods: []Period{{Moves: 40, Base: 5400 * time.Second}, {Moves: 10, Base: 900 * time.Second}}}
	l := Limits{TimeSet: true, Time: 5400 * time.Second}
	b.ReportAllocs()
	for b.Loop() {
		_ = Allocate(l, set)
	}
}
