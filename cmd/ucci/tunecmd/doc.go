// Package tunecmd implements the `ucci tune` subcommands: data (labelled
// positions from games), texel (evaluation weights fitted to them), spsa
// (search parameters tuned by matches), datagen (self-play or relabelled
// positions for the network), nnue (the network trained on them) and wdl
// (the win/draw/loss model fitted to searched positions). Each command
// takes its arguments (its flags through internal/cliflags, as cmd/ucci's
// commands), writes results to stdout and progress and errors to stderr,
// and returns the process exit code: 0 for success, 1 for a failure, 2 for
// bad usage.
package tunecmd
