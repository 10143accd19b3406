package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/pgn"
)

// TestEventAbsentAtStart checks 20.2: an engine that does not start before
// the first round is out of the event, which is drawn among the others
// (a round robin of three, with its byes); the report and every game's
// [EventAbsentAtStart] say so; a resume takes the absences from the
// record and makes no roll call.
func TestEventAbsentAtStart(t *testing.T) {
	starts := filepath.Join(t.TempDir(), "d.starts")
	var pgnOut bytes.Buffer
	cfg := eventConfig(t, Berger, fake("a"), fake("b"), fake("c"), fake("d", "-starts", starts, "-readyfor", "0"))
	cfg.HandshakeTimeout = 400 * time.Millisecond // a fake that answers does so well within it, even on a loaded machine
	cfg.PGN = &pgnOut
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Names, []string{"a", "b", "c"}) || len(res.AbsentAtStart) != 1 || res.AbsentAtStart[0].Name != "d" {
		t.Fatalf("names %v, absent %+v: want a, b, c and d absent", res.Names, res.AbsentAtStart)
	}
	if len(res.Games) != 3 {
		t.Errorf("%d games, want the 3 of a round robin of three", len(res.Games))
	}
	rows := res.Event.Tables()[0].Standings
	if len(rows) != 3 {
		t.Errorf("table %+v: want 3 rows", rows)
	}
	var report bytes.Buffer
	res.WriteReport(&report)
	if !strings.Contains(report.String(), "Absent at the start (20.2): d, 3 failed handshakes in a row before round 1") ||
		!strings.Contains(report.String(), "drawn among the 3 others") {
		t.Errorf("report:\n%s", report.String())
	}
	var games []*pgn.Game
	rd := pgn.NewReader(strings.NewReader(pgnOut.String()), "event.pgn")
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if len(games) != 3 {
		t.Fatalf("PGN: %d games, want 3", len(games))
	}
	for _, g := range games {
		if g.Tag("EventAbsentAtStart") != "4" || g.Tag("Red") == "d" || g.Tag("Black") == "d" {
			t.Errorf("game %s - %s: [EventAbsentAtStart %q], want \"4\"", g.Tag("Red"), g.Tag("Black"), g.Tag("EventAbsentAtStart"))
		}
	}
	before := fileSize(t, starts)
	if before != maxHandshakeFailures {
		t.Errorf("d was started %d times, want %d (the roll call's tries)", before, maxHandshakeFailures)
	}

	r, err := ReadResume(strings.NewReader(pgnOut.String()), "event.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg.PGN, cfg.EventOptions.Resume = nil, r
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	res.Event.WriteText(&want)
	again.Event.WriteText(&got)
	if got.String() != want.String() {
		t.Errorf("resumed:\n%s\nwant:\n%s", got.String(), want.String())
	}
	if n := fileSize(t, starts); n != before {
		t.Errorf("the resume started d %d more times: it must take the absences from the record", n-before)
	}
}

// TestEventAbsentAtStartRecordChecked: a resume whose record lists absent
// engines that are not engines of the event is refused.
func TestEventAbsentAtStartRecordChecked(t *testing.T) {
	var pgnOut bytes.Buffer
	cfg := eventConfig(t, Berger, fakes("a", "b", "c")...)
	cfg.PGN = &pgnOut
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	edited := strings.ReplaceAll(pgnOut.String(), `[EventAbsentAtStart "none"]`, `[EventAbsentAtStart "7"]`)
	if edited == pgnOut.String() {
		t.Fatal(`no [EventAbsentAtStart "none"] in the PGN`)
	}
	r, err := ReadResume(strings.NewReader(edited), "event.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg.PGN, cfg.EventOptions.Resume = nil, r
	var re *ResumeError
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "EventAbsentAtStart") {
		t.Errorf("resume with an engine 7 of 3 absent: %v", err)
	} else if !errors.As(err, &re) {
		t.Errorf("%v is not a *ResumeError", err)
	}
}

// TestEventCannotStartAlone: an event left with one engine at the start
// does not start, and says why.
func TestEventCannotStartAlone(t *testing.T) {
	cfg := eventConfig(t, Swiss, fake("a"), fake("mute", "-noready"))
	cfg.HandshakeTimeout = 400 * time.Millisecond
	cfg.EventOptions.Rounds = 1
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "cannot start") || !strings.Contains(err.Error(), "mute") {
		t.Errorf("Run: %v, want the event refused naming mute", err)
	}
}

// fileSize returns the size of the file at path.
func fileSize(t *testing.T, path string) int {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return int(fi.Size())
}
