package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// commandPaths lists every command of the table as its words, groups
// before their subcommands.
func commandPaths(list []*command, prefix []string) [][]string {
	var out [][]string
	for _, c := range list {
		path := append(append([]string(nil), prefix...), c.name)
		out = append(out, path)
		out = append(out, commandPaths(c.subs, path)...)
	}
	return out
}

// TestHelpForEveryCommand: `ucci help CMD...`, `ucci CMD... -h` and
// `--help` print the command's usage on stdout with exit 0: a command with
// an action lists its flags, a group lists its subcommands.
func TestHelpForEveryCommand(t *testing.T) {
	paths := commandPaths(commands, nil)
	if len(paths) < 13 {
		t.Fatalf("only %d commands in the table", len(paths))
	}
	for _, path := range paths {
		cmd, _, err := resolve(path)
		if err != nil {
			t.Fatal(err)
		}
		c := cmd[len(cmd)-1]
		for _, args := range [][]string{append([]string{"help"}, path...), append(path, "-h"), append(path, "--help")} {
			code, out, errOut := runCapture(args...)
			if code != 0 || errOut != "" || !strings.Contains(out, "usage") {
				t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
				continue
			}
			if c.run != nil && c.name != "version" && !strings.Contains(out, "\n  -") {
				t.Errorf("%q lists no flags:\n%s", args, out)
			}
			for _, sub := range c.subs {
				if !strings.Contains(out, strings.Join(path, " ")+" "+sub.name) {
					t.Errorf("%q does not list %s:\n%s", args, sub.name, out)
				}
			}
		}
	}
	// Help flags after other flags count too.
	if code, out, _ := runCapture("perft", "-divide", "-h"); code != 0 || !strings.Contains(out, "-divide") {
		t.Errorf("perft -divide -h: exit %d\n%s", code, out)
	}
}

// TestTopLevelHelp: help, -h, -help and --help list every command and the
// engine's flags.
func TestTopLevelHelp(t *testing.T) {
	for _, arg := range []string{"help", "-h", "-help", "--help"} {
		code, out, errOut := runCapture(arg)
		if code != 0 || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q", arg, code, errOut)
		}
		for _, want := range []string{"-log", "-cpuprofile", "-memprofile", "ucci help COMMAND"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %q in\n%s", arg, want, out)
			}
		}
		for _, c := range commands {
			if !strings.Contains(out, "ucci "+c.name) {
				t.Errorf("%s: command %s not listed", arg, c.name)
			}
		}
	}
}

// TestUnknownFlagOrCommand: an unknown flag of any command, or an unknown
// command or subcommand, prints the usage on stderr and exits 2.
func TestUnknownFlagOrCommand(t *testing.T) {
	cases := [][]string{{"zzz"}, {"help", "zzz"}, {"book", "zzz"}, {"tune", "zzz"}, {"match", "zzz"},
		{"book"}, {"tune"}, {"book", "-zzz"}, {"-zzz"}, {"help", "perft", "extra"}}
	for _, path := range commandPaths(commands, nil) {
		if cmd, _, _ := resolve(path); cmd[len(cmd)-1].run != nil {
			cases = append(cases, append(path, "-no-such-flag"))
		}
	}
	for _, args := range cases {
		code, out, errOut := runCapture(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "usage") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestEngineStartsSilently: with only engine flags the engine starts and
// prints nothing but protocol lines (startEngine fails the test on any
// stderr output).
func TestEngineStartsSilently(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "engine.log")
	e := enginetest.Start(t, "-log", logPath, "-cpuprofile", dir)
	e.Send("ucci")
	e.Expect(`^ucciok$`, 5*time.Second)
	e.Send("quit")
	e.Expect(`^bye$`, 5*time.Second)
	if st, err := os.Stat(logPath); err != nil || st.Size() == 0 {
		t.Errorf("log file: %v", err)
	}
}

// TestBrokerFlagsHelp: each command on a broker describes its own -broker
// and -nkey: the coordinator's, the worker's and match status's differ.
func TestBrokerFlagsHelp(t *testing.T) {
	for _, c := range []struct {
		args       []string
		want, lack []string
	}{
		{[]string{"match", "-h"}, []string{"play on the workers of this NATS JetStream broker", "-broker embedded admits its public key"}, []string{"take work from"}},
		{[]string{"worker", "-h"}, []string{"the NATS JetStream broker to take work from", "the seed it was given"}, []string{"admits its public key", "play on the workers", "-listen"}},
		{[]string{"match", "status", "-h"}, []string{"the NATS JetStream broker the matches run on", "as the coordinator and the workers do"}, []string{"take work from", "admits its public key", "-listen"}},
	} {
		code, out, errOut := runCapture(c.args...)
		text := out + errOut
		if code != 0 {
			t.Errorf("%q: exit %d", c.args, code)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%q lacks %q:\n%s", c.args, w, text)
			}
		}
		for _, l := range c.lack {
			if strings.Contains(text, l) {
				t.Errorf("%q says %q, another command's:\n%s", c.args, l, text)
			}
		}
	}
}
