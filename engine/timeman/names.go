package timeman

import (
	"errors"
	"strings"
)

// namedControl is a time control of TIMECONTROLS.md §2 under its id.
type namedControl struct {
	name string // id, upper case
	red  string // Red's schedule in Parse syntax
	blk  string // Black's schedule; "" = same as red
	note string // one line for help texts
}

// namedControls lists the ids Parse accepts. Left out: CXA-6.5 without a
// length (the rules fix none; see wholeGame) and TPL-60, whose source
// describes international chess and whose "60 min per round" does not say
// per side.
var namedControls = []namedControl{
	{"CXA-6.1", "40/5400:10/900", "", "90 min / 40 moves, then 15 min / 10 moves, repeating"},
	{"CXA-6.2", "30/3600:10/600", "", "60 min / 30 moves, then 10 min / 10 moves, repeating"},
	{"CXA-6.3", "40/600:30/300", "", "10 min / 40 moves, then 5 min / 30 moves, repeating"},
	{"CXA-6.4", "30/300", "", "5 min / 30 moves, repeating"},
	{"NAT-15", "900", "", "15 min sudden death"},
	{"NAT-25", "1500", "", "25 min sudden death"},
	{"NAT-30", "1800", "", "30 min sudden death"},
	// "45 minutes per game" read as per side; 1350 would be the other reading.
	{"NAT-45", "2700", "", "45 min sudden death (per side)"},
	{"LEAGUE-SLOW", "1800+10", "", "30 min + 10 s a move (xqbase league, no pondering)"},
	{"LEAGUE-FAST", "600+3", "", "10 min + 3 s a move (xqbase league, no pondering)"},
	{"MOVE-150", "@150", "", "no game clock, at most 150 s a move"},
	{"SWISS-25/30", "1500", "1800", "red 25 min, black 30 min sudden death"},
}

// wholeGame is CXA-6.5, accepted only as "CXA-6.5=SECONDS".
const wholeGame = "CXA-6.5"

// Named is a time control Parse accepts by name.
type Named struct {
	ID   string // as Parse takes it; CXA-6.5 with its required "=SECONDS"
	Note string // a short description
}

// NamedControls returns the named controls Parse accepts, in the order of
// TIMECONTROLS.md.
func NamedControls() []Named {
	out := make([]Named, 0, len(namedControls)+1)
	for _, n := range namedControls {
		out = append(out, Named{ID: n.name, Note: n.note})
		if n.name == "CXA-6.4" {
			out = append(out, Named{ID: wholeGame + "=SECONDS", Note: "whole game, sudden death of the given length"})
		}
	}
	return out
}

// Names returns the ids Parse accepts, each with a short description, in
// the form "ID  description" (for help texts).
func Names() []string {
	var out []string
	for _, n := range NamedControls() {
		out = append(out, n.ID+"  "+n.Note)
	}
	return out
}

// lookupName resolves a named control. ok reports that text is a name (or
// the CXA-6.5 form); err is set when it is one but malformed.
func lookupName(text string) (c Control, ok bool, err error) {
	upper := strings.ToUpper(text)
	if rest, found := strings.CutPrefix(upper, wholeGame); found {
		secs, has := strings.CutPrefix(rest, "=")
		if !has {
			return Control{}, true, errors.New("CXA-6.5 (whole game) has no fixed length: write CXA-6.5=SECONDS, e.g. CXA-6.5=900")
		}
		d, err := parseSeconds(secs)
		if err != nil {
			return Control{}, true, err
		}
		if d == 0 {
			return Control{}, true, errors.New("CXA-6.5 needs a positive length")
		}
		s := Schedule{Periods: []Period{{Base: d}}}
		return Control{Red: s, Black: s}, true, nil
	}
	for _, n := range namedControls {
		if n.name != upper {
			continue
		}
		red, err := parseSide(n.red)
		if err != nil {
			return Control{}, true, err // cannot happen: the table is tested
		}
		black := red
		if n.blk != "" {
			if black, err = parseSide(n.blk); err != nil {
				return Control{}, true, err
			}
		}
		return Control{Red: red, Black: black}, true, nil
	}
	return Control{}, false, nil
}
