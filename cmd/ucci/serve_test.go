package main

import (
	"net"
	"strings"
	"testing"
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
