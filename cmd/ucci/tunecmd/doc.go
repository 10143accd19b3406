// Package tunecmd implements the `ucci tune` subcommands: data (labelled
// positions from games), texel (evaluation weights fitted to them) and spsa
// (search parameters tuned by matches). Each command takes its arguments,
// writes results to stdout and progress and errors to stderr, and returns
// the process exit code: 0 for success, 1 for a failure, 2 for bad usage.
package tunecmd
