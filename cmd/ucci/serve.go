package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/tuning/match"
	"github.com/goxq/ucci/web"
)

const serveUsage = `usage: ucci serve [-addr 127.0.0.1:8080] [-engine SPEC ...] [-sessions N] [-log FILE]
  serves a xiangqi board in the browser: play against the engine, analyse, read and write
  records; prints the page's URL. The page is inside the binary (no network needed). The engine
  is this program's own search; -engine adds engines in the SPEC syntax of ucci match, which
  the page offers by name (a page can never name a program). Bound to localhost unless -addr
  says otherwise; on a loopback address only loopback host names are served.`

// builtinHashMB is the hash size of the built-in engine of each tab.
const builtinHashMB = 32

// runServe implements `ucci serve`.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", serveUsage, stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	var engines engineFlags
	fs.Var(&engines, "engine", "an engine SPEC offered beside the built-in one (repeat)")
	sessions := fs.Int("sessions", web.DefaultMaxSessions, "most boards (tabs) open at once, each with its engine")
	logFile := fs.String("log", "", "write the server's log to this file")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return badArg(fs, "unexpected argument %q", fs.Arg(0))
	}
	if err := firstError(intIn("sessions", *sessions, 1, 1000), writableFile("log", *logFile)); err != nil {
		return badArg(fs, "%v", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return fail(stderr, "ucci serve", 1, "cannot find this program to run its engine: %v", err)
	}
	builtin := match.EngineSpec{Name: "GoXQ", Cmd: exe, Proto: match.ProtoUCCI,
		Options: []match.Option{{Name: "hashsize", Value: fmt.Sprint(builtinHashMB)}}}
	if err := safefile.CheckOutputs(named("-log", *logFile), enginePrograms(append([]match.EngineSpec{builtin}, engines...))); err != nil {
		return badArg(fs, "%v", err)
	}
	log := zerolog.Nop()
	if *logFile != "" {
		f, err := safefile.OpenAppend(*logFile)
		if err != nil {
			return fail(stderr, "ucci serve", 1, "-log %s: %v", *logFile, unwrapPathError(err))
		}
		defer f.Close()
		log = zerolog.New(f).With().Timestamp().Logger()
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(stderr, "ucci serve", 1, "%v", err)
	}
	srv, err := web.New(web.Config{Engines: append([]match.EngineSpec{builtin}, engines...),
		Hosts: web.LoopbackHosts(ln.Addr().String()), MaxSessions: *sessions, Version: version, Log: log})
	if err != nil {
		ln.Close()
		return fail(stderr, "ucci serve", 1, "%v", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	fmt.Fprintf(stdout, "GoXQ board at http://%s/\n", displayAddr(ln.Addr()))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err = <-done:
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		hs.Shutdown(shut)
		cancel()
		err = <-done
	}
	srv.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(stderr, "ucci serve", 1, "%v", err)
	}
	return 0
}

// displayAddr returns the address to put in the URL: a wildcard address
// is shown as localhost.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	return net.JoinHostPort("localhost", fmt.Sprint(tcp.Port))
}
