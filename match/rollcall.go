package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engineproc"
)

// Absentee is an engine of an event that did not start before the first
// round (20.2): the event was drawn among the others.
type Absentee struct {
	Name string
	// Cause is the last failed handshake's error, or, on a resume, that
	// the record says so.
	Cause string
}

// startAbsences are the engines of an individual event that did not
// start before its first round. 20.2: a player who withdraws before the
// start is out of the event, which is drawn again among the others (a
// round robin renumbered by lot, a Swiss or a knockout paired without
// it); it has no result and no place in the table. A team event keeps
// every engine (a team's boards are fixed by its line-up), so its absent
// engines forfeit their games (21.4) instead.
type startAbsences struct {
	// known is false for a record written before events recorded their
	// absences (no [EventAbsentAtStart] tag), and for team events.
	known   bool
	engines []int    // indices in Config.Engines, ascending
	causes  []string // by engine, as engines
}

// absentAtStartTag is the PGN tag of an event's absences at the start:
// the numbers of the engines (1 for the first -engine), comma-separated,
// or "none".
const absentAtStartTag = "EventAbsentAtStart"

// setting returns the event setting that records the absences, and false
// when they are not known.
func (a startAbsences) setting() (eventSetting, bool) {
	if !a.known {
		return eventSetting{}, false
	}
	value := "none"
	if len(a.engines) > 0 {
		nums := make([]string, len(a.engines))
		for i, e := range a.engines {
			nums[i] = strconv.Itoa(e + 1)
		}
		value = strings.Join(nums, ",")
	}
	return eventSetting{absentAtStartTag, "(the engines that did not start before round 1)", value}, true
}

// absentees returns the absences by name.
func (a startAbsences) absentees(names []string) []Absentee {
	var out []Absentee
	for i, e := range a.engines {
		out = append(out, Absentee{Name: names[e], Cause: a.causes[i]})
	}
	return out
}

// absentAtStart finds the engines of the event of cfg that do not start
// before its first round: read from the record of a resumed event (the
// roll call is not made again, so that the event is the one recorded),
// else by a roll call. Team events make none.
func absentAtStart(ctx context.Context, cfg *Config, onStart func(int)) (startAbsences, error) {
	if len(cfg.EventOptions.Teams) > 0 {
		return startAbsences{}, nil
	}
	if r := cfg.EventOptions.Resume; r != nil && r.Len() > 0 {
		return r.absentAtStart(len(cfg.Engines))
	}
	return rollCall(ctx, cfg, onStart)
}

// rollCall starts every engine once, one after the other, and quits it:
// an engine whose handshake fails maxHandshakeFailures times in a row (the
// runner's rule for withdrawing an engine in play) is absent. An engine
// that cannot be run at all stops the event, as it stops a match.
func rollCall(ctx context.Context, cfg *Config, onStart func(int)) (startAbsences, error) {
	a := startAbsences{known: true}
	opts := engineproc.SessionOptions{Timeout: cfg.HandshakeTimeout, QuitWait: cfg.QuitTimeout, Log: engineproc.NewTrafficLog(cfg.Log), Tag: "roll call"}
	for e := range cfg.Engines {
		var failure error
		for range maxHandshakeFailures {
			s, err := openSession(ctx, &cfg.Engines[e], cfg.Engines[e].Proto, opts)
			if ctx.Err() != nil {
				if s != nil {
					s.Close()
				}
				return a, errCancelled
			}
			var se *engineproc.StartError
			if errors.As(err, &se) {
				return a, err
			}
			if failure = err; err == nil {
				if onStart != nil {
					onStart(s.Pid())
				}
				s.Close()
				break
			}
		}
		if failure != nil {
			a.engines = append(a.engines, e)
			a.causes = append(a.causes, fmt.Sprintf("%d failed handshakes in a row before round 1: %v", maxHandshakeFailures, failure))
		}
	}
	return a, nil
}

// absentAtStart reads the absences at the start from the record's first
// game (n engines in the event).
func (r *Resume) absentAtStart(n int) (startAbsences, error) {
	rg := r.games[0]
	value := rg.game.Tag(absentAtStartTag)
	a := startAbsences{known: value != ""}
	if value == "" || value == "none" {
		return a, nil
	}
	for _, field := range strings.Split(value, ",") {
		num, err := strconv.Atoi(field)
		if err != nil || num < 1 || num > n || len(a.engines) > 0 && num-1 <= a.engines[len(a.engines)-1] {
			return a, &ResumeError{File: r.file, Game: rg.number, Reason: fmt.Sprintf("[%s %q] is not a rising list of engine numbers from 1 to %d", absentAtStartTag, value, n)}
		}
		a.engines = append(a.engines, num-1)
		a.causes = append(a.causes, "did not start before round 1 (as the record says)")
	}
	return a, nil
}

// without returns the configuration of the engines present at the start
// and their names: each keeps the name it goes by among all the engines
// (names), so that the tables and the PGN name it as before.
func (c Config) without(absent []int, names []string) (Config, []string) {
	var engines []engineproc.EngineSpec
	var kept []string
	for e, spec := range c.Engines {
		if slices.Contains(absent, e) {
			continue
		}
		spec.Name = names[e]
		engines = append(engines, spec)
		kept = append(kept, names[e])
	}
	c.Engines = engines
	return c, kept
}
