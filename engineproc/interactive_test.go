package engineproc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// answer reads the engine's lines up to its bestmove.
func answer(t *testing.T, e *Engine) (BestMove, []string) {
	t.Helper()
	var seen []string
	deadline := time.After(5 * time.Second)
	for {
		select {
		case l, ok := <-e.Lines():
			if !ok {
				t.Fatalf("output ended after %q", seen)
			}
			if bm, ok := e.ParseBestMove(l); ok {
				return bm, seen
			}
			seen = append(seen, l)
		case <-deadline:
			t.Fatalf("no bestmove after %q", seen)
		}
	}
}

func TestOpenEngineUCCIAndFSF(t *testing.T) {
	for _, proto := range []string{"ucci", "uci-fsf"} {
		t.Run(proto, func(t *testing.T) {
			rec := filepath.Join(t.TempDir(), "rec")
			e, err := OpenEngine(context.Background(), fake("fake", "-proto", proto, "-record", rec, "-script", "h2e2 h9g7 - -"), 2*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			wantProto := map[string]Protocol{"ucci": ProtoUCCI, "uci-fsf": ProtoUCIFSF}[proto]
			if e.Protocol() != wantProto || e.Name() != "fake" {
				t.Fatalf("protocol %v name %q", e.Protocol(), e.Name())
			}
			pos := engine.StartPosition()
			m, _ := pos.ParseMove("h2e2")
			if err := e.Position(engine.StartFEN, []engine.Move{m}); err != nil {
				t.Fatal(err)
			}
			clock := timeman.Report{Time: 5 * time.Second}
			if err := e.GoClock(false, false, false, clock, clock); err != nil {
				t.Fatal(err)
			}
			bm, _ := answer(t, e)
			if bm.Move != "h9g7" {
				t.Fatalf("bestmove %+v, want h9g7 in ICCS", bm)
			}
			e.Close()
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			want := "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2"
			if proto == "uci-fsf" {
				want = "position startpos moves h3e3"
			}
			if !strings.Contains(string(data), want+"\n") {
				t.Fatalf("engine received\n%s\nwant the line %q", data, want)
			}
		})
	}
}

func TestEngineCloseEndsProcess(t *testing.T) {
	e, err := OpenEngine(context.Background(), fake("fake", "-ignorequit"), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	pid := e.Pid()
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("engine not running before Close: %v", err)
	}
	e.Close()
	e.Close()
	if err := syscall.Kill(pid, 0); err == nil {
		t.Fatalf("engine %d still running after Close", pid)
	}
	if _, ok := <-e.Lines(); ok {
		t.Fatal("Lines not closed after Close")
	}
}
