// Package safefile opens the files that users and options name without
// trusting the names, and writes outputs without destroying anything.
//
// Reading (Open, ReadFile, OpenAppend, CheckFile, CheckDir): only a
// regular file is opened, or a directory where one is expected. The type
// is checked before the open, so that a FIFO or a device is never opened
// on purpose, and again on the open file, which is opened without blocking
// (O_NONBLOCK) in case the name was replaced in between: a FIFO named by an
// engine option can never hang the engine. A file read whole is refused
// beyond a size limit before anything is read.
//
// Writing (Create, WriteFile, CheckOutputs): a new version of a file is
// written under a temporary name in its directory and renamed over the
// old one only when complete (or, for a stream such as a match's PGN, at
// its first write), so that a run that is refused or fails leaves the old
// file as it was; and no output may be an input, by any other path, a
// symbolic or a hard link, nor lie inside an input directory.
package safefile
