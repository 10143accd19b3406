package match

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// ResumedGame is a game of an interrupted event read back from its PGN.
type ResumedGame struct {
	Red, Black  string // the engines' names
	Termination Termination
	StartFEN    string
	Moves       []engine.Move
}

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

// ReadResume reads the games of an event's PGN (as the runner writes it,
// with [Stage], [Round] and [Board]) for EventOptions.Resume. Games
// without a result or without those tags, and unreadable games, are
// skipped.
func ReadResume(r io.Reader, name string) (map[string]ResumedGame, error) {
	out := map[string]ResumedGame{}
	rd := pgn.NewReader(r, name)
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		var ge *pgn.GameError
		switch {
		case errors.As(err, &ge):
			continue
		case err != nil:
			return out, err
		}
		key := eventKey(g)
		v := Termination{Reason: parseReason(g.Tag("Termination")), Detail: g.Tag("TerminationDetail")}
		switch g.Result {
		case "1-0":
			v.Outcome = engine.RedWins
		case "0-1":
			v.Outcome = engine.BlackWins
		case "1/2-1/2":
			v.Outcome = engine.Draw
		}
		if key == "" || !v.Over() {
			continue
		}
		out[key] = ResumedGame{Red: g.Tag("Red"), Black: g.Tag("Black"), Termination: v,
			StartFEN: g.StartFEN(), Moves: g.Moves}
	}
}

// parseReason reads a [Termination] word: a referee's or a runner's reason
// (engine.ReasonNone for an unknown one).
func parseReason(word string) Reason {
	for r := engine.ReasonNone; r.String() != "unknown"; r++ {
		if r.String() == word {
			return RulesReason(r)
		}
	}
	for r := IllegalMove; r.String() != "unknown"; r++ {
		if r.String() == word {
			return r
		}
	}
	return RulesReason(engine.ReasonNone)
}

// gameResult turns the resumed game into the result of fixture f (engine
// indices from the fixture, whose names must match).
func (rg ResumedGame) gameResult(f fixture, names []string) (GameResult, error) {
	if rg.Red != names[f.red] || rg.Black != names[f.black] {
		return GameResult{}, fmt.Errorf("resume: %s round %s board %s is %s-%s in the PGN, %s-%s in this event (not the same event, or other engines or seed)",
			f.stage, f.roundTag(), strconv.Itoa(f.board), rg.Red, rg.Black, names[f.red], names[f.black])
	}
	return GameResult{Red: f.red, Black: f.black, Opening: f.opening, Termination: rg.Termination,
		StartFEN: rg.StartFEN, Moves: rg.Moves}, nil
}
