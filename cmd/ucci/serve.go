package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/goxq/ucci/engine/tb"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/web"
)

const serveUsage = `usage: ucci serve [-addr 127.0.0.1:8080] [-engine SPEC ...] [-sessions N] [-log FILE]
                  [-host NAME ...] [-token TOKEN]
  serves a xiangqi board in the browser: play against the engine, analyse, read and write
  records; prints the page's URL. The page is inside the binary (no network needed). The engine
  is this program's own search; -engine adds engines in the SPEC syntax of ucci match, which
  the page offers by name (a page can never name a program). Bound to localhost unless -addr
  says otherwise; only the loopback names, the machine's own addresses and the -host names are
  served. Beyond loopback anyone who can reach the address can start engines: -token then
  requires a secret in the URL (which sets a cookie). A tab without a message for 10 minutes
  is closed.`

// minTokenLength is the shortest -token taken.
const minTokenLength = 16

// builtinHashMB is the hash size of the built-in engine of each tab.
const builtinHashMB = 32

// runServe implements `ucci serve`.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("serve", serveUsage, stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0: any free port)")
	var engines engineFlags
	fs.Var(&engines, "engine", "an engine SPEC offered beside the built-in one (repeat)")
	sessions := fs.Int("sessions", web.DefaultMaxSessions, "most boards (tabs) open at once, each with its engine")
	logFile := fs.String("log", "", "write the server's log to this file")
	var hosts stringList
	fs.Var(&hosts, "host", "a host name the page may be reached by besides the loopback names and the machine's addresses (repeat, or NAME,NAME)")
	token := fs.String("token", "", fmt.Sprintf("a secret every request must carry (at least %d letters, digits or -._~): open the printed URL with it", minTokenLength))
	tbDir := fs.String("tb", tb.DefaultDir, "endgame tables: the board shows their verdict, the built-in engine probes them")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return cliflags.Bad(fs, "unexpected argument %q", fs.Arg(0))
	}
	if err := cliflags.FirstError(cliflags.IntIn("sessions", *sessions, 1, 1000), writableFile("log", *logFile), checkToken(*token)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return fail(stderr, "ucci serve", 1, "cannot find this program to run its engine: %v", err)
	}
	builtin := engineproc.EngineSpec{Name: "GoXQ", Cmd: exe, Proto: engineproc.ProtoUCCI,
		Options: []engineproc.Option{{Name: "hashsize", Value: fmt.Sprint(builtinHashMB)}, {Name: "tbpath", Value: *tbDir}}}
	tables := serveTables(*tbDir, stderr)
	if tables != nil {
		defer tables.Close()
	}
	if err := safefile.CheckOutputs(safefile.Names("-log", *logFile), enginePrograms(append([]engineproc.EngineSpec{builtin}, engines...))); err != nil {
		return cliflags.Bad(fs, "%v", err)
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
	var names []string
	for _, h := range hosts {
		names = append(names, strings.Split(h, ",")...)
	}
	allowed := web.AllowedHosts(ln.Addr().String(), names)
	srv, err := web.New(web.Config{Engines: append([]engineproc.EngineSpec{builtin}, engines...),
		Hosts: allowed, Token: *token, MaxSessions: *sessions, Version: version, Log: log, Tablebases: tables})
	if err != nil {
		ln.Close()
		return fail(stderr, "ucci serve", 1, "%v", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	query := ""
	if *token != "" {
		query = "?token=" + *token
	}
	if web.LoopbackHosts(ln.Addr().String()) == nil {
		warnExposed(stderr, ln.Addr().String(), allowed, *token != "")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "GoXQ board at http://%s/%s\n", displayAddr(ln.Addr()), query)
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

// checkToken checks a -token: empty (none), or at least minTokenLength
// characters that need no escaping in a URL.
func checkToken(t string) error {
	if t == "" {
		return nil
	}
	if len(t) < minTokenLength {
		return fmt.Errorf("-token: %d characters, want at least %d", len(t), minTokenLength)
	}
	if strings.Trim(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~") != "" {
		return errors.New("-token: only letters, digits and - . _ ~")
	}
	return nil
}

// warnExposed says on stderr that a server listens beyond loopback: who
// can reach it can start engines on this machine.
func warnExposed(w io.Writer, addr string, hosts []string, token bool) {
	guard := "no token: give -token to require one"
	if token {
		guard = "each request needs the token"
	}
	fmt.Fprintf(w, "ucci serve: warning: listening on %s, beyond this machine: anyone who can reach it can start engines here (%s)\n", addr, guard)
	fmt.Fprintf(w, "ucci serve: host names served: %s (add more with -host)\n", strings.Join(hosts, " "))
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
