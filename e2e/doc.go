// Package e2e holds the end-to-end tests that run the engine binary the way
// users do: real games through XBoard and the UCI2WB adapter under Xvfb
// against fairy-stockfish (TestXBoardMatch) and through our match runner
// against fairy-stockfish in its generic UCI mode, with our engine in UCCI
// and in the same uci-fsf convention (TestMatchRunnerFSF), both run by
// `make e2e`; and checks of the release binaries built by `make dist`
// (TestDist); the board of `ucci serve` driven in headless Chromium
// (TestWebBoard, build tag e2eweb, run by `make e2e-web`); and a match on
// the real nats-server with two worker processes (TestDistributedMatch,
// build tag e2edist, run by `make e2e-distributed`).
//
// All are skipped by a plain `go test ./...`: TestXBoardMatch and
// TestMatchRunnerFSF need GOXQ_E2E=1 and the Debian packages that
// e2e/install.sh installs,
// TestDist needs GOXQ_DIST=<dist directory>. The checks of the game records
// and logs that TestXBoardMatch applies are themselves tested on recorded
// files in testdata/ and always run.
package e2e
