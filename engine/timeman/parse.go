package timeman

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/goxq/ucci/internal/quote"
)

// Limits on what Parse accepts, so that sums of clock times cannot overflow.
const (
	// MaxSeconds is the largest base, increment or cap Parse accepts, in
	// seconds (about 11.5 days).
	MaxSeconds = 1_000_000
	// MaxPeriodMoves is the largest move count of one period.
	MaxPeriodMoves = 1000
	// MaxPeriods is the largest number of periods in one schedule.
	MaxPeriods = 16
)

// Parse reads a time control. The syntax, shared by the engine's
// timecontrol option and the match runner's -tc flag, is
//
//	CONTROL  = NAME | SCHEDULE [ "," SCHEDULE ]     red, then black if different
//	SCHEDULE = PERIOD { ":" PERIOD } [ "@" CAP ] | "@" CAP | NAME
//	PERIOD   = [ MOVES "/" ] SECONDS [ "+" INCREMENT ]
//
// SECONDS, INCREMENT and CAP are decimal seconds ("10", "0.1", at most nine
// decimals); MOVES is a positive integer. The last period repeats. A period
// without MOVES is sudden death and must be the last. CAP is the longest any
// single move may take; "@150" alone is a per-move limit with no game clock.
// Examples: "10+0.1", "1500", "30/300", "40/5400:10/900", "1500,1800".
//
// NAME is one of the controls of TIMECONTROLS.md, case-insensitive (see
// Names): CXA-6.1 … CXA-6.4, NAT-15, NAT-25, NAT-30, NAT-45, LEAGUE-SLOW,
// LEAGUE-FAST, MOVE-150, SWISS-25/30. CXA-6.5 (a whole-game allowance the
// rules leave to the organiser) needs its length: "CXA-6.5=900".
//
// Surrounding white space is ignored. Parse never panics; errors name the
// offending part.
func Parse(s string) (Control, error) {
	text := strings.TrimSpace(s)
	if text == "" {
		return Control{}, errors.New("timeman: empty time control")
	}
	if c, ok, err := lookupName(text); ok || err != nil {
		if err != nil {
			return Control{}, fmt.Errorf("timeman: time control %s: %w", quote.Input(s), err)
		}
		return c, nil
	}
	redText, blackText, asym := strings.Cut(text, ",")
	red, err := parseSide(redText)
	if err != nil {
		return Control{}, fmt.Errorf("timeman: time control %s: %w", quote.Input(s), err)
	}
	if !asym {
		return Control{Red: red, Black: red}, nil
	}
	black, err := parseSide(blackText)
	if err != nil {
		return Control{}, fmt.Errorf("timeman: time control %s: black: %w", quote.Input(s), err)
	}
	return Control{Red: red, Black: black}, nil
}

// ParseSeconds reads a non-negative decimal number of seconds ("150",
// "0.25") as a Duration, with the same rules as the numbers of Parse. It
// serves settings such as the engine's movecap option.
func ParseSeconds(s string) (time.Duration, error) {
	d, err := parseSeconds(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("timeman: seconds %s: %w", quote.Input(s), err)
	}
	return d, nil
}

// parseSide reads one SCHEDULE (or the name of a symmetric control).
func parseSide(text string) (Schedule, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Schedule{}, errors.New("empty schedule")
	}
	if c, ok, err := lookupName(text); ok || err != nil {
		if err != nil {
			return Schedule{}, err
		}
		if !c.Symmetric() {
			return Schedule{}, fmt.Errorf("%s is asymmetric and cannot be one side", text)
		}
		return c.Red, nil
	}
	var sch Schedule
	periods, capText, hasCap := strings.Cut(text, "@")
	if hasCap {
		d, err := parseSeconds(capText)
		if err != nil {
			return Schedule{}, fmt.Errorf("move cap %s: %w", quote.Input(capText), err)
		}
		if d == 0 {
			return Schedule{}, errors.New("move cap must be positive")
		}
		sch.MoveCap = d
		if periods == "" {
			return sch, nil
		}
	}
	parts := strings.Split(periods, ":")
	if len(parts) > MaxPeriods {
		return Schedule{}, fmt.Errorf("more than %d periods", MaxPeriods)
	}
	sch.Periods = make([]Period, len(parts))
	for i, part := range parts {
		p, err := parsePeriod(part)
		if err != nil {
			return Schedule{}, fmt.Errorf("period %d %s: %w", i+1, quote.Input(part), err)
		}
		if p.Moves == 0 && i < len(parts)-1 {
			return Schedule{}, fmt.Errorf("period %d %s: only the last period may be sudden death (no MOVES/)", i+1, quote.Input(part))
		}
		sch.Periods[i] = p
	}
	if sch.Periods[0].Base == 0 {
		return Schedule{}, errors.New("the first period needs a positive base time")
	}
	return sch, nil
}

