// Package e2e holds the end-to-end tests that run the engine binary the way
// users do: real games through XBoard and the UCI2WB adapter under Xvfb
// against fairy-stockfish (TestXBoardMatch, run by `make e2e`), and checks
// of the release binaries built by `make dist` (TestDist).
//
// Both are skipped by a plain `go test ./...`: TestXBoardMatch needs
// GOXQ_E2E=1 and the Debian packages that e2e/install.sh installs,
// TestDist needs GOXQ_DIST=<dist directory>. The checks of the game records
// and logs that TestXBoardMatch applies are themselves tested on recorded
// files in testdata/ and always run.
package e2e
