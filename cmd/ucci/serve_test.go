package main

import (
	"bufio"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/goxq/ucci/internal/enginetest"
)

func TestServeBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "-sessions", "0"},
		{"serve", "extra"},
		{"serve", "-engine", ""},
		{"serve", "-engine", "cmd=x bogus=1"},
		{"serve", "-log", "/no/such/dir/log"},
	} {
		code, out, errOut := runCapture(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, out, errOut := runCapture("serve", "-addr", ln.Addr().String())
	if code != 1 || out != "" || !strings.Contains(errOut, "address already in use") {
		t.Errorf("a busy port: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestDisplayAddr(t *testing.T) {
	for in, want := range map[string]string{"0.0.0.0:8080": "localhost:8080", "127.0.0.1:80": "127.0.0.1:80", "[::]:9": "localhost:9"} {
		a, err := net.ResolveTCPAddr("tcp", in)
		if err != nil {
			t.Fatal(err)
		}
		if got := displayAddr(a); got != want {
			t.Errorf("displayAddr(%s) = %s, want %s", in, got, want)
		}
	}
}

// startServe runs `ucci serve args...` (the binary of this test run) and
// returns its port and a function that stops it with SIGINT and returns
// its exit code and standard error.
func startServe(t *testing.T, args ...string) (url string, stop func() (int, string)) {
	t.Helper()
	cmd := exec.Command(enginetest.Binary(t), append([]string{"serve"}, args...)...)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("serve printed %q, %v; stderr %q", line, err, errb.String())
	}
	stopped := false
	stop = func() (int, string) {
		if !stopped {
			stopped = true
			cmd.Process.Signal(os.Interrupt)
			cmd.Wait()
		}
		return cmd.ProcessState.ExitCode(), errb.String()
	}
	t.Cleanup(func() { stop() })
	return strings.TrimSpace(strings.TrimPrefix(line, "GoXQ board at ")), stop
}

// getWithHost requests url with the Host header host and returns the
// status code.
func getWithHost(t *testing.T, url, host string) int {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestServeBeyondLoopback: on 0.0.0.0 the Host check stays on (the -host
// names and the machine's addresses, no other), a warning says that anyone
// who can reach the server can start engines, and with -token every
// request needs it; on loopback nothing is said. A short token is refused.
func TestServeBeyondLoopback(t *testing.T) {
	const token = "board-token-0123456789"
	url, stop := startServe(t, "-addr", "0.0.0.0:0", "-host", "board.example", "-token", token)
	if !strings.HasSuffix(url, "/?token="+token) {
		t.Fatalf("URL %q lacks the token", url)
	}
	port := strings.TrimSuffix(strings.TrimPrefix(url, "http://localhost:"), "/?token="+token)
	base := "http://127.0.0.1:" + port + "/"
	for _, c := range []struct {
		path, host string
		want       int
	}{
		{"", "evil.example", http.StatusMisdirectedRequest},
		{"?token=" + token, "evil.example:" + port, http.StatusMisdirectedRequest},
		{"", "board.example", http.StatusUnauthorized},
		{"?token=" + token, "board.example", 200},
		{"?token=" + token, "127.0.0.1:" + port, 200},
	} {
		if got := getWithHost(t, base+c.path, c.host); got != c.want {
			t.Errorf("GET /%s with Host %s: %d, want %d", c.path, c.host, got, c.want)
		}
	}
	code, stderr := stop()
	if code != 0 || !strings.Contains(stderr, "anyone who can reach it can start engines here (each request needs the token)") ||
		!strings.Contains(stderr, "board.example") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	_, stop = startServe(t, "-addr", "0.0.0.0:0")
	if _, stderr := stop(); !strings.Contains(stderr, "no token: give -token to require one") {
		t.Errorf("no token: stderr %q", stderr)
	}
	_, stop = startServe(t, "-addr", "127.0.0.1:0")
	if code, stderr := stop(); code != 0 || stderr != "" {
		t.Errorf("on loopback: exit %d, stderr %q", code, stderr)
	}
	if code, _, errOut := runCapture("serve", "-token", "short"); code != 2 || !strings.Contains(errOut, "at least 16") {
		t.Errorf("a short token: exit %d, %q", code, errOut)
	}
}
