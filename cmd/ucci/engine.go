package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/pkg/profile"

	"github.com/goxq/ucci/cmd/ucci/protocol"
)

// runEngine starts the protocol loop: `ucci [-log FILE] [-cpuprofile DIR] [-memprofile DIR]`.
func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ucci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	logFile := fs.String("log", "", "write a log of the protocol traffic to this file")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile (cpu.pprof) into this directory")
	memProfile := fs.String("memprofile", "", "write a memory profile (mem.pprof) into this directory")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ucci: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch {
	case *cpuProfile != "":
		defer profile.Start(profile.CPUProfile, profile.ProfilePath(*cpuProfile), profile.Quiet, profile.NoShutdownHook).Stop()
	case *memProfile != "":
		defer profile.Start(profile.MemProfile, profile.ProfilePath(*memProfile), profile.Quiet, profile.NoShutdownHook).Stop()
	}
	s := protocol.NewSession(stdout, protocol.Config{Name: "GoXQ", Version: version, Author: "the GoXQ authors", LogFile: *logFile, OwnsProcess: true})
	return s.Run(stdin)
}
