// Package reliability holds the long-running checks of the engine as a GUI
// or a match runner sees it: bin/ucci as a subprocess under random command
// streams (stress), hash and thread changes between and during searches,
// quit latency, pondering matches, and the checks of a soak match's output.
//
// The short versions run with go test ./reliability/... (under 30 s); the
// long ones are behind environment variables, run by make stress and
// make soak:
//
//	GOXQ_STRESS_COMMANDS=100000  commands of the stress test (default 3000)
//	GOXQ_QUIT_TRIALS=200         quit latency trials per case (default 3)
//	GOXQ_RESIZE_ROUNDS=100       hash/threads changes (default 8)
//	GOXQ_STRICT=1                every quit within 100 ms (not only the
//	                             median), memory given back after a resize
//	GOXQ_SOAK_PGN=FILE           re-read a soak match's PGN (TestSoakPGN)
//	GOXQ_TEST_ENGINE=PATH        test this binary instead of building one
//	                             (internal/enginetest)
//
// The scripts soak.sh (a self-play match with pondering and a memory
// monitor, rssmon.sh) and fuzz.sh (every parser fuzz target in turn) drive
// the long runs.
package reliability
