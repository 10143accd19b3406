package match

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match/event"
	"github.com/goxq/ucci/pgn"
)

// ResumeError is an event's PGN that cannot resume the event: not PGN,
// not the record of an event, a game cut short, or a game our referee
// contradicts. A resume stops at the first one.
type ResumeError struct {
	File string
	// Game is the game's number in the file, from 1; 0 for the file as a
	// whole.
	Game   int
	Reason string
}

// Error returns "resume: FILE: game N: REASON".
func (e *ResumeError) Error() string {
	if e.Game == 0 {
		return fmt.Sprintf("resume: %s: %s", e.File, e.Reason)
	}
	return fmt.Sprintf("resume: %s: game %d: %s", e.File, e.Game, e.Reason)
}

// Resume is the record of an interrupted event, read back from its PGN by
// ReadResume for EventOptions.Resume: its games are taken as played when
// the event reaches their places, once the referee has replayed them.
type Resume struct {
	file  string
	games []resumedGame  // in file order
	byKey map[string]int // the game's place (fixture.key) → index in games
}

// resumedGame is one game of the record.
type resumedGame struct {
	number int // in the file, from 1
	game   *pgn.Game
	term   engine.Termination
}

// Len returns the number of games of the record.
func (r *Resume) Len() int { return len(r.games) }

// eventKey returns the key of a game in an event PGN, from its [Stage],
// [Round], [Match] and [Board] tags ("" for a game of no event).
func eventKey(g *pgn.Game) string {
	stage, round, board := g.Tag("Stage"), g.Tag("Round"), g.Tag("Board")
	if stage == "" || round == "" || board == "" {
		return ""
	}
	m := g.Tag("Match")
	if m == "" {
		m = "0"
	}
	return stage + "|" + round + "|" + m + "|" + board
}

// place describes the place of a game of the record: "swiss round 3 board
// 2 (a - b)"; "the game" for one without a place.
func place(g *pgn.Game) string {
	if eventKey(g) == "" {
		return "the game"
	}
	s := g.Tag("Stage") + " round " + g.Tag("Round")
	if m := g.Tag("Match"); m != "" {
		s += " match " + m
	}
	return s + " board " + g.Tag("Board") + " (" + g.Tag("Red") + " - " + g.Tag("Black") + ")"
}

// ReadResume reads the PGN of an event as the runner writes it (name
// labels the errors). Every game must be readable with legal moves (from
// its [FEN]), carry its place ([Stage], [Round], [Board], [Match] in team
// events), a result in its [Result] tag that its movetext ends with, a
// [Termination] the runner writes and as many plies as its [PlyCount];
// no two games may hold one place. Text with no game in it is not PGN.
// The error is a *ResumeError naming the first game that fails, or an
// error reading r. An empty r is the record of an event not yet begun.
// The games are checked against the event itself, and replayed through
// the referee, when it runs (Run, CheckResume).
func ReadResume(r io.Reader, name string) (*Resume, error) {
	text := &textSeen{r: r}
	rd := pgn.NewReader(text, name)
	res := &Resume{file: name, byKey: map[string]int{}}
	for n := 1; ; n++ {
		g, err := rd.Next()
		var ge *pgn.GameError
		switch {
		case errors.Is(err, io.EOF):
			if len(res.games) == 0 && text.seen {
				return nil, &ResumeError{File: name, Reason: "not PGN: there is no game in it"}
			}
			return res, nil
		case errors.As(err, &ge):
			return nil, &ResumeError{File: name, Game: ge.Game, Reason: gameErrorReason(ge)}
		case err != nil:
			return nil, err
		}
		t, reason := recordedEnding(g)
		if reason != "" {
			return nil, &ResumeError{File: name, Game: n, Reason: reason}
		}
		key := eventKey(g)
		if i, dup := res.byKey[key]; dup {
			return nil, &ResumeError{File: name, Game: n, Reason: fmt.Sprintf("%s is the place of game %d too", place(g), res.games[i].number)}
		}
		res.byKey[key] = len(res.games)
		res.games = append(res.games, resumedGame{number: n, game: g, term: t})
	}
}

