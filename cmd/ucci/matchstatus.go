package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/goxq/ucci/broker"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
)

const matchStatusUsage = `usage: ucci match status -broker nats://HOST:4222 [-run RUN]
  prints the state of the matches run on the broker (ucci match ... -broker URL), or of run RUN:
  games, W/D/L and Elo of the first engine, the SPRT, the workers and the games per minute;
  an entry that cannot be read or holds impossible numbers is reported (exit 1) and the others
  are listed`

// staleStatus is how old the status of a running run may be before the
// coordinator is taken to be gone (it updates it every second while games
// are counted).
const staleStatus = 2 * time.Minute

// runMatchStatus is `ucci match status`.
func runMatchStatus(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("match status", matchStatusUsage, stderr)
	b := addBrokerFlags(fs, roleStatus)
	run := fs.String("run", "", "only this run")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	switch {
	case fs.NArg() != 0:
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	case *b.url == "":
		return cliflags.Bad(fs, "-broker is needed")
	case *b.url == "embedded":
		return cliflags.Bad(fs, "-broker embedded is a coordinator's own server; give its URL")
	}
	nc, closeBroker, err := b.connect("match status", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "ucci match status: %v\n", err)
		return 2
	}
	defer closeBroker()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	runs, err := broker.ReadStatus(ctx, nc, *run)
	switch {
	case errors.Is(err, broker.ErrNoRun):
		fmt.Fprintf(stderr, "ucci match status: run %s is not on the broker %s\n", *run, broker.Redact(*b.url))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "ucci match status: %v\n", err)
		return 1
	case len(runs) == 0:
		fmt.Fprintf(stdout, "no runs on the broker %s\n", broker.Redact(*b.url))
		return 0
	}
	now := time.Now()
	code := 0
	for i, s := range runs {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if s.Problem != "" {
			fmt.Fprintf(stdout, "run %s: a malformed entry on the broker, not shown (%s)\n", brokerText(s.Run), brokerText(s.Problem))
			code = 1
			continue
		}
		writeStatus(stdout, s, now)
	}
	return code
}

// maxBrokerText is the most characters of a text from the broker printed.
const maxBrokerText = 200

// brokerText makes a text from the broker (anyone who can write to it
// wrote it) safe to print: quoted with its control characters escaped when
// it has any or is not UTF-8 (an escape sequence cannot reach the
// terminal), and cut to maxBrokerText characters.
func brokerText(s string) string {
	printable := utf8.ValidString(s)
	for _, r := range s {
		if !unicode.IsPrint(r) {
			printable = false
			break
		}
	}
	if printable && utf8.RuneCountInString(s) <= maxBrokerText {
		return s
	}
	n := 0
	for i := range s {
		if n == maxBrokerText {
			return strconv.Quote(s[:i]) + "..."
		}
		n++
	}
	return strconv.Quote(s)
}

// maxListed is the most opponents a status names.
const maxListed = 32

// brokerTexts applies brokerText to each of list.
func brokerTexts(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = brokerText(s)
	}
	return out
}

// writeStatus prints the status of a run as of now (the texts from the
// broker through brokerText; the numbers were checked by broker.ReadStatus):
//
//	run 20261202-041500-3fa9c2d1e0b4: running, updated 1s ago (started 2026-12-02 04:15:00 UTC)
//	  45/100 games of new against base
//	  W 12 D 20 L 13, score 48.9%, Elo -7.7 [-85.0, +68.8], LOS 42.1%, draws 44.4%
//	  SPRT elo0 0 elo1 5: LLR -0.31 [-2.94, 2.94]
//	  2 workers (4 slots, 4 playing), 24.1 games/min
func writeStatus(w io.Writer, s broker.Status, now time.Time) {
	age := now.Sub(s.Updated).Round(time.Second)
	run, state := brokerText(s.Run), brokerText(s.State)
	note := ""
	switch {
	case s.State == broker.StateRunning && age > staleStatus:
		state = "stopped?"
		note = fmt.Sprintf("  no news from its coordinator for %s; go on with: ucci match ... -resume %s\n", age, run)
	case s.State == broker.StateInterrupted:
		note = fmt.Sprintf("  go on with: ucci match ... -resume %s\n", run)
	case s.State == broker.StateFailed:
		note = "  error: " + brokerText(s.Error) + "\n"
	}
	fmt.Fprintf(w, "run %s: %s, updated %s ago (started %s)\n", run, state, age, s.Started.UTC().Format("2006-01-02 15:04:05 MST"))
	if len(s.Engines) >= 2 {
		engines := brokerTexts(s.Engines[:min(len(s.Engines), maxListed+1)])
		if more := len(s.Engines) - len(engines); more > 0 {
			engines = append(engines, fmt.Sprintf("%d more", more))
		}
		fmt.Fprintf(w, "  %d/%d games of %s against %s\n", s.Games, s.Planned, engines[0], strings.Join(engines[1:], ", "))
		fmt.Fprintf(w, "  %s\n", s.Record.Summary())
	} else {
		fmt.Fprintln(w, "  no game counted yet")
	}
	if t := s.SPRT; t != nil {
		verdict := ""
		if t.Decision != "" {
			verdict = ", " + brokerText(t.Decision) + " accepted"
		}
		fmt.Fprintf(w, "  SPRT elo0 %g elo1 %g: LLR %.2f [%.2f, %.2f]%s\n", t.Test.Elo0, t.Test.Elo1, t.LLR, t.Lower, t.Upper, verdict)
	}
	if s.State == broker.StateRunning {
		fmt.Fprintf(w, "  %d workers (%d slots, %d playing), %.1f games/min\n", s.Workers, s.Slots, s.Busy, s.GamesPerMinute)
	}
	fmt.Fprint(w, note)
}
