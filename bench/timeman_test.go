package bench

import (
	"testing"
	"time"

	"github.com/goxq/ucci/engine/timeman"
)

// BenchmarkHardStop is the time check the search makes every 1024 nodes.
func BenchmarkHardStop(b *testing.B) {
	var m timeman.Manager
	m.Start(timeman.Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	m.IterationDone(timeman.Iteration{Depth: 1, Best: 1, RootMoves: 20})
	b.ReportAllocs()
	for b.Loop() {
		if m.HardStop() {
			b.Fatal("stopped")
		}
	}
}

// BenchmarkHardStopParallel is the time check made by several threads.
func BenchmarkHardStopParallel(b *testing.B) {
	var m timeman.Manager
	m.Start(timeman.Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	m.IterationDone(timeman.Iteration{Depth: 1, Best: 1, RootMoves: 20})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = m.HardStop()
		}
	})
}

// BenchmarkIterationDone is the decision after each iteration.
func BenchmarkIterationDone(b *testing.B) {
	var m timeman.Manager
	m.Start(timeman.Budget{Limited: true, Soft: time.Hour, Hard: 2 * time.Hour}, false)
	b.ReportAllocs()
	d := 0
	for b.Loop() {
		d++
		m.IterationDone(timeman.Iteration{Depth: d, Best: uint32(d & 1), Score: d & 31, RootMoves: 20})
	}
}

// BenchmarkAllocate plans one move's time under a two-period control.
func BenchmarkAllocate(b *testing.B) {
	set := timeman.DefaultSettings()
	set.Schedule = timeman.Schedule{Periods: []timeman.Period{{Moves: 40, Base: 5400 * time.Second}, {Moves: 10, Base: 900 * time.Second}}}
	l := timeman.Limits{TimeSet: true, Time: 5400 * time.Second}
	b.ReportAllocs()
	for b.Loop() {
		_ = timeman.Allocate(l, set)
	}
}