// gameErrorReason explains a game the PGN reader refused.
func gameErrorReason(e *pgn.GameError) string {
	if e.Move == "" {
		return fmt.Sprintf("line %d: %q: %v", e.Line, e.Token, e.Err)
	}
	return fmt.Sprintf("line %d: move %s %q: %v", e.Line, e.Move, e.Token, e.Err)
}

// recordedEnding reads how an event game ended from its tags and checks
// that the record is whole; the reason is "" for a sound record.
func recordedEnding(g *pgn.Game) (engine.Termination, string) {
	var t engine.Termination
	if g.Marker == "" {
		return t, fmt.Sprintf("%s is cut short: its movetext does not end with a result (truncated; remove it to play the game again)", place(g))
	}
	if eventKey(g) == "" {
		return t, "not a game of an event (no [Stage], [Round] and [Board] tags)"
	}
	switch g.Result {
	case "1-0":
		t.Outcome = engine.RedWins
	case "0-1":
		t.Outcome = engine.BlackWins
	case "1/2-1/2":
		t.Outcome = engine.Draw
	default:
		return t, fmt.Sprintf("%s has no result (%s): the runner records finished games only", place(g), g.Result)
	}
	if g.Marker != g.Result {
		return t, fmt.Sprintf("%s: [Result %q] but the movetext ends with %s", place(g), g.Result, g.Marker)
	}
	word := g.Tag("Termination")
	r, ok := parseReason(word)
	if !ok {
		return t, fmt.Sprintf("%s: [Termination %q] is no ending the runner records", place(g), word)
	}
	t.Reason, t.Detail = r, g.Tag("TerminationDetail")
	if n := g.Tag("PlyCount"); n != "" && n != strconv.Itoa(len(g.Moves)) {
		return t, fmt.Sprintf("%s: [PlyCount %q] but the movetext has %d plies", place(g), n, len(g.Moves))
	}
	return t, ""
}

// parseReason reads a [Termination] word: an ending of the referee or of
// the runner; false for any other word ("ongoing" included).
func parseReason(word string) (engine.Reason, bool) {
	for r := engine.ReasonNone + 1; r.String() != "unknown"; r++ {
		if r.String() == word {
			return r, true
		}
	}
	return 0, false
}

// textSeen passes r through and notes whether any byte other than ASCII
// white space went by.
type textSeen struct {
	r    io.Reader
	seen bool
}

func (t *textSeen) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for _, c := range p[:n] {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			t.seen = true
			break
		}
	}
	return n, err
}

// take returns the game of the record at the place of fixture f (names:
// the engines' names as the PGN writes them in [Red] and [Black]),
// replayed through the referee from the fixture's opening under cfg's
// rules, with its index in the record; false when the record has no game
// there.
func (r *Resume) take(cfg *Config, f event.Fixture, names [2][]string) (GameResult, int, bool, error) {
	i, ok := r.byKey[f.Key()]
	if !ok {
		return GameResult{}, 0, false, nil
	}
	rg := r.games[i]
	fail := func(format string, a ...any) (GameResult, int, bool, error) {
		return GameResult{}, 0, false, &ResumeError{File: r.file, Game: rg.number, Reason: place(rg.game) + ": " + fmt.Sprintf(format, a...)}
	}
	if rg.game.Tag("Red") != names[0][f.Red] || rg.game.Tag("Black") != names[1][f.Black] {
		return fail("this event has %s - %s there (not the same event, or other engines or seed)", names[0][f.Red], names[1][f.Black])
	}
	g := GameResult{Red: f.Red, Black: f.Black, Opening: f.Opening, Termination: rg.term,
		StartFEN: rg.game.StartFEN(), Moves: rg.game.Moves}
	if side, a := absenceOf(rg.term); a != present {
		g.absent[side] = a
	}
	if _, err := Rejudge(cfg, g, false); err != nil {
		return fail("%v", err)
	}
	return g, i, true, nil
}

// unplaced returns a *ResumeError for the first game of the record (in
// file order) that is not placed, nil when every game is; next, when not
// empty, names the games the event plays next.
func (r *Resume) unplaced(placed map[int]bool, next string) error {
	for i, rg := range r.games {
		if placed[i] {
			continue
		}
		reason := place(rg.game) + ": this event has no such game"
		if next != "" {
			reason += " (its next game to play is " + next + ")"
		}
		return &ResumeError{File: r.file, Game: rg.number, Reason: reason}
	}
	return nil
}
