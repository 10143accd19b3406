package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/pkg/profile"

	"github.com/goxq/ucci/cmd/ucci/protocol"
	"github.com/goxq/ucci/internal/safefile"
)

// engineOptions are the values of the engine's own flags.
type engineOptions struct {
	logFile, cpuProfile, memProfile string
}

// engineFlagSet returns the engine's flag set, printing to w, and the
// values it fills.
func engineFlagSet(w io.Writer) (*flag.FlagSet, *engineOptions) {
	var f engineOptions
	fs := flag.NewFlagSet("ucci", flag.ContinueOnError)
	fs.SetOutput(w)
	fs.StringVar(&f.logFile, "log", "", "write a log of the protocol traffic to this file")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile (cpu.pprof) into this existing directory")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a memory profile (mem.pprof) into this existing directory")
	fs.Usage = func() { writeUsage(w, nil) }
	return fs, &f
}

// runEngine starts the protocol loop: `ucci [-log FILE] [-cpuprofile DIR]
// [-memprofile DIR]`. It prints nothing unless a flag is wrong (exit 2).
func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := engineFlagSet(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fail(stderr, "ucci", 2, "unexpected argument %q", fs.Arg(0))
	}
	if err := checkEngineFlags(f); err != nil {
		return fail(stderr, "ucci", 2, "%v", err)
	}
	switch {
	case f.cpuProfile != "":
		defer profile.Start(profile.CPUProfile, profile.ProfilePath(f.cpuProfile), profile.Quiet, profile.NoShutdownHook).Stop()
	case f.memProfile != "":
		defer profile.Start(profile.MemProfile, profile.ProfilePath(f.memProfile), profile.Quiet, profile.NoShutdownHook).Stop()
	}
	s := protocol.NewSession(stdout, protocol.Config{Name: "GoXQ", Version: version, Author: "the GoXQ authors", LogFile: f.logFile, OwnsProcess: true})
	return s.Run(stdin)
}

// checkEngineFlags checks, before the engine starts, that the log file can
// be written and the profile directories exist (only one profile at a
// time).
func checkEngineFlags(f *engineOptions) error {
	if f.cpuProfile != "" && f.memProfile != "" {
		return errOneProfile
	}
	if err := existingDir("cpuprofile", f.cpuProfile); err != nil {
		return err
	}
	if err := existingDir("memprofile", f.memProfile); err != nil {
		return err
	}
	if f.logFile == "" {
		return nil
	}
	if err := writableFile("log", f.logFile); err != nil {
		return err
	}
	file, err := safefile.OpenAppend(f.logFile)
	if err != nil {
		return fmt.Errorf("-log %s: %w", f.logFile, unwrapPathError(err))
	}
	return file.Close()
}