// parsePeriod reads [MOVES/]SECONDS[+INCREMENT].
func parsePeriod(text string) (Period, error) {
	var p Period
	if movesText, rest, ok := strings.Cut(text, "/"); ok {
		n, err := parseMoves(movesText)
		if err != nil {
			return Period{}, err
		}
		p.Moves = n
		text = rest
	}
	baseText, incText, hasInc := strings.Cut(text, "+")
	base, err := parseSeconds(baseText)
	if err != nil {
		return Period{}, fmt.Errorf("base %s: %w", quote.Input(baseText), err)
	}
	p.Base = base
	if hasInc {
		inc, err := parseSeconds(incText)
		if err != nil {
			return Period{}, fmt.Errorf("increment %s: %w", quote.Input(incText), err)
		}
		p.Inc = inc
	}
	return p, nil
}

// parseMoves reads the MOVES of a period: 1 … MaxPeriodMoves.
func parseMoves(text string) (int, error) {
	if text == "" {
		return 0, errors.New("missing move count before \"/\"")
	}
	n := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("move count %s is not a whole number", quote.Input(text))
		}
		n = n*10 + int(c-'0')
		if n > MaxPeriodMoves {
			return 0, fmt.Errorf("move count %s is above %d", quote.Input(text), MaxPeriodMoves)
		}
	}
	if n == 0 {
		return 0, errors.New("move count must be positive")
	}
	return n, nil
}

// parseSeconds reads DIGITS[.DIGITS] seconds exactly (no floating point), at
// most nine decimals and at most MaxSeconds.
func parseSeconds(text string) (time.Duration, error) {
	if text == "" {
		return 0, errors.New("missing number of seconds")
	}
	intPart, frac, hasDot := strings.Cut(text, ".")
	if intPart == "" || (hasDot && frac == "") {
		return 0, errors.New("not a decimal number of seconds")
	}
	if len(frac) > 9 {
		return 0, errors.New("more than nine decimals")
	}
	var secs int64
	for i := 0; i < len(intPart); i++ {
		c := intPart[i]
		if c < '0' || c > '9' {
			return 0, errors.New("not a decimal number of seconds")
		}
		secs = secs*10 + int64(c-'0')
		if secs > MaxSeconds {
			return 0, fmt.Errorf("more than %d seconds", MaxSeconds)
		}
	}
	var nanos int64
	for i := 0; i < 9; i++ {
		nanos *= 10
		if i < len(frac) {
			c := frac[i]
			if c < '0' || c > '9' {
				return 0, errors.New("not a decimal number of seconds")
			}
			nanos += int64(c - '0')
		}
	}
	if secs == MaxSeconds && nanos > 0 {
		return 0, fmt.Errorf("more than %d seconds", MaxSeconds)
	}
	return time.Duration(secs)*time.Second + time.Duration(nanos), nil
}

// formatSeconds writes d as exact decimal seconds without trailing zeros:
// 100ms gives "0.1", 90s gives "90".
func formatSeconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	secs := int64(d / time.Second)
	nanos := int64(d % time.Second)
	s := fmt.Sprintf("%d", secs)
	if nanos == 0 {
		return s
	}
	f := []byte(fmt.Sprintf("%09d", nanos))
	for f[len(f)-1] == '0' {
		f = f[:len(f)-1]
	}
	return s + "." + string(f)
}
