// Package bench holds the speed benchmarks of the engine, run with
// `go test -bench . ./bench/` (and by `make bench`): perft, move generation,
// evaluation (of the bench positions, and of every position one move after
// them), search on the bench positions, transposition-table probes, the
// time manager's checks, opening-book probes, and the GUI-facing latencies
// of the engine binary (isready while searching, stop to bestmove; the
// binary is built once per run by internal/enginetest). Speed is a ratio measured side by side in one run;
// compare two builds with benchstat.
package bench
