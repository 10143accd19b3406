// Package bench holds the speed benchmarks of the engine, run with
// `go test -bench . ./bench/` (and by `make bench`): perft, move generation,
// evaluation and search on the bench positions. Speed is a ratio measured
// side by side in one run; compare two builds with benchstat.
package bench
