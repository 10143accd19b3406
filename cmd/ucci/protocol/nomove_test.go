package protocol_test

import (
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/cmd/ucci/protocol"
)

// TestNoMoveAnswers: when the side to move is mated or stalemated, UCI
// prints "info depth 0 score mate 0" just before "bestmove (none)" (the
// convention GUIs show as the result) and UCCI answers only "nobestmove";
// a go refused for another reason (no position) has no mate score.
func TestNoMoveAnswers(t *testing.T) {
	const (
		mated      = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"  // the rook checks on the d-file
		stalemated = "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1" // d8 and e9 are attacked, no check
	)
	for _, c := range []struct {
		name, dialect, position, want, notWant string
	}{
		{"uci mated", "uci", "position fen " + mated, "info depth 0 score mate 0\nbestmove (none)\n", ""},
		{"uci stalemated", "uci", "position fen " + stalemated, "info depth 0 score mate 0\nbestmove (none)\n", ""},
		{"ucci mated", "ucci", "position fen " + mated, "nobestmove\n", "score mate 0"},
		{"uci bad position", "uci", "position fen x", "bestmove (none)\n", "score mate 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := &lockedBuffer{}
			s := protocol.NewSession(out, protocol.Config{Name: "GoXQ", Version: "test", Author: "test", HashMB: 1})
			script := strings.Join([]string{c.dialect, c.position, "go depth 3", "isready", "quit"}, "\n") + "\n"
			done := make(chan int, 1)
			go func() { done <- s.Run(strings.NewReader(script)) }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("no end; output:\n%s", out.String())
			}
			got := out.String()
			if !strings.Contains(got, c.want) || c.notWant != "" && strings.Contains(got, c.notWant) {
				t.Errorf("output does not hold %q (or holds %q):\n%s", c.want, c.notWant, got)
			}
		})
	}
}
